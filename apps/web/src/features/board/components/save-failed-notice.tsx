import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** Longest piece of a typed value the notice repeats. */
const DRAFT_CHARS = 200;

/** The id of a cell's failure notice (a newer write to the cell closes it). */
export const saveFailedId = (taskId: string, key: string) => `board-save-failed:${taskId}:${key}`;

/** The notices on screen, each with a token of its showing (an old one's close leaves a new one be). */
const shown = new Map<string, object>();

/** Closes a failure notice, if it is shown. */
export function hideSaveFailed(id: string): void {
  if (shown.delete(id)) notifications.hide(id);
}

/** What was typed, as the notice repeats it (texts and numbers only). */
export function draftText(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value.length > DRAFT_CHARS ? `${value.slice(0, DRAFT_CHARS)}…` : value;
}

interface SaveFailedNotice {
  id: string;
  /** Names the field that was not saved. */
  title: string;
  /** The server's reason. */
  reason: string;
  /** What the user entered, to copy or retry. */
  draft: string | null;
  draftLabel: string;
  retryLabel: string;
  onRetry: () => void;
}

/**
 * A failed save that keeps the user's value: which field failed, why, what was entered, and a Retry
 * button that writes it again. It stays until closed, retried or replaced by a newer write.
 */
export function notifySaveFailed({
  id,
  title,
  reason,
  draft,
  draftLabel,
  retryLabel,
  onRetry,
}: SaveFailedNotice): void {
  hideSaveFailed(id);
  const token = {};
  shown.set(id, token);
  notifications.show({
    id,
    onClose: () => {
      if (shown.get(id) === token) shown.delete(id);
    },
    color: 'red',
    withBorder: true,
    autoClose: false,
    title,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
    message: (
      <Stack gap={6} data-testid="save-failed">
        <Text size="sm">{reason}</Text>
        {draft !== null && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ wordBreak: 'break-word' }}>
            {draftLabel} {draft}
          </Text>
        )}
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              hideSaveFailed(id);
              onRetry();
            }}
          >
            {retryLabel}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
