import { Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The board while it loads: tabs, toolbar and a few grid lines. */
export function BoardSkeleton({ rowsOnly = false }: { rowsOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap="sm"
      role="status"
      aria-live="polite"
      aria-label={t('common.loading')}
      data-testid="board-loading"
    >
      {!rowsOnly && (
        <>
          <Group gap="xs">
            <Skeleton h={30} w={180} />
            <Skeleton h={22} w={50} />
          </Group>
          <Group gap="xs">
            <Skeleton h={28} w={160} />
            <Skeleton h={28} w={120} />
          </Group>
          <Skeleton h={30} w="100%" />
        </>
      )}
      {Array.from({ length: 10 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} h={32} w="100%" />
      ))}
    </Stack>
  );
}
