import { Badge, Group, Select } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../layout/page-title';
import { useUserProjects } from '../api/views-api';
import { useBoard } from '../hooks/board-context';
import { PresenceAvatars } from './presence/presence';

const ALL = '__all__';

/** The board's title with its BETA mark; the skeleton shows it too, as the page's heading is known at once. */
export function BoardTitle({ isProjects }: { isProjects: boolean }) {
  const { t } = useTranslation('board');
  return (
    <Group gap="xs">
      <PageTitle>{t(isProjects ? 'board.projects' : 'board.tasks')}</PageTitle>
      <Badge variant="light" color="solar" aria-label={t('board.betaLabel')}>
        {t('board.beta')}
      </Badge>
    </Group>
  );
}

/** The board's title with its BETA mark, and on /tasks the project the tasks are narrowed to. */
export const BoardHeader = memo(function BoardHeader() {
  const { t } = useTranslation('board');
  const { scope, isProjects } = useBoard();
  const [, setParams] = useSearchParams();
  const projects = useUserProjects(!isProjects);

  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="md" wrap="wrap">
        <BoardTitle isProjects={isProjects} />
        <PresenceAvatars board={scope.board} />
      </Group>
      {!isProjects && (
        <Select
          aria-label={t('board.project')}
          w={{ base: '100%', sm: 340 }}
          data={[
            { value: ALL, label: t('board.allProjects') },
            ...(projects.data ?? []).map((p) => ({
              value: p._id,
              label: t('board.projectOption', { address: p.address, count: p.taskCount }),
            })),
          ]}
          value={scope.projectId ?? ALL}
          onChange={(value) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              if (!value || value === ALL) next.delete('projectId');
              else next.set('projectId', value);
              return next;
            })
          }
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('board.noProjects')}
          data-testid="project-picker"
        />
      )}
    </Group>
  );
});
