import type { DataType, Language } from '@solar/shared';
import { isEmailAddress, isHttpUrl, isPhoneNumber, numberInputText, parseNumberInput } from './values';

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

/**
 * The text an editor of a value starts with: a number in the UI language's pattern, with every digit
 * and without grouping (`1234,5` in German), which {@link valueOfText} reads back as the same number.
 */
export function editorText(type: DataType, value: unknown, lang: Language): string {
  return type === 'number' && typeof value === 'number' && Number.isFinite(value)
    ? numberInputText(value, lang)
    : textOf(value);
}

/** Why typed text is no value of its type (the key under `errors.` in the board's translations). */
export type TextError = 'number' | 'url' | 'email' | 'phone';

/**
 * The value to save for typed text, or an error code: numbers are read in the UI language's pattern
 * (`1.234,5` in German, `1,234.5` in English and Spanish: `parseNumberInput`), links must be
 * http or https, e-mail addresses and phone numbers must be ones the server takes, empty text clears
 * the cell (the title keeps an empty name).
 */
export function valueOfText(
  type: DataType,
  text: string,
  lang: Language,
): { value: unknown } | { error: TextError } {
  if (type === 'number') {
    const n = parseNumberInput(text, lang);
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
