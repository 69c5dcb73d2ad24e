import { Button, Stack, Text } from '@mantine/core';
import type { TaskFilterRequest } from '@solar/shared';
import { IconListSearch, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBoard } from '../hooks/board-context';
import classes from './empty-state.module.css';

/** Whether the records asked for are narrowed: a search, a filter with a value, or the bin. */
export function isNarrowed(body: TaskFilterRequest): boolean {
  const hasValue = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));
  return (
    Boolean(body.search?.trim()) ||
    Boolean(body.deleted) ||
    (body.filters ?? []).some((f) => hasValue(f.value))
  );
}

/**
 * No records. Narrowed by a search or filter, SPEC §8's 'No tasks are available with current filters'
 * (or projects on /projects); otherwise the board is new, and it says where its records come from:
 * 'New task' on /tasks, saving a customer request on /projects. It stays in view over a board wider
 * than the screen.
 */
export function EmptyState() {
  const { t } = useTranslation('board');
  const { isProjects, filterBody, setDrawer } = useBoard();
  const narrowed = isNarrowed(filterBody);
  let text: string;
  if (narrowed) text = t(isProjects ? 'empty.projects' : 'empty.tasks');
  else text = t(isProjects ? 'empty.noProjects' : 'empty.noTasks');
  return (
    <div className={classes.empty} data-testid="board-empty" data-reason={narrowed ? 'filtered' : 'none'}>
      <Stack align="center" gap={6}>
        <IconListSearch size={32} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text c="gray.7" size="sm" role="status" ta="center">
          {text}
        </Text>
        {!narrowed &&
          (isProjects ? (
            <Button component={Link} to="/listing?tab=nearby" variant="light" size="xs">
              {t('empty.toNearby')}
            </Button>
          ) : (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setDrawer({ mode: 'create', values: {} })}
            >
              {t('toolbar.new')}
            </Button>
          ))}
      </Stack>
    </div>
  );
}
