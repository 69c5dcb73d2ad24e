import type { DataType } from '@solar/shared';
import { isEmailAddress, isHttpUrl, isPhoneNumber, parseNumberInput } from './values';

/** Types edited as typed text in the grid. */
export const TEXT_TYPES: readonly DataType[] = ['title', 'text', 'number', 'url', 'email', 'phone'];
/** Types saved 1 s after typing stops (SPEC §5); email and phone save on Enter or blur. */
export const DEBOUNCED_TYPES: readonly DataType[] = ['title', 'text', 'number', 'url'];

export const isTextType = (type: DataType) => TEXT_TYPES.includes(type);

/** A cell value as the text of its editor. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** Why typed text is no value of its type (the key under `errors.` in the board's translations). */
export type TextError = 'number' | 'url' | 'email' | 'phone';

/**
 * The value to save for typed text, or an error code: numbers are parsed ('3,5' is 3.5), links must be
 * http or https, e-mail addresses and phone numbers must be ones the server takes, empty text clears
 * the cell (the title keeps an empty name).
 */
export function valueOfText(type: DataType, text: string): { value: unknown } | { error: TextError } {
  if (type === 'number') {
    const n = parseNumberInput(text);
    return n === undefined ? { error: 'number' } : { value: n };
  }
  if (type === 'title') return { value: text };
  const trimmed = text.trim();
  if (!trimmed) return { value: null };
  if (type === 'url' && !isHttpUrl(trimmed)) return { error: 'url' };
  if (type === 'email' && !isEmailAddress(trimmed)) return { error: 'email' };
  if (type === 'phone' && !isPhoneNumber(trimmed)) return { error: 'phone' };
  return { value: type === 'text' ? text : trimmed };
}
