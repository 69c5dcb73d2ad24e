import {
  Alert,
  Badge,
  Button,
  CheckIcon,
  type ComboboxItem,
  Group,
  Loader,
  Modal,
  Select,
  type SelectProps,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { formatDate, type InstallerPartner, type Offer } from '@solar/shared';
import { IconExternalLink, IconEye, IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import {
  fetchOfferPdf,
  useEmailTemplatesQuery,
  useSaveEmailTemplate,
  useSendOffer,
  useWordTemplatesQuery,
} from '../../api/offers';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { useFieldErrors } from '../../lib/use-form';
import { CompanyContactNotice } from './company-contact-notice';
import { hasOfferLink, OfferLinkNotice, withOfferLink } from './offer-link';

/**
 * The template chosen at first: the first in the language the user works in (the company's own
 * come before the built-in ones in the list), else the first, so a German e-mail does not go out
 * with an English PDF.
 */
export function preferredTemplate(
  list: readonly { _id: string; language: string }[] | undefined,
  lang: string,
): string | null {
  return (list?.find((t) => t.language === lang) ?? list?.[0])?._id ?? null;
}

/**
 * A template select's options and how the list draws them. The box shows the name with its language
 * only: with "built-in" beside it ('Correo de oferta estándar (ES) · Predeterminada') the text was cut
 * off at 375 px. The list, which wraps, marks the built-in ones; a name longer than the box ends in "…".
 */
function templateSelect(
  list: readonly { _id: string; name: string; language: string; isDefault: boolean }[] | undefined,
  builtIn: string,
): Pick<SelectProps, 'data' | 'renderOption' | 'styles'> {
  const defaults = new Set((list ?? []).filter((tpl) => tpl.isDefault).map((tpl) => tpl._id));
  const data: ComboboxItem[] = (list ?? []).map((tpl) => ({
    value: tpl._id,
    label: `${tpl.name} (${tpl.language.toUpperCase()})`,
  }));
  return {
    data,
    renderOption: ({ option, checked }) => (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <CheckIcon
          aria-hidden
          size={12}
          style={{ flex: 'none', marginTop: 5, visibility: checked ? 'visible' : 'hidden' }}
        />
        <Group gap={6} wrap="wrap">
          <span style={{ overflowWrap: 'anywhere' }}>{option.label}</span>
          {defaults.has(option.value) && (
            <Badge size="xs" variant="light" color="gray">
              {builtIn}
            </Badge>
          )}
        </Group>
      </Group>
    ),
    styles: { input: { textOverflow: 'ellipsis' } },
  };
}

/** "Send to customer": Word and e-mail template, recipient, PDF preview, send (202, queued). */
export function SendOfferModal({
  offer,
  customerEmail,
  company,
  canEditCompany = false,
  onSent,
  onClose,
}: {
  offer: Offer;
  customerEmail: string;
  /** The user's company: the offer names its phone and e-mail to the customer. */
  company?: Pick<InstallerPartner, 'phone' | 'email'> | null;
  /** The user may change the company's details (its admin): the note leads to them. */
  canEditCompany?: boolean;
  /** The offer was sent (queued); `onClose` follows. */
  onSent?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('offers');
  const { t: tApp } = useTranslation();
  const words = useWordTemplatesQuery();
  const emails = useEmailTemplatesQuery();
  const send = useSendOffer(offer.projectId);
  // Two submits before the button shows it is busy (a double click, Enter twice in the address) would
  // mail the customer twice.
  const flight = useSingleFlight();
  const [wordId, setWordId] = useState<string | null>(null);
  const [emailId, setEmailId] = useState<string | null>(null);
  const [to, setTo] = useState(customerEmail);
  const { errors, setErrors, clearError } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url: string | null; loading: boolean; error: string | null }>({
    url: null,
    loading: false,
    error: null,
  });

  const lang = currentLanguage();
  const wordChoice = wordId ?? preferredTemplate(words.data, lang);
  const emailChoice = emailId ?? preferredTemplate(emails.data, lang);
  const emailTemplate = emails.data?.find((tpl) => tpl._id === emailChoice);
  // The dialog does not edit the text: the button adds the link's line to the company's template itself.
  const saveTemplate = useSaveEmailTemplate();
  const addOfferLink = () => {
    if (!emailTemplate || emailTemplate.isDefault || saveTemplate.isPending) return;
    saveTemplate.mutate(
      { id: emailTemplate._id, body: { body: withOfferLink(emailTemplate.body, emailTemplate.language) } },
      {
        onSuccess: (saved) => notifySuccess(t('offerLink.added', { name: saved.name })),
        onError: (error) => notifyError(error, tApp),
      },
    );
  };

  useEffect(
    () => () => {
      if (preview.url) URL.revokeObjectURL(preview.url);
    },
    [preview.url],
  );

  const showPreview = async () => {
    if (!wordChoice) return;
    setPreview((p) => ({ ...p, loading: true, error: null }));
    try {
      const blob = await fetchOfferPdf({ offerId: offer._id, wordTemplateId: wordChoice });
      setPreview({ url: URL.createObjectURL(blob), loading: false, error: null });
    } catch (error) {
      setPreview({ url: null, loading: false, error: errorMessage(error, tApp) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!wordChoice || !emailChoice) return;
    flight((done) =>
      send.mutate(
        {
          offerId: offer._id,
          wordTemplateId: wordChoice,
          emailTemplateId: emailChoice,
          ...(to.trim() ? { to: to.trim() } : {}),
        },
        {
          onSettled: done,
          onSuccess: (data) => {
            notifySuccess(data.message);
            onSent?.();
            onClose();
          },
          onError: (error) => {
            setErrors(isApiError(error) ? error.errors : {});
            setFormError(errorMessage(error, tApp));
          },
        },
      ),
    );
  };

  const loadError = words.error ?? emails.error;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('send.title', { version: offer.version })}
      size="xl"
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="offer-send-form">
        <Stack gap="md">
          {loadError && (
            <Alert color="red" variant="light" role="alert">
              <Stack gap="xs" align="flex-start">
                {errorMessage(loadError, tApp)}
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => {
                    void words.refetch();
                    void emails.refetch();
                  }}
                >
                  {tApp('common.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {/* Sent or on its way already: sending again mails the customer a second time. */}
          {(offer.sendState === 'sent' || offer.sendState === 'queued') && (
            <Alert color="yellow" variant="light" data-testid="send-again-note">
              {offer.sendState === 'sent'
                ? t('send.sentBefore', {
                    to: offer.sentTo ?? '–',
                    date: offer.sentAt ? formatDate(offer.sentAt, lang) : '–',
                  })
                : t('send.queuedBefore')}
            </Alert>
          )}
          <Select
            label={t('send.wordTemplate')}
            {...templateSelect(words.data, t('templates.builtIn'))}
            value={wordChoice}
            onChange={(id) => {
              setWordId(id);
              clearError('wordTemplateId');
            }}
            allowDeselect={false}
            disabled={words.isPending}
            rightSection={words.isPending ? <Loader size="xs" /> : undefined}
            error={errors.wordTemplateId}
            data-testid="send-word-template"
          />
          <Select
            label={t('send.emailTemplate')}
            {...templateSelect(emails.data, t('templates.builtIn'))}
            value={emailChoice}
            onChange={(id) => {
              setEmailId(id);
              clearError('emailTemplateId');
            }}
            allowDeselect={false}
            disabled={emails.isPending}
            rightSection={emails.isPending ? <Loader size="xs" /> : undefined}
            error={errors.emailTemplateId}
            data-testid="send-email-template"
          />
          {/* Sending is not held up: an offer without the link is still an offer (the PDF is attached). */}
          {emailTemplate && !hasOfferLink(emailTemplate.body) && (
            <OfferLinkNotice
              addLabel={t('offerLink.addToTemplate')}
              onAdd={emailTemplate.isDefault ? undefined : addOfferLink}
              busy={saveTemplate.isPending}
            />
          )}
          {/* Nor does a company without phone or e-mail: the offer then shows blanks where they go. */}
          <CompanyContactNotice company={company} canEdit={canEditCompany} />
          <TextInput
            label={t('send.to')}
            type="email"
            value={to}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              clearError('to');
            }}
            error={errors.to}
            data-testid="send-to"
          />
          <Group justify="space-between">
            <Button
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
              onClick={() => void showPreview()}
              loading={preview.loading}
              disabled={!wordChoice}
              data-testid="send-preview"
            >
              {t('send.preview')}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {tApp('common.cancel')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={send.isPending}
                disabled={!wordChoice || !emailChoice}
                data-testid="send-submit"
              >
                {offer.sendState === 'sent' || offer.sendState === 'queued'
                  ? t('send.resubmit')
                  : t('send.submit')}
              </Button>
            </Group>
          </Group>
          {preview.loading && (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('send.converting')}
              </Text>
            </Group>
          )}
          {preview.error && (
            <Alert color="red" variant="light" role="alert">
              {preview.error}
            </Alert>
          )}
          {preview.url && !preview.loading && (
            <>
              {/* Phone browsers show no PDF inside a page (Android) or only its first page (iOS): the
                  whole PDF opens in the phone's own viewer, above the frame. */}
              <Button
                component="a"
                href={preview.url}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconExternalLink size={16} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
                data-testid="send-preview-open"
              >
                {t('send.openPreview')}
              </Button>
              <iframe
                src={preview.url}
                title={t('send.previewTitle')}
                style={{
                  width: '100%',
                  height: '60vh',
                  border: '1px solid var(--mantine-color-default-border)',
                }}
                data-testid="send-preview-frame"
              />
            </>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
