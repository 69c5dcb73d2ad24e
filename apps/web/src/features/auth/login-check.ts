import type { LoginRequest } from '@solar/shared';
import type { TFunction } from 'i18next';
import { textTooLongMessage, translateMessage } from '../../lib/errors';

/** zod's e-mail pattern (`z.email()`, which the shared `Email` schema applies after trim and lower case). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;
const PASSWORD_MAX_LENGTH = 256;

export type LoginFields = { email: string; password: string };
export type LoginCheck =
  | { body: LoginRequest; errors?: never }
  | { body?: never; errors: Partial<LoginFields> };

/**
 * The rules of the shared `LoginRequest` schema written out, with the translated message each of its
 * issues shows, so the login page loads without zod (about 25 KB gzipped). login-check.test.ts holds the
 * two together: same verdict, same messages, same cleaned body.
 */
export function checkLogin(values: LoginFields, t: TFunction): LoginCheck {
  const errors: Partial<LoginFields> = {};
  const email = values.email.trim().toLowerCase();
  if (email.length === 0) errors.email = translateMessage('required', t);
  else if (email.length > EMAIL_MAX_LENGTH) errors.email = textTooLongMessage(EMAIL_MAX_LENGTH, t);
  else if (!EMAIL_PATTERN.test(email)) errors.email = translateMessage('invalid_email', t);
  if (values.password.length === 0) errors.password = translateMessage('required', t);
  else if (values.password.length > PASSWORD_MAX_LENGTH)
    errors.password = textTooLongMessage(PASSWORD_MAX_LENGTH, t);
  return errors.email || errors.password ? { errors } : { body: { email, password: values.password } };
}
