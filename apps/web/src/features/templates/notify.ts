import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { isCancelled } from '../../api/errors';
import { errorMessage } from '../../lib/errors';

/**
 * A failure toast with the screen's own message (SPEC §8 'Failed to …'), followed by the server's reason
 * when it gave a different one.
 */
export function notifyFailure(message: string, error: unknown, t: TFunction): void {
  if (isCancelled(error)) return;
  const reason = errorMessage(error, t);
  notifications.show({
    color: 'red',
    withBorder: true,
    title: reason && reason !== message ? message : undefined,
    message: reason && reason !== message ? reason : message,
    closeButtonProps: { 'aria-label': t('common.close') },
  });
}
