import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatNumber, isInstallerRole } from '@solar/shared';
import { IconCube3dSphere, IconDownload, IconFileOff, IconGauge } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import {
  type PlanningFileKind,
  planKeys,
  useDownloadPlanningFile,
  usePlanningFiles,
  useSubscription,
} from '../../api/plans';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { useCurrentUser } from '../auth/session';
import type { ObjSource } from '../viewer/obj-viewer';
import { PaywallModal } from './paywall-modal';
import { PricingModal } from './pricing-modal';
import { downloadCost, quotaSummary } from './quota-texts';

// three.js loads when a model is first opened (bundle budget: the 3D viewer only when opened).
const ObjViewer = lazy(async () => ({ default: (await import('../viewer/obj-viewer')).ObjViewer }));

const KINDS: readonly PlanningFileKind[] = ['obj', 'pvsol'];

/** The planning files (OBJ, PV Sol) of a project's quote: download within the plan, open OBJ in 3D. */
export function PlanningFilesCard({ quoteId }: { quoteId: string }) {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const files = usePlanningFiles(quoteId);
  // The plan and what is left, so the cost of a download shows before the click (installers only).
  const subscription = useSubscription(isInstallerRole(user.role) && user.installerPartner.length > 0);
  const download = useDownloadPlanningFile(quoteId);
  // One download per click: a double click saved the file twice (the button is busy a render late).
  const flight = useSingleFlight();
  const [pending, setPending] = useState<PlanningFileKind | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [paywall, setPaywall] = useState<{ message: string; code: string | undefined } | null>(null);
  const [pricingOpened, pricing] = useDisclosure(false);
  const [viewerUrl, setViewerUrl] = useState<{ url: string; name: string } | null>(null);
  const viewerSource = useMemo<ObjSource | null>(
    () => (viewerUrl ? { type: 'url', url: viewerUrl.url } : null),
    [viewerUrl],
  );

  const start = (kind: PlanningFileKind) =>
    flight((done) => {
      setNotice(null);
      setPending(kind);
      download.mutate(kind, {
        onSuccess: (data) => notifySuccess(t('files.saved', { name: data.name })),
        onError: (error) => {
          if (isApiError(error) && error.status === 402) {
            void queryClient.invalidateQueries({ queryKey: planKeys.subscription });
            setPaywall({ message: error.message, code: error.code });
          } else if (isApiError(error) && error.status === 404) {
            setNotice(errorMessage(error, tApp));
          } else {
            notifyError(error, tApp);
          }
        },
        onSettled: () => {
          setPending(null);
          done();
        },
      });
    });

  let body: React.ReactNode;
  if (files.isPending) {
    body = (
      <Stack gap="sm" aria-busy data-testid="planning-files-loading">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (files.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('files.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          {errorMessage(files.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void files.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (files.data.length === 0) {
    body = (
      <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="planning-files-empty">
        <IconFileOff size={20} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('files.empty')}
        </Text>
      </Group>
    );
  } else {
    body = (
      <Stack gap="sm">
        {KINDS.map((kind) => {
          const file = files.data.find((f) => f.kind === kind);
          return (
            <Paper
              key={kind}
              withBorder
              p="sm"
              radius="sm"
              data-testid={`planning-file-${kind}`}
              data-downloaded={file?.downloaded ? 'true' : 'false'}
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {t(`files.${kind}`)}
                    </Text>
                    {file ? (
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {file.name} ·{' '}
                        {t('files.size', { size: formatNumber(Math.max(file.size / 1024, 0.1), lang, 1) })}
                      </Text>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('files.notAvailable')}
                      </Text>
                    )}
                  </div>
                  {file && (
                    <Group gap="xs">
                      {kind === 'obj' && file.downloaded && file.url && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconCube3dSphere size={16} aria-hidden />}
                          onClick={() => setViewerUrl({ url: file.url ?? '', name: file.name })}
                          data-testid="open-viewer"
                        >
                          {t('files.openViewer')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant={file.downloaded ? 'light' : 'filled'}
                        leftSection={<IconDownload size={16} aria-hidden />}
                        loading={pending === kind}
                        disabled={pending !== null && pending !== kind}
                        onClick={() => start(kind)}
                        aria-label={`${file.downloaded ? t('files.downloadAgain') : t('files.download')}: ${t(`files.${kind}`)}`}
                        data-testid={`download-${kind}`}
                      >
                        {file.downloaded ? t('files.downloadAgain') : t('files.download')}
                      </Button>
                    </Group>
                  )}
                </Group>
                {file?.downloaded ? (
                  <Text size="xs" c="teal" data-testid={`downloaded-${kind}`}>
                    {t('files.downloaded')}
                  </Text>
                ) : (
                  file &&
                  subscription.data && (
                    <Text size="xs" c="dimmed" data-testid={`cost-${kind}`}>
                      {downloadCost(t, subscription.data, kind)}
                    </Text>
                  )
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <Paper p="lg" component="section" aria-labelledby="planning-files-title" data-testid="planning-files">
      <Stack gap="md">
        {/* The size of the project view's other card titles (project-view/section.tsx), beside which it sits. */}
        <Title order={2} size="h5" id="planning-files-title">
          {t('files.title')}
        </Title>
        {subscription.data && (
          <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="planning-files-quota">
            <IconGauge size={18} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{quotaSummary(t, subscription.data)}</Text>
          </Group>
        )}
        {notice && (
          <Alert
            color="yellow"
            variant="light"
            withCloseButton
            closeButtonLabel={tApp('common.close')}
            onClose={() => setNotice(null)}
            data-testid="planning-files-notice"
          >
            {notice}
          </Alert>
        )}
        {body}
      </Stack>
      <PaywallModal
        opened={paywall !== null}
        onClose={() => setPaywall(null)}
        message={paywall?.message ?? ''}
        code={paywall?.code}
        onShowPlans={() => {
          setPaywall(null);
          pricing.open();
        }}
      />
      <PricingModal opened={pricingOpened} onClose={pricing.close} />
      <Modal
        opened={viewerUrl !== null}
        onClose={() => setViewerUrl(null)}
        title={t('viewer.modalTitle', { name: viewerUrl?.name ?? '' })}
        size="xl"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        {viewerUrl && (
          <Suspense fallback={<Skeleton height="60vh" />}>
            <ObjViewer source={viewerSource} height="60vh" />
          </Suspense>
        )}
      </Modal>
    </Paper>
  );
}
