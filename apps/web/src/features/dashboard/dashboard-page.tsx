import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatEuro, formatNumber, isInstallerRole, STAGES } from '@solar/shared';
import { IconChartBar, IconList, IconMap, IconPlant2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DashboardStats, useDashboardStats } from '../../api/dashboard';
import { currentLanguage } from '../../i18n';
import { PageTitle } from '../../layout/page-title';
import { errorMessage } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { CompaniesSection } from './companies-section';
import classes from './dashboard.module.css';
import { MonthlyChart } from './monthly-chart';

const STAGE_COLORS = {
  ACQUISITION: 'gray',
  OFFER_PROVIDED: 'blue',
  INSTALLER_SIGNED: 'teal',
  PROJECT_REALIZED: 'green',
  OFFER_NOT_ACCEPTED: 'red',
} as const;

/** ADMIN and CITY_ADMIN have no company: explain the dashboard and point to the quote views. */
function NoCompanyCard() {
  const { t } = useTranslation('dashboard');
  return (
    <Card padding="xl" radius="lg" withBorder maw={720} data-testid="dashboard-no-company">
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconChartBar size={28} />
        </ThemeIcon>
        <Text fw={650} size="lg" component="h2">
          {t('noCompanyTitle')}
        </Text>
        <Text c="dimmed">{t('noCompanyText')}</Text>
        <Group gap="sm" mt="xs">
          <Button
            component={Link}
            to="/listing"
            variant="light"
            leftSection={<IconList size={16} aria-hidden />}
          >
            {t('toListing')}
          </Button>
          <Button
            component={Link}
            to="/mapview"
            variant="default"
            leftSection={<IconMap size={16} aria-hidden />}
          >
            {t('toMap')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function KpiCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint: string;
  testId: string;
}) {
  return (
    <Paper p="lg" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }}>
        {STAGES.map((s) => (
          <Skeleton key={s} height={104} radius="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Skeleton height={112} radius="lg" />
        <Skeleton height={112} radius="lg" />
        <Skeleton height={112} radius="lg" />
      </SimpleGrid>
      <Skeleton height={320} radius="lg" />
    </Stack>
  );
}

function Stats({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation(['dashboard', 'pipeline']);
  const lang = currentLanguage();
  const total = STAGES.reduce((sum, stage) => sum + (stats.counts[stage] ?? 0), 0);

  if (total === 0) {
    return (
      <EmptyState
        icon={<IconPlant2 size={28} />}
        variant="light"
        title={t('emptyTitle')}
        description={t('emptyText')}
        data-testid="dashboard-empty"
      >
        <Button component={Link} to="/mapview" variant="light">
          {t('toMap')}
        </Button>
      </EmptyState>
    );
  }

  return (
    <Stack gap="md">
      <section aria-labelledby="stages-title">
        <Title order={2} size="h4" id="stages-title" mb="sm">
          {t('stages')}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
          {STAGES.map((stage) => {
            const count = stats.counts[stage] ?? 0;
            const name = t(`pipeline:stage.${stage}`);
            return (
              <Paper
                key={stage}
                component={Link}
                to={`/listing?stage=${stage}`}
                p="lg"
                className={classes.stageCard}
                style={{ '--stage-color': `var(--mantine-color-${STAGE_COLORS[stage]}-6)` }}
                aria-label={`${name}: ${t('stageCount', { count, n: formatNumber(count, lang) })}. ${t('showInListing', { stage: name })}`}
                data-testid={`stage-card-${stage}`}
              >
                <Text size="sm" c="dimmed" fw={600}>
                  {name}
                </Text>
                <Text fz={32} fw={700} lh={1.25} data-testid={`stage-count-${stage}`} data-value={count}>
                  {formatNumber(count, lang)}
                </Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      </section>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <KpiCard
          label={t('pipelineValue')}
          value={formatEuro(stats.pipelineValue, lang)}
          hint={t('pipelineValueHint')}
          testId="kpi-pipeline-value"
        />
        <KpiCard
          label={t('conversion')}
          value={t('percent', { value: formatNumber(stats.conversionRate * 100, lang, 1) })}
          hint={t('conversionHint')}
          testId="kpi-conversion"
        />
        <KpiCard
          label={t('total')}
          value={formatNumber(total, lang)}
          hint={t('totalHint')}
          testId="kpi-total"
        />
      </SimpleGrid>
      <MonthlyChart monthly={stats.monthly} />
    </Stack>
  );
}

function CompanyDashboard() {
  const { t } = useTranslation('dashboard');
  const { t: tApp } = useTranslation();
  const stats = useDashboardStats();

  if (stats.isPending) {
    return (
      <div role="status" aria-live="polite" data-testid="dashboard-loading">
        <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
        <DashboardSkeleton />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <Alert color="red" variant="light" title={t('loadFailed')} role="alert" data-testid="dashboard-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(stats.error, tApp)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void stats.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Stats stats={stats.data} />;
}

/**
 * /dashboard: the company's pipeline (counts per stage, value, conversion, 12 months); for ADMIN, who
 * has no company, the installer companies and their onboarding.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  useDocumentTitle(`${t('title')} · ${tApp('app.name')}`);

  const isAdmin = user.role === 'ADMIN';
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <PageTitle>{t('title')}</PageTitle>
        {isInstallerRole(user.role) && <Text c="dimmed">{t('subtitle')}</Text>}
        {isAdmin && <Text c="dimmed">{t('adminSubtitle')}</Text>}
      </div>
      {isAdmin && <CompaniesSection />}
      {isInstallerRole(user.role) ? <CompanyDashboard /> : <NoCompanyCard />}
    </Stack>
  );
}
