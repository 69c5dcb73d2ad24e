import { ResetPasswordRequest } from '@solar/shared';
import type { TFunction } from 'i18next';
import { fieldErrorsOf } from '../../lib/errors';

export type ResetPasswordFields = { password: string; confirm: string };
export type ResetPasswordCheck =
  | { body: ResetPasswordRequest; errors?: never }
  | { body?: never; errors: Partial<ResetPasswordFields> };

/**
 * The new-password form's check: the shared `ResetPasswordRequest` rules for the password and the
 * repetition for the confirmation, both at once, so a short password typed twice differently shows a
 * message under each field rather than the second only after the first is fixed.
 */
export function checkResetPassword(values: ResetPasswordFields, t: TFunction): ResetPasswordCheck {
  const parsed = ResetPasswordRequest.safeParse({ password: values.password });
  const errors: Partial<ResetPasswordFields> = parsed.success
    ? {}
    : { password: fieldErrorsOf(parsed.error.issues, t).password };
  if (values.confirm !== values.password) errors.confirm = t('validation.passwordsDontMatch');
  if (parsed.success && !errors.confirm) return { body: parsed.data };
  return { errors };
}
