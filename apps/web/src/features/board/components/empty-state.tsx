import { Center, Stack, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../hooks/board-context';

/** SPEC §8: 'No tasks are available with current filters' (or projects on /projects). */
export function EmptyState() {
  const { t } = useTranslation('board');
  const { isProjects } = useBoard();
  return (
    <Center py="xl" data-testid="board-empty">
      <Stack align="center" gap={6}>
        <IconListSearch size={32} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text c="gray.7" size="sm" role="status">
          {t(isProjects ? 'empty.projects' : 'empty.tasks')}
        </Text>
      </Stack>
    </Center>
  );
}
