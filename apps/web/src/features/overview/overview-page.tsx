import {
  ActionIcon,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { isInstallerRole, STAGES } from '@solar/shared';
import { IconBuildingStore, IconLayoutKanban, IconSearch, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMatchedBucketsQuery } from '../../api/matched';
import { ErrorState } from '../../layout/full-page-state';
import { PageTitle } from '../../layout/page-title';
import { errorMessage } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { KanbanBoard } from './kanban-board';
import classes from './overview.module.css';

function BoardSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.board} role="status" aria-live="polite" data-testid="kanban-loading">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {STAGES.map((stage) => (
        <div key={stage} className={classes.column} aria-hidden>
          <Group p="sm" justify="space-between">
            <Skeleton height={14} width="55%" />
            <Skeleton height={18} width={28} radius="xl" />
          </Group>
          <Stack gap="xs" p="xs">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={92} radius="sm" />
            ))}
          </Stack>
        </div>
      ))}
    </div>
  );
}

/** The kanban itself, for users of an installer company (the API refuses everyone else). */
function CompanyBoard() {
  const { t } = useTranslation('overview');
  const { t: tc } = useTranslation();
  const { user } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const filters = useMemo(() => (debounced ? { search: debounced } : {}), [debounced]);
  const query = useMatchedBucketsQuery(filters, 50);
  const data = query.data;
  const empty = data ? STAGES.every((stage) => (data.counts[stage] ?? 0) === 0) : false;

  let body: React.ReactNode;
  if (query.isPending) {
    body = <BoardSkeleton />;
  } else if (query.isError) {
    body = (
      <Paper withBorder>
        <ErrorState
          message={errorMessage(query.error, tc) ?? t('loadFailed')}
          onRetry={() => void query.refetch()}
        />
      </Paper>
    );
  } else if (empty) {
    body = (
      <Paper withBorder p="lg" data-testid="kanban-empty">
        <EmptyState
          icon={<IconLayoutKanban size={28} />}
          variant="light"
          // Without a search there is nothing filtered: the company has no project yet.
          title={debounced ? t('empty') : t('emptyNone')}
          description={t('emptyHint')}
        >
          <Group gap="xs" justify="center">
            {debounced && (
              <Button variant="default" size="xs" onClick={() => setSearch('')}>
                {t('search.clear')}
              </Button>
            )}
            <Button
              component={Link}
              to={debounced ? '/listing' : '/listing?tab=nearby'}
              variant="light"
              size="xs"
            >
              {t('toListing')}
            </Button>
            <Button component={Link} to="/mapview" variant="subtle" size="xs">
              {t('toMap')}
            </Button>
          </Group>
        </EmptyState>
      </Paper>
    );
  } else if (data) {
    body = <KanbanBoard data={data} role={user.role} />;
  }

  return (
    <Stack gap="md">
      <TextInput
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          search && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('search.clear')}
              onClick={() => setSearch('')}
            >
              <IconX size={14} />
            </ActionIcon>
          )
        }
        maw={420}
        data-testid="kanban-search"
      />
      <div aria-busy={query.isFetching} style={{ minWidth: 0, maxWidth: '100%' }}>
        {body}
      </div>
    </Stack>
  );
}

/** /overview: the status (kanban) view of SPEC §1 and §4. */
export function OverviewPage() {
  const { t } = useTranslation(['overview', 'translation']);
  const { user } = useCurrentUser();
  useDocumentTitle(`${t('overview:title')} · ${t('translation:app.name')}`);
  const hasCompany = isInstallerRole(user.role) && user.installerPartner.length > 0;

  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('overview:title')}</PageTitle>
        {/* How to use the board; without a company there is none, only the note below. */}
        {hasCompany && (
          <Text c="dimmed" size="sm">
            {t('overview:subtitle')}
          </Text>
        )}
      </div>
      {hasCompany ? (
        <CompanyBoard />
      ) : (
        <Paper withBorder p="lg" data-testid="kanban-no-company">
          <EmptyState
            icon={<IconBuildingStore size={28} />}
            variant="light"
            title={t('overview:notInstaller')}
            description={t('overview:notInstallerHint')}
          >
            <Button component={Link} to="/listing" variant="light" size="xs">
              {t('overview:toListing')}
            </Button>
          </EmptyState>
        </Paper>
      )}
    </Stack>
  );
}
