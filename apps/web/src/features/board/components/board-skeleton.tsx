import { Group, Skeleton, Stack } from '@mantine/core';
import type { Board } from '@solar/shared';
import { useTranslation } from 'react-i18next';
import { BoardTitle } from './board-header';

/**
 * The board while it loads: its heading (known at once, so the page says where the user is before
 * the board's setup and views have come), then placeholders in the places of the project picker,
 * tabs, toolbar and a few grid lines. Without a board, the grid lines alone (a view's records loading).
 */
export function BoardSkeleton({ board }: { board?: Board }) {
  const { t } = useTranslation();
  const rows = Array.from({ length: 10 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Skeleton key={i} h={32} w="100%" />
  ));
  const loading = { role: 'status', 'aria-live': 'polite', 'aria-label': t('common.loading') } as const;
  if (!board) {
    return (
      <Stack gap="sm" {...loading} data-testid="board-loading">
        {rows}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {/* The same row as BoardHeader's: the title, and on /tasks the project picker's place. */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <BoardTitle isProjects={board === 'projects'} />
        {board === 'tasks' && <Skeleton h={36} w={{ base: '100%', sm: 340 }} />}
      </Group>
      <Stack gap="sm" {...loading} data-testid="board-loading">
        <Group gap="xs">
          <Skeleton h={28} w={160} />
          <Skeleton h={28} w={120} />
        </Group>
        <Skeleton h={30} w="100%" />
        {rows}
      </Stack>
    </Stack>
  );
}
