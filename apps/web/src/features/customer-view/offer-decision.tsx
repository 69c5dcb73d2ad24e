import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { formatDate } from '@solar/shared';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';
import { currentLanguage } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import type { CustomerView } from './customer-view-page';
import { DeclineOfferDialog } from './decline-offer-dialog';

interface OfferDecisionProps {
  token: string;
  data: CustomerView;
  offer: NonNullable<CustomerView['offer']>;
  /** The offer changed, or was accepted or declined meanwhile (a 409): load what holds now. */
  onStale: () => void;
  /** The preview is an ADMIN's or CITY_ADMIN's, who is no member of the company: the reason says so. */
  platformPreview?: boolean;
}

const PREVIEW_HINT_ID = 'customer-view-preview-hint';

/** In the preview, a disabled button's reason as its tooltip, on a wrapper (a disabled button takes no pointer events). */
function PreviewTooltip({ label, children }: { label: string | null; children: ReactNode }) {
  return (
    <Tooltip label={label} disabled={label === null} multiline maw={320}>
      <span>{children}</span>
    </Tooltip>
  );
}

/**
 * The customer's decision on the newest offer: the acceptance (typed name and consent) and, beside
 * it while the offer is open (OFFER_PROVIDED), the decline (asked first, with an optional reason);
 * afterwards the accepted or declined state (docs/offers.md). In the preview (`data.preview`: the owning
 * company's users, ADMIN and CITY_ADMIN) the form is shown but disabled, saying why: the decision is the
 * customer's, and the API refuses it too.
 */
export function OfferDecision({ token, data, offer, onStale, platformPreview = false }: OfferDecisionProps) {
  const { t } = useTranslation('customerView');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One decision per click: a double click on Decline sent it twice, and the second's refusal
  // ('You have already declined this offer') stood above the decline just made.
  const flight = useSingleFlight();
  const accept = useMutation({
    mutationFn: async (offerId: string) =>
      (
        await api.post<{ data: CustomerView }>(
          '/customer-view/accept',
          { token, offerId, fullName, consent },
          { skipRefresh: true },
        )
      ).data,
    onSuccess: (data) => queryClient.setQueryData(['customer-view', token], data),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) onStale();
      setErrors(isApiError(error) ? error.errors : {});
    },
  });

  const [declining, setDeclining] = useState(false);
  const decline = useMutation({
    mutationFn: async ({ offerId, reason }: { offerId: string; reason: string }) =>
      (
        await api.post<{ data: CustomerView }>(
          '/customer-view/decline',
          { token, offerId, ...(reason ? { reason } : {}) },
          { skipRefresh: true },
        )
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(['customer-view', token], data);
      setDeclining(false);
    },
    onError: (error) => {
      // The offer changed, was accepted or declined meanwhile: show what holds now, and say why.
      if (isApiError(error) && error.status === 409) {
        onStale();
        setDeclining(false);
      }
    },
  });
  const declineRefusal =
    decline.isError && isApiError(decline.error) && decline.error.status === 409
      ? decline.error.message
      : null;
  const declineFailure =
    decline.isError && !declineRefusal && !(isApiError(decline.error) && decline.error.errors.reason)
      ? errorMessage(decline.error, tApp)
      : null;

  // A refusal without field messages (an expired link, a server or connection failure) is said too,
  // or the button would seem to do nothing.
  const acceptFailure =
    accept.isError &&
    !(
      isApiError(accept.error) &&
      (accept.error.status === 409 || Object.keys(accept.error.errors).length > 0)
    )
      ? errorMessage(accept.error, tApp)
      : null;

  const preview = data.preview;
  // Why the form is disabled in the preview (null for the customer).
  const previewReason = preview
    ? platformPreview
      ? t('previewDisabledPlatform')
      : t('previewDisabled', { company: data.companyName })
    : null;
  const submit = (event: FormEvent, offerId: string) => {
    event.preventDefault();
    if (preview) return;
    const local: Record<string, string> = {};
    if (fullName.trim().length < 3) local.fullName = t('nameRequired');
    if (!consent) local.consent = t('consentRequired');
    setErrors(local);
    if (Object.keys(local).length === 0) flight((done) => accept.mutate(offerId, { onSettled: done }));
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={3} size="h4" mb="sm">
        {t('decisionTitle')}
      </Title>
      {declineRefusal && (
        <Alert color="yellow" mb="sm" data-testid="decline-refused">
          {declineRefusal}
        </Alert>
      )}
      {data.decline && data.decline.offerVersion === offer.version ? (
        <Alert color="red" icon={<IconCircleX aria-hidden />} data-testid="offer-declined">
          <Stack gap={4}>
            <Text size="sm">
              {t('declined', {
                version: data.decline.offerVersion,
                date: formatDate(data.decline.declinedAt, lang),
              })}
            </Text>
            {data.decline.reason && (
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="offer-declined-reason"
              >
                {t('declinedReason', { reason: data.decline.reason })}
              </Text>
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('declinedContact', { company: data.companyName })}
            </Text>
          </Stack>
        </Alert>
      ) : data.acceptance && data.acceptance.offerVersion === offer.version ? (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="offer-accepted"
        >
          {t('accepted', {
            name: data.acceptance.fullName,
            date: formatDate(data.acceptance.acceptedAt, lang),
            version: data.acceptance.offerVersion,
          })}
        </Alert>
      ) : (
        <form onSubmit={(e) => submit(e, offer._id)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('acceptText')}</Text>
            {accept.isError && isApiError(accept.error) && accept.error.status === 409 && (
              <Alert color="yellow">
                {accept.error.code === 'offer_outdated' ? t('outdated') : accept.error.message}
              </Alert>
            )}
            {acceptFailure && (
              <Alert color="red" role="alert" data-testid="accept-error">
                {acceptFailure}
              </Alert>
            )}
            <TextInput
              label={t('fullName')}
              value={fullName}
              onChange={(e) => setFullName(e.currentTarget.value)}
              error={errors.fullName}
              autoComplete="name"
              required
              disabled={preview}
            />
            <Checkbox
              label={t('consent', { company: data.companyName })}
              // The company's name as typed: one long word wraps beside the box.
              styles={{ labelWrapper: { minWidth: 0 }, label: { overflowWrap: 'anywhere' } }}
              checked={consent}
              onChange={(e) => setConsent(e.currentTarget.checked)}
              error={errors.consent}
              disabled={preview}
            />
            <Group>
              <PreviewTooltip label={previewReason}>
                <Button
                  type="submit"
                  loading={accept.isPending}
                  disabled={preview}
                  aria-describedby={preview ? PREVIEW_HINT_ID : undefined}
                  data-testid="accept-offer"
                >
                  {t('accept')}
                </Button>
              </PreviewTooltip>
              {data.stage === 'OFFER_PROVIDED' && (
                <PreviewTooltip label={previewReason}>
                  <Button
                    variant="outline"
                    color="red"
                    onClick={() => {
                      decline.reset();
                      setDeclining(true);
                    }}
                    disabled={preview || accept.isPending}
                    aria-describedby={preview ? PREVIEW_HINT_ID : undefined}
                    data-testid="decline-offer"
                  >
                    {t('decline')}
                  </Button>
                </PreviewTooltip>
              )}
            </Group>
            {preview && (
              <Text
                size="sm"
                c="dimmed"
                id={PREVIEW_HINT_ID}
                style={{ overflowWrap: 'anywhere' }}
                data-testid="customer-view-preview-hint"
              >
                {previewReason}
              </Text>
            )}
          </Stack>
        </form>
      )}
      {/* Outside the acceptance form: React passes a portal's submit up to the form around it, and
          confirming the decline must not submit the acceptance as well. */}
      <DeclineOfferDialog
        opened={declining}
        company={data.companyName}
        pending={decline.isPending}
        fieldError={decline.isError && isApiError(decline.error) ? decline.error.errors.reason : undefined}
        error={declineFailure}
        onConfirm={(reason) =>
          flight((done) => decline.mutate({ offerId: offer._id, reason }, { onSettled: done }))
        }
        onClose={() => setDeclining(false)}
      />
    </Paper>
  );
}
