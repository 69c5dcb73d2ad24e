import {
  type Column,
  displayFormulaCell,
  formatDate,
  formatNumber,
  isEmptyValue,
  type Language,
  numberInputText,
  parseNumberInput,
  plainDecimal,
  sameCellValue,
  type Task,
} from '@solar/shared';
import { TITLE_KEY } from './columns';

/** A `{ value, label }` item: a person (user id, name) or a file (url, file name). */
export interface ValueItem {
  value: string;
  label: string;
}

/** The raw value of a record's cell (the name for the title column). */
export function cellRaw(task: Pick<Task, 'taskName' | 'properties'>, key: string): unknown {
  return key === TITLE_KEY ? task.taskName : task.properties[key]?.value;
}

export const isEmpty = (value: unknown) => isEmptyValue(value);

/** A string list (multi-select, relation); anything else is empty. */
export function asStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' && value ? [value] : [];
}

/** A list of `{ value, label }` items (person, files). */
export function asItems(value: unknown): ValueItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    if (v && typeof v === 'object' && 'value' in v && typeof v.value === 'string') {
      const label = 'label' in v && typeof v.label === 'string' ? v.label : v.value;
      return [{ value: v.value, label }];
    }
    return [];
  });
}

/** A checkbox value: the strings 'true'/'false' (SPEC §5); booleans of older data are read too. */
export const isChecked = (value: unknown) => value === true || value === 'true';
export const checkboxValue = (checked: boolean) => (checked ? 'true' : 'false');

/**
 * A number typed on the board, read in the UI language's pattern, and a stored number as its editor's
 * text, as the server writes it too: the portal's one rule (packages/shared).
 */
export { numberInputText, parseNumberInput, plainDecimal };

/** A number as the filter rule compares it: plain digits with `.` (SPEC §5; `NUMBER_TEXT` of the filter). */
const FILTER_NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number filter's stored value (`1234.5`, the form the filter rule compares numbers in) as the text of
 * its input, in the UI language's pattern (`1234,5` in German). Any other stored text stays as it is.
 */
export function numberFilterText(value: string, lang: Language): string {
  return FILTER_NUMBER.test(value) ? numberInputText(Number(value), lang) : value;
}

/**
 * The text typed into a number filter as the value to store: the number read by
 * {@link parseNumberInput} in plain digits (German `1.234,5` is `1234.5`), `''` for no filter, and
 * `undefined` for text that is no number (which would never match a number cell).
 */
export function numberFilterValue(text: string, lang: Language): string | undefined {
  const n = parseNumberInput(text, lang);
  return n === undefined ? undefined : n === null ? '' : plainDecimal(n);
}

/** Only http and https links pass (SPEC §5). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An e-mail address as the server takes it (apps/api board.values.ts). */
export const isEmailAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/** A phone number as the server takes it: digits, spaces and `+()./-`. */
export const isPhoneNumber = (text: string) => /^[+()\d\s./-]{3,40}$/.test(text.trim());

/** A `YYYY-MM-DD` date, or null. */
export function isoDate(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** A date or timestamp in the UI language; `YYYY-MM-DD` is read as a calendar day (no time zone shift). */
export function formatDay(value: string, lang: Language): string {
  const day = isoDate(value);
  const date = day ? new Date(`${day}T12:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDate(date, lang);
}

/** One formatter per language: the grid formats a timestamp in every row it draws. */
const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

export function formatDateTime(value: string, lang: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  let format = dateTimeFormats.get(lang);
  if (!format) {
    const locale = lang === 'de' ? 'de-DE' : lang === 'es' ? 'es-ES' : 'en-GB';
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(lang, format);
  }
  return format.format(date);
}

/** A number in the UI language, with up to two decimals. */
export function formatAmount(value: number, lang: Language): string {
  return formatNumber(value, lang, Number.isInteger(value) ? 0 : 2);
}

/** The label of an option value (the value itself when the option is gone). */
export function optionLabel(column: Column, value: string): string {
  return column.options?.find((o) => o.value === value)?.label ?? value;
}

/** A cell as plain text (cards, the gallery, screen-reader labels). */
export function displayText(
  value: unknown,
  column: Column,
  lang: Language,
  related: Record<string, string> = {},
): string {
  if (isEmpty(value)) return '';
  switch (column.dataType) {
    case 'number':
    case 'rollup':
      return typeof value === 'number' ? formatAmount(value, lang) : String(value);
    case 'formula':
      // An error's reason is stored in English ('#ERROR: Division by zero'): shown translated.
      return typeof value === 'number'
        ? formatAmount(value, lang)
        : typeof value === 'string'
          ? displayFormulaCell(value, lang)
          : String(value);
    case 'select':
    case 'status':
      return typeof value === 'string' ? optionLabel(column, value) : '';
    case 'multi-select':
      return asStrings(value)
        .map((v) => optionLabel(column, v))
        .join(', ');
    case 'relation':
      return asStrings(value)
        .map((id) => related[id] ?? '…')
        .join(', ');
    case 'person':
    case 'files':
      return asItems(value)
        .map((i) => i.label)
        .join(', ');
    case 'date':
      return typeof value === 'string' ? formatDay(value, lang) : '';
    case 'createdTime':
    case 'lastEditedTime':
      return typeof value === 'string' ? formatDateTime(value, lang) : '';
    case 'checkbox':
      return isChecked(value) ? '✓' : '';
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)(\?|#|$)/i;

/** The first image of a record's files cells: the gallery's cover. */
export function coverImage(task: Task, columns: readonly Column[]): string | null {
  for (const column of columns) {
    if (column.dataType !== 'files') continue;
    const image = asItems(task.properties[column.id]?.value).find(
      (f) => IMAGE_FILE.test(f.label) || IMAGE_FILE.test(f.value),
    );
    if (image) return image.value;
  }
  return null;
}

/** Two values are the same edit (no save needed). */
export const sameValue = sameCellValue;
