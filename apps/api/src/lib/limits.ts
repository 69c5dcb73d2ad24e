import type { z } from 'zod';
import { AppError } from './errors';
import { isMessageKey, type MessageKey } from './messages';

/** What a zod size issue carries (`too_small` / `too_big` with what was limited and the limit). */
export interface SizeIssue {
  code: string;
  message?: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
}

const KEYS = {
  too_small: {
    number: { inclusive: 'number_at_least', exclusive: 'number_above' },
    string: { inclusive: 'text_at_least', exclusive: 'text_at_least' },
  },
  too_big: {
    number: { inclusive: 'number_at_most', exclusive: 'number_below' },
    string: { inclusive: 'text_at_most', exclusive: 'text_at_most' },
  },
} as const satisfies Record<string, Record<string, Record<string, MessageKey>>>;

/**
 * A size limit's message with the limit to show ('Der Wert muss mindestens 0 sein' rather than the
 * generic 'too short or too small'), for a number's or a text's bound. A schema's own message wins
 * unless it is only the generic size key; other issues give null.
 */
export function sizeMessage(issue: SizeIssue): { key: MessageKey; limit: number } | null {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return null;
  if (issue.message !== undefined && issue.message !== issue.code && isMessageKey(issue.message)) return null;
  const kind = issue.origin === 'number' || issue.origin === 'string' ? issue.origin : null;
  const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  if (!kind || (typeof bound !== 'number' && typeof bound !== 'bigint')) return null;
  const exclusive = issue.inclusive === false;
  // A text's exclusive bound is shown as the count the user may type (more than 2 = at least 3).
  const limit =
    kind === 'string' && exclusive ? Number(bound) + (issue.code === 'too_small' ? 1 : -1) : Number(bound);
  return { key: KEYS[issue.code][kind][exclusive ? 'exclusive' : 'inclusive'], limit };
}

/**
 * The refusal of a form parsed by hand (multipart uploads): per field the first issue's message,
 * a size limit with its bound, otherwise what `plainKey` gives ('required' for a missing field).
 */
export function formError(
  issues: readonly z.core.$ZodIssue[],
  fieldOf: (issue: z.core.$ZodIssue) => string,
  plainKey: (issue: z.core.$ZodIssue, field: string) => MessageKey,
): AppError {
  const errors: Record<string, MessageKey> = {};
  const limits: Record<string, Record<string, number>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (errors[field]) continue;
    const plain = plainKey(issue, field);
    const size = plain === 'required' ? null : sizeMessage(issue);
    errors[field] = size?.key ?? plain;
    if (size) limits[field] = { limit: size.limit };
  }
  return new AppError(400, 'invalid_input', errors, undefined, limits);
}
