import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** A success toast with an Undo button (after a delete). */
export function notifyWithUndo(message: string, undoLabel: string, onUndo: () => void): void {
  const id = notifications.show({
    color: 'teal',
    withBorder: true,
    autoClose: 8000,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          {undoLabel}
        </Button>
      </Group>
    ),
  });
}
