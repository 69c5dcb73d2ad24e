import type { MessageKey } from './messages';

/**
 * The one error type of domain code: an HTTP status, a message key translated for the caller, and
 * optional per-field message keys.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly fieldErrors?: Record<string, MessageKey>,
    /** Values for `{name}` placeholders; values that are message keys are translated too. */
    readonly params?: Record<string, string>,
    /** Numbers for `{name}` placeholders of a field's message (a size limit), shown in the caller's format. */
    readonly fieldParams?: Record<string, Record<string, number>>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, fields?: Record<string, MessageKey>) =>
  new AppError(400, key, fields);
export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const sessionEnded = () => new AppError(403, 'session_ended');
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = (key: MessageKey = 'not_found') => new AppError(404, key);
