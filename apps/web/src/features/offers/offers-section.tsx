import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  canManageTeam,
  formatDate,
  formatEuro,
  formatKwh,
  formatKwp,
  formatNumber,
  type Language,
  type Offer,
} from '@solar/shared';
import { IconCube, IconFileTypePdf, IconSend, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadFile, useOffersQuery } from '../../api/offers';
import type { ProjectDetail } from '../../api/project-view';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useReturnFocus } from '../../lib/use-return-focus';
import { useCurrentUser } from '../auth/session';
import { MonthlyChart } from './monthly-chart';
import { SendOfferModal } from './send-offer-modal';
import { UploadOfferModal } from './upload-offer-modal';

function SendStateBadge({ offer, lang }: { offer: Offer; lang: Language }) {
  const { t } = useTranslation('offers');
  const testId = `offer-send-state-${offer.version}`;
  switch (offer.sendState) {
    case 'queued':
      return (
        <Badge color="yellow" variant="light" data-testid={testId} data-state="queued">
          {t('state.queued')}
        </Badge>
      );
    case 'sent':
      return (
        <Badge color="teal" variant="light" data-testid={testId} data-state="sent">
          {t('state.sent', { date: offer.sentAt ? formatDate(offer.sentAt, lang) : '' })}
        </Badge>
      );
    case 'failed':
      return (
        <Tooltip label={offer.sendError ?? ''} disabled={!offer.sendError} multiline maw={320}>
          <Badge color="red" variant="light" data-testid={testId} data-state="failed">
            {t('state.failed')}
          </Badge>
        </Tooltip>
      );
    default:
      return (
        <Badge color="gray" variant="light" data-testid={testId} data-state="none">
          {t('state.none')}
        </Badge>
      );
  }
}

/**
 * The offer's price as the PDF, the e-mail and the customer's view give it: with its cents unless it
 * is a whole number of euros (`23.456,78 €`, not `23.457 €`).
 */
export function offerPriceText(finalPrice: number, lang: Language): string {
  return formatEuro(finalPrice, lang, Number.isInteger(finalPrice) ? 0 : 2);
}

/** A label over its value; the value keeps to the bottom, in line with its row's when a label wraps. */
function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} justify="space-between">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function OfferCard({ offer, onSend }: { offer: Offer; onSend: () => void }) {
  const { t } = useTranslation('offers');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const [downloading, setDownloading] = useState<'pdf' | 'model' | null>(null);

  const download = async (kind: 'pdf' | 'model') => {
    const url = kind === 'pdf' ? offer.pdfUrl : offer.modelUrl;
    if (!url) return;
    setDownloading(kind);
    try {
      await downloadFile(url, `offer-v${offer.version}.${kind === 'pdf' ? 'pdf' : 'obj'}`);
    } catch (error) {
      notifyError(error, tApp);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card withBorder padding="md" data-testid={`offer-${offer.version}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h5" id={`offer-title-${offer.version}`}>
              {t('offer.version', { version: offer.version })}
            </Title>
            <Text size="sm" c="dimmed">
              {formatDate(offer.createdAt, lang)}
            </Text>
          </Group>
          <SendStateBadge offer={offer} lang={lang} />
        </Group>
        {offer.sendState === 'failed' && offer.sendError && (
          <Text
            size="sm"
            c="red"
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`offer-send-error-${offer.version}`}
          >
            {t('state.failedReason', { reason: offer.sendError })}
          </Text>
        )}
        {offer.sendState === 'sent' && offer.sentTo && (
          // An address without spaces wraps within the card, not cut off at its edge.
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('state.sentTo', { to: offer.sentTo })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Stat label={t('field.moduleQuantity')} value={formatNumber(offer.moduleQuantity, lang)} />
          <Stat label={t('field.productionCapacity')} value={formatKwp(offer.productionCapacity, lang)} />
          <Stat label={t('field.finalPrice')} value={offerPriceText(offer.finalPrice, lang)} />
          <Stat label={t('field.yearlyProduction')} value={formatKwh(offer.yearlyProduction, lang)} />
        </SimpleGrid>
        <MonthlyChart data={offer.monthlySolarData} lang={lang} testId={`offer-chart-${offer.version}`} />
        <Group gap="xs">
          {offer.pdfUrl && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={downloading === 'pdf'}
              onClick={() => void download('pdf')}
            >
              {t('offer.pdf')}
            </Button>
          )}
          {offer.modelUrl && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCube size={16} aria-hidden />}
              loading={downloading === 'model'}
              onClick={() => void download('model')}
            >
              {t('offer.model')}
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={onSend}
            disabled={offer.sendState === 'queued'}
            data-testid={`offer-send-${offer.version}`}
          >
            {t('offer.send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The project's offers (project view): list, upload, send to the customer. */
export function OffersSection({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('offers');
  const { t: tApp } = useTranslation();
  const { user, installerDetails } = useCurrentUser();
  const offers = useOffersQuery(project._id);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState<Offer | null>(null);
  // The two dialogs are mounted only while open: the focus goes back to the button that opened them.
  // An offer just sent is queued, and its send button disabled: the focus goes to its card's title.
  const sent = useRef<number | null>(null);
  useReturnFocus(uploading);
  useReturnFocus(sending !== null, () => {
    const title = sent.current === null ? null : document.getElementById(`offer-title-${sent.current}`);
    sent.current = null;
    if (title) title.tabIndex = -1;
    return title;
  });
  const previous = useRef<Map<string, Offer['sendState']>>(new Map());

  // The toast of SPEC when a queued send turns 'sent'.
  useEffect(() => {
    if (!offers.data) return;
    for (const offer of offers.data) {
      const before = previous.current.get(offer._id);
      if (before === 'queued' && offer.sendState === 'sent') notifySuccess(t('sent.toast'));
      if (before === 'queued' && offer.sendState === 'failed')
        notifications.show({
          color: 'red',
          withBorder: true,
          message: t('state.failedReason', { reason: offer.sendError ?? '' }),
          closeButtonProps: { 'aria-label': tApp('common.close') },
        });
      previous.current.set(offer._id, offer.sendState);
    }
  }, [offers.data, t, tApp]);

  let body: ReactNode;
  if (offers.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-live="polite">
        <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
        <Skeleton height={24} width="40%" />
        <Skeleton height={120} />
      </Stack>
    );
  } else if (offers.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="offers-error">
        <Stack gap="xs" align="flex-start">
          {errorMessage(offers.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void offers.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (offers.data.length === 0) {
    body = (
      <Text c="dimmed" data-testid="offers-empty">
        {t('empty')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        {offers.data.map((offer) => (
          <OfferCard key={offer._id} offer={offer} onSend={() => setSending(offer)} />
        ))}
      </Stack>
    );
  }

  return (
    <Paper component="section" p="lg" aria-labelledby="offers-title" data-testid="offers-section">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="offers-title">
              {t('title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('subtitle')}
            </Text>
          </div>
          <Group gap="xs">
            <Anchor component={Link} to="/templates" size="sm">
              {t('templates.link')}
            </Anchor>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => setUploading(true)}
              data-testid="offer-upload-open"
            >
              {t('upload.open')}
            </Button>
          </Group>
        </Group>
        {body}
      </Stack>
      {uploading && <UploadOfferModal projectId={project._id} opened onClose={() => setUploading(false)} />}
      {sending && (
        <SendOfferModal
          offer={sending}
          customerEmail={project.customer.email}
          company={installerDetails}
          // The company settings' rule: only the company admin edits the company (profile-page.tsx).
          canEditCompany={canManageTeam(user.role)}
          onSent={() => {
            sent.current = sending.version;
          }}
          onClose={() => setSending(null)}
        />
      )}
    </Paper>
  );
}
