/** Messages the client produces itself (SPEC §8); the UI translates them, the server's come localized. */
export const CLIENT_MESSAGES = {
  cancelled: 'Request cancelled',
  network: 'Server error',
  fallback: 'Error',
  invalidResponse: 'Invalid response',
} as const;

export interface NormalisedError {
  status: number;
  message: string;
  /** First message per field. */
  errors: Record<string, string>;
  /** The server's reason as a stable key (e.g. `premium_required`), when it sent one. */
  code?: string;
}

/** The error every API call rejects with. */
export class ApiError extends Error implements NormalisedError {
  readonly status: number;
  readonly errors: Record<string, string>;
  readonly code?: string;
  /** True when the caller aborted the request; never shown to the user. */
  readonly cancelled: boolean;
  /** True when no response arrived (offline, server down). */
  readonly network: boolean;

  constructor(input: NormalisedError & { cancelled?: boolean; network?: boolean }) {
    super(input.message);
    this.name = 'ApiError';
    this.status = input.status;
    this.errors = input.errors;
    if (input.code) this.code = input.code;
    this.cancelled = input.cancelled ?? false;
    this.network = input.network ?? false;
  }
}

function firstMessage(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const first = value.find((item) => typeof item === 'string');
    return typeof first === 'string' ? first : null;
  }
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
    return value.message;
  }
  return null;
}

/**
 * The error normaliser of SPEC §8: `{ status, message (default 'Error'), errors: {field: first message} }`
 * from the API envelope `{ status, message, errors? }` or anything else a server might send.
 */
export function normaliseError(status: number, body: unknown): NormalisedError {
  const envelope = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    typeof envelope.message === 'string' && envelope.message.trim()
      ? envelope.message
      : CLIENT_MESSAGES.fallback;
  const errors: Record<string, string> = {};
  if (envelope.errors && typeof envelope.errors === 'object') {
    for (const [field, value] of Object.entries(envelope.errors)) {
      const first = firstMessage(value);
      if (first) errors[field] = first;
    }
  }
  const envelopeStatus = typeof envelope.status === 'number' ? envelope.status : undefined;
  const code = typeof envelope.code === 'string' && envelope.code ? { code: envelope.code } : {};
  return { status: status || envelopeStatus || 0, message, errors, ...code };
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for errors the user should never see (an aborted request). */
export function isCancelled(error: unknown): boolean {
  return isApiError(error) && error.cancelled;
}
