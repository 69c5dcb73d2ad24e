import { Alert, Button, EmptyState, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isInstallerRole } from '@solar/shared';
import { IconArrowLeft, IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useProjectQuery } from '../../api/project-view';
import { errorMessage } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { useReadOnOpen } from '../notifications/api/notifications-api';
import { OffersSection } from '../offers/offers-section';
import { PlanningFilesCard } from '../plans/planning-files-card';
import { DetailSections } from './detail-sections';
import { ProjectHeader } from './project-header';
import { HistoryCard, StageCard } from './stage-card';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ProjectSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-live="polite" data-testid="project-loading">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      <Paper p="lg" aria-hidden>
        <Stack gap="sm">
          <Skeleton height={12} width={120} />
          <Skeleton height={28} width="45%" />
          <Skeleton height={16} width="60%" />
          <Skeleton height={36} width="70%" mt="sm" />
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Paper key={i} p="lg">
            <Stack gap="sm">
              <Skeleton height={16} width="40%" />
              <Skeleton height={12} />
              <Skeleton height={12} />
              <Skeleton height={12} width="70%" />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function NotFound({ description }: { description: string }) {
  const { t } = useTranslation('projectView');
  return (
    <Paper p="xl" data-testid="project-not-found">
      <EmptyState
        icon={<IconSearchOff size={28} />}
        variant="light"
        title={t('notFound.title')}
        description={description}
      >
        <Button component={Link} to="/listing" leftSection={<IconArrowLeft size={16} aria-hidden />} mt="sm">
          {t('notFound.back')}
        </Button>
      </EmptyState>
    </Paper>
  );
}

/** /projectview?projectId=…: one project of the caller's company (SPEC §2). */
export function ProjectViewPage() {
  const { t } = useTranslation('projectView');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('projectId');
  const projectId = raw && UUID.test(raw) ? raw : null;
  const allowed = isInstallerRole(user.role);
  const project = useProjectQuery(allowed ? projectId : null);
  // Opening the project reads its notifications (made responsible, an offer accepted or lost).
  useReadOnOpen(allowed && project.isSuccess && projectId ? { projectId } : null);
  const customer = project.data?.customer;
  const name = customer ? `${customer.firstName} ${customer.lastName}`.trim() : '';
  useDocumentTitle(`${name || t('title')} · ${tApp('app.name')}`);

  if (!allowed) return <NotFound description={t('notFound.roleHint')} />;
  if (!projectId) return <NotFound description={t('notFound.hint')} />;
  if (project.isPending) return <ProjectSkeleton />;
  if (project.isError) {
    if (isApiError(project.error) && project.error.status === 404) {
      return <NotFound description={t('notFound.hint')} />;
    }
    return (
      <Alert color="red" variant="light" role="alert" title={t('loadFailed')} data-testid="project-error">
        <Stack gap="sm" align="flex-start">
          {errorMessage(project.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void project.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const data = project.data;
  return (
    <Stack gap="lg" maw={1400} data-testid="project-view">
      <ProjectHeader key={data._id} project={data} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <StageCard key={`${data._id}-${data.projectStatus}`} project={data} />
        <HistoryCard project={data} />
        <PlanningFilesCard quoteId={data.quoteId} />
        <DetailSections project={data} />
      </SimpleGrid>
      <OffersSection project={data} />
    </Stack>
  );
}
