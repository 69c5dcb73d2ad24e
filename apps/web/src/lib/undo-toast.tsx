import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** A toast with one action beside its message (an Undo, a way out of a refusal). */
export function notifyWithAction(
  message: string,
  actionLabel: string,
  onAction: () => void,
  color: 'teal' | 'red' = 'teal',
): void {
  // The toast takes a moment to go: a second click on its button (a double click) must not run the
  // action again (a second undo, restore or retry request).
  let done = false;
  const id = notifications.show({
    color,
    withBorder: true,
    autoClose: 8000,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          color={color}
          onClick={() => {
            notifications.hide(id);
            if (done) return;
            done = true;
            onAction();
          }}
        >
          {actionLabel}
        </Button>
      </Group>
    ),
  });
}

/** A success toast with an Undo button (after a delete). */
export function notifyWithUndo(message: string, undoLabel: string, onUndo: () => void): void {
  notifyWithAction(message, undoLabel, onUndo);
}
