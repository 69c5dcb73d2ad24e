import { CONSTANTS, DEFAULT_LANGUAGE, formatNumber, LANGUAGES, type Language } from '@solar/shared';
import i18next, { type TFunction } from 'i18next';
import type { core } from 'zod';
import { CLIENT_MESSAGES, isApiError } from '../api/errors';
import { clearNotifications, showNotification } from './notifications-host';

/** Message codes the shared schemas use (`{ error: 'invalid_email' }` and so on). */
const VALIDATION_CODES = [
  'required',
  'invalid_email',
  'password_too_short',
  'password_too_long',
  'invalid_url',
  'invalid_phone',
  'invalid_postal_code',
  'invalid_vat_id',
] as const;
type ValidationCode = (typeof VALIDATION_CODES)[number];

function isValidationCode(message: string): message is ValidationCode {
  return (VALIDATION_CODES as readonly string[]).includes(message);
}

/** Translates a message code of the shared schemas; any other text (the API's, localized) stays as is. */
export function translateMessage(message: string, t: TFunction): string {
  return isValidationCode(message)
    ? t(`validation.${message}`, { min: CONSTANTS.passwordMinLength })
    : message;
}

/**
 * A limit in the shown language's number pattern, as the server writes it in its messages: whole
 * numbers bare (1.000), others with the decimals they have, up to two (12,5).
 */
function limitText(limit: number, t?: TFunction): string {
  // A `t` fixed to a language (i18next's getFixedT) carries it; the app's own follows the UI language.
  const wanted = (t as { lng?: string | null } | undefined)?.lng ?? i18next.language;
  const lang = (LANGUAGES as readonly string[]).includes(wanted) ? (wanted as Language) : DEFAULT_LANGUAGE;
  const decimals = Number.isInteger(limit) ? 0 : Math.min(2, String(limit).split('.')[1]?.length ?? 0);
  return formatNumber(limit, lang, decimals);
}

/** A text over its limit, saying how many characters are allowed (as the server's message does). */
export function textTooLongMessage(maximum: number, t: TFunction): string {
  return t('validation.textAtMost', { limit: limitText(maximum, t) });
}

/** A zod issue as a translated sentence; a text's size limit says how many characters are allowed. */
export function translateIssue(issue: core.$ZodIssue, t: TFunction): string {
  if (isValidationCode(issue.message)) return translateMessage(issue.message, t);
  switch (issue.code) {
    case 'too_big':
      // A number names its limit, in the reader's digits ("höchstens 1.000").
      if (issue.origin === 'number') {
        const limit = limitText(Number(issue.maximum), t);
        return issue.inclusive === false
          ? t('validation.numberBelow', { limit })
          : t('validation.numberAtMost', { limit });
      }
      if (issue.origin !== 'string') return t('validation.tooBig');
      // An exclusive bound (`.lt`) is shown as the count the user may type, as the server does.
      return textTooLongMessage(Number(issue.maximum) - (issue.inclusive === false ? 1 : 0), t);
    case 'too_small':
      if (issue.origin === 'number') {
        const limit = limitText(Number(issue.minimum), t);
        return issue.inclusive === false
          ? t('validation.numberAbove', { limit })
          : t('validation.numberAtLeast', { limit });
      }
      if (issue.origin !== 'string') return t('validation.tooSmall');
      if (issue.minimum === 1) return t('validation.required');
      return t('validation.textAtLeast', {
        limit: limitText(Number(issue.minimum) + (issue.inclusive === false ? 1 : 0), t),
      });
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? t('validation.invalidNumber')
        : t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}

/** First translated message per top-level field. */
export function fieldErrorsOf(issues: readonly core.$ZodIssue[], t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = translateIssue(issue, t);
  }
  return errors;
}

/** The text to show for a failed call; null for a cancelled request, which is never shown. */
export function errorMessage(error: unknown, t: TFunction): string | null {
  if (!isApiError(error)) return t('errors.somethingWentWrong');
  if (error.cancelled) return null;
  // No answer at all (offline, server unreachable): a connection problem, not a server error.
  if (error.network) return t('errors.network');
  if (error.message === CLIENT_MESSAGES.fallback || error.message === CLIENT_MESSAGES.invalidResponse) {
    return t('errors.somethingWentWrong');
  }
  return translateMessage(error.message, t);
}

function closeLabel() {
  return { 'aria-label': i18next.t('common.close') };
}

/** Shows a failed call as an error toast (SPEC §8), unless it was cancelled. */
export function notifyError(error: unknown, t: TFunction): void {
  const message = errorMessage(error, t);
  if (message) showNotification({ color: 'red', message, withBorder: true, closeButtonProps: closeLabel() });
}

/** A success that makes the earlier errors moot (a login after failed attempts): they go first. */
export function notifySuccessAfterErrors(message: string): void {
  clearNotifications();
  notifySuccess(message);
}

export function notifySuccess(message: string): void {
  showNotification({ color: 'teal', message, withBorder: true, closeButtonProps: closeLabel() });
}

/**
 * Splits a failed call into field errors for the form (known fields only, translated) and a toast for the
 * rest. Returns the field errors.
 */
export function handleFormError<F extends string>(
  error: unknown,
  fields: readonly F[],
  t: TFunction,
): Partial<Record<F, string>> {
  const fieldErrors: Partial<Record<F, string>> = {};
  if (isApiError(error)) {
    for (const [field, message] of Object.entries(error.errors)) {
      if ((fields as readonly string[]).includes(field))
        fieldErrors[field as F] = translateMessage(message, t);
    }
  }
  if (Object.keys(fieldErrors).length === 0) notifyError(error, t);
  return fieldErrors;
}
