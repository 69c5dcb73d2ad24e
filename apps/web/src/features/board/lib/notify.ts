import { notifications } from '@mantine/notifications';
import i18next, { type TFunction } from 'i18next';
import { isApiError } from '../../../api/errors';
import { errorMessage } from '../../../lib/errors';

const closeButtonProps = () => ({ 'aria-label': i18next.t('common.close') });

/**
 * An error toast with a text of our own (a refused action, a rule of SPEC §5). With a title (the
 * field that was not saved) it stays until closed, so what it repeats can still be copied.
 */
export function notifyFailure(message: string, title?: string): void {
  notifications.show({
    color: 'red',
    message,
    withBorder: true,
    closeButtonProps: closeButtonProps(),
    ...(title ? { title, autoClose: false } : {}),
  });
}

/** The text of a failed board call: the server's message for the field when it names one
 * (`properties.<key>`), else its message, else 'Something went wrong' (SPEC §8); null when cancelled. */
export function boardErrorText(error: unknown, t: TFunction): string | null {
  if (isApiError(error)) {
    const field = Object.values(error.errors)[0];
    if (field && error.status === 400) return field;
  }
  return errorMessage(error, t);
}

/** A failed board call as a toast ({@link boardErrorText}); nothing for a cancelled request. */
export function notifyBoardError(error: unknown, t: TFunction): void {
  const message = boardErrorText(error, t);
  if (message) notifyFailure(message);
}
