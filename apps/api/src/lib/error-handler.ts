import { formatNumber, type Language } from '@solar/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { type SizeIssue, sizeMessage } from './limits';
import { isMessageKey, type MessageKey, translate } from './messages';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  /** The rest of zod's issue (for a size limit: origin, minimum or maximum, inclusive). */
  params?: Omit<SizeIssue, 'code' | 'message'>;
}

/** Fills `{name}` placeholders with numbers in the caller's format. */
function withNumbers(text: string, numbers: Record<string, number> | undefined, lang: Language): string {
  let out = text;
  for (const [name, n] of Object.entries(numbers ?? {}))
    out = out.replaceAll(`{${name}}`, formatNumber(n, lang, Number.isInteger(n) ? 0 : 2));
  return out;
}

/** Maps a zod issue to a message key: the schema's own key when it set one, else by issue code. */
function issueKey(issue: ValidationIssue): MessageKey {
  const message = issue.message ?? '';
  if (isMessageKey(message)) return message;
  if (issue.keyword === 'invalid_type' && /received undefined/.test(message)) return 'required';
  if (issue.keyword === 'unrecognized_keys') return 'unknown_field';
  if (issue.keyword === 'invalid_format' && /email/i.test(message)) return 'invalid_email';
  if (issue.keyword === 'invalid_format' && /url/i.test(message)) return 'invalid_url';
  if (isMessageKey(issue.keyword)) return issue.keyword;
  return 'invalid_type';
}

function send(
  reply: FastifyReply,
  req: FastifyRequest,
  status: number,
  message: string,
  errors?: Record<string, string>,
  /** The message key of an AppError, for clients that act on the reason (the paywall's 402s). */
  code?: string,
) {
  return reply.code(status).send({
    status,
    message,
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
    ...(code ? { code } : {}),
    requestId: req.id,
  });
}

/** Connection failures of the database (node-postgres, PostgreSQL's class 08 and shutdown codes). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection error|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if ((e.code && UNAVAILABLE_CODES.has(e.code)) || UNAVAILABLE_TEXT.test(e.message ?? '')) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * One handler turns every failure into the envelope `{ status, message, errors? }`:
 * AppError and validation errors as 4xx in the caller's language, anything unexpected as 418
 * (SPEC §8 default), logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang;
    if (err instanceof AppError) {
      const errors = err.fieldErrors
        ? Object.fromEntries(
            Object.entries(err.fieldErrors).map(([k, v]) => [
              k,
              withNumbers(translate(v, lang), err.fieldParams?.[k], lang),
            ]),
          )
        : undefined;
      let message = translate(err.key, lang);
      for (const [name, value] of Object.entries(err.params ?? {})) {
        message = message.replaceAll(`{${name}}`, translate(value, lang));
      }
      return send(reply, req, err.status, message, errors, err.key);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'body');
        const size = sizeMessage({ code: issue.keyword, message: issue.message, ...issue.params });
        errors[path] ??= size
          ? withNumbers(translate(size.key, lang), { limit: size.limit }, lang)
          : translate(issueKey(issue), lang);
      }
      return send(reply, req, 400, translate('invalid_input', lang), errors);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response does not match its schema');
      return send(reply, req, 500, translate('something_wrong', lang));
    }
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (err.statusCode === 400 && err instanceof SyntaxError)
    ) {
      return send(reply, req, 400, translate('malformed_json', lang));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return send(reply, req, 413, translate('payload_too_large', lang));
    }
    if (err.statusCode === 429) return send(reply, req, 429, translate('too_many_attempts', lang));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, req, err.statusCode, translate('invalid_input', lang));
    }
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or out of reach: a clean, retryable answer, not "something wrong".
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, req, 503, translate('service_unavailable', lang));
    }
    req.log.error({ err }, 'unexpected error');
    return send(reply, req, 418, translate('something_wrong', lang));
  });

  app.setNotFoundHandler((req, reply) => send(reply, req, 404, translate('route_not_found', req.lang)));
}
