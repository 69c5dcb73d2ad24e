import { notifications } from '@mantine/notifications';
import i18next, { type TFunction } from 'i18next';
import { isApiError } from '../../../api/errors';
import { errorMessage, notifyError } from '../../../lib/errors';

const closeButtonProps = () => ({ 'aria-label': i18next.t('common.close') });

/** An error toast with a text of our own (a refused action, a rule of SPEC §5). */
export function notifyFailure(message: string): void {
  notifications.show({ color: 'red', message, withBorder: true, closeButtonProps: closeButtonProps() });
}

/**
 * A failed board call as a toast: the server's message for the field when it names one
 * (`properties.<key>`), else its message, else 'Something went wrong' (SPEC §8).
 */
export function notifyBoardError(error: unknown, t: TFunction): void {
  if (isApiError(error)) {
    const field = Object.values(error.errors)[0];
    if (field && error.status === 400) {
      notifyFailure(field);
      return;
    }
  }
  notifyError(error, t);
}

/** The text `notifyBoardError` shows for a failed call; null for a cancelled request. */
export function boardErrorText(error: unknown, t: TFunction): string | null {
  if (isApiError(error)) {
    const field = Object.values(error.errors)[0];
    if (field && error.status === 400) return field;
  }
  return errorMessage(error, t);
}
