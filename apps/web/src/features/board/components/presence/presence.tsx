import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import type { Board, PresenceEntry, Task } from '@solar/shared';
import { IconEye } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { boardKeys } from '../../api/board-keys';
import { usePresent } from '../../api/presence-api';
import { listedTask } from '../../hooks/use-cell-writer';

/** The most faces shown beside the board's title; the rest are counted. */
const SHOWN = 4;

const fullName = (p: PresenceEntry) => `${p.firstName} ${p.lastName}`.trim();

/** Names as the language lists them ("Sabine und Stefan"). */
function listOf(names: string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}

/** A record's name from what the board has loaded (or read on its own); null when not loaded. */
function recordName(queryClient: QueryClient, board: Board, id: string): string | null {
  const task = listedTask(queryClient, board, id) ?? queryClient.getQueryData<Task>(boardKeys.task(id));
  return task?.taskName ?? null;
}

/**
 * The colleagues on the board now, as faces beside its title (docs/decisions/0034-presence.md): each
 * says on hover or focus whether they look at the board or have a record open, and which.
 */
export function PresenceAvatars({ board }: { board: Board }) {
  const { t, i18n } = useTranslation('board');
  const queryClient = useQueryClient();
  const present = usePresent(board);
  if (present.length === 0) return null;
  const describe = (p: PresenceEntry) => {
    const id = p.recordIds[0];
    if (!id) return t('presence.viewing', { name: fullName(p) });
    const record = recordName(queryClient, board, id);
    return record
      ? t('presence.editing', { name: fullName(p), record })
      : t('presence.editingUnknown', { name: fullName(p) });
  };
  const rest = present.length - SHOWN;
  return (
    <Group
      gap={8}
      wrap="nowrap"
      role="group"
      aria-label={t('presence.here', { names: listOf(present.map(fullName), i18n.language) })}
      data-testid="board-presence"
    >
      <Text size="xs" c="gray.7" visibleFrom="sm">
        {t('presence.label')}
      </Text>
      <Avatar.Group spacing="xs">
        {present.slice(0, SHOWN).map((p) => (
          <Tooltip
            key={p.userId}
            label={describe(p)}
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <Avatar
              name={fullName(p)}
              color="initials"
              size="sm"
              radius="xl"
              role="img"
              tabIndex={0}
              aria-label={describe(p)}
            />
          </Tooltip>
        ))}
        {rest > 0 && (
          <Avatar size="sm" radius="xl" role="img" aria-label={t('presence.more', { count: rest })}>
            +{rest}
          </Avatar>
        )}
      </Avatar.Group>
    </Group>
  );
}

/** In the record drawer: who else has this record open right now. */
export function RecordPresence({ board, recordId }: { board: Board; recordId: string }) {
  const { t, i18n } = useTranslation('board');
  const others = usePresent(board).filter((p) => p.recordIds.includes(recordId));
  if (others.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" mb="sm" data-testid="record-presence" role="status">
      <IconEye size={16} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm">
        {t('presence.sameRecord', {
          count: others.length,
          names: listOf(others.map(fullName), i18n.language),
        })}
      </Text>
    </Group>
  );
}
