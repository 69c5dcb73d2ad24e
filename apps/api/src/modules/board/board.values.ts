import {
  type Column,
  type DataType,
  isComputedType,
  type Language,
  numberInputText,
  parseNumberText,
} from '@solar/shared';
import type { MessageKey } from '../../lib/messages';

/** A value refused for a column: the message key of the field error. */
export class ValueError {
  constructor(readonly key: MessageKey) {}
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+()\d\s./-]{3,40}$/;

export function isValidDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Only http and https URLs pass (SPEC §5). */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{ value, label }` items (person, files). */
function valueObjects(
  v: unknown,
  max: number,
  check: (value: string) => boolean,
): { value: string; label: string }[] {
  if (!Array.isArray(v) || v.length > max) throw new ValueError('invalid_type');
  return v.map((item) => {
    if (!isRecord(item) || typeof item.value !== 'string' || !check(item.value)) {
      throw new ValueError('invalid_type');
    }
    const label = typeof item.label === 'string' ? item.label.slice(0, 300) : item.value;
    return { value: item.value, label };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks and normalises a value written to a column (SPEC §5): checkbox the string 'true' or
 * 'false', date YYYY-MM-DD, url http or https only. `null` or '' clears any writable cell.
 * A number sent as text is read in the request's language `lang` as the CSV import and the paste
 * read it (`parseNumberText`: `1.234,5` in German, `1,234.5` in English); text that is no number is
 * refused. Option values need not exist yet: the client adds the option with the property first.
 */
export function normaliseValue(column: Column, raw: unknown, lang: Language): unknown {
  const type: DataType = column.dataType;
  if (isComputedType(type)) throw new ValueError('read_only_property');
  if (raw === null || raw === undefined) return type === 'multi-select' || isListType(type) ? [] : null;
  switch (type) {
    case 'text':
    case 'title':
      if (typeof raw !== 'string') throw new ValueError('invalid_type');
      if (raw.length > 10000) throw new ValueError('too_big');
      return raw;
    case 'phone':
      if (typeof raw !== 'string') throw new ValueError('invalid_type');
      if (raw !== '' && !PHONE.test(raw.trim())) throw new ValueError('invalid_phone');
      return raw.trim();
    case 'email':
      if (typeof raw !== 'string') throw new ValueError('invalid_type');
      if (raw !== '' && !EMAIL.test(raw.trim())) throw new ValueError('invalid_email');
      return raw.trim().toLowerCase();
    case 'url':
      if (typeof raw !== 'string') throw new ValueError('invalid_type');
      if (raw !== '' && !isHttpUrl(raw.trim())) throw new ValueError('invalid_url');
      return raw.trim();
    case 'number': {
      if (raw === '') return null;
      const n =
        typeof raw === 'number' ? raw : typeof raw === 'string' ? parseNumberText(raw, lang) : undefined;
      if (n === null) return null;
      if (n === undefined || !Number.isFinite(n)) throw new ValueError('invalid_number');
      return n;
    }
    case 'select':
    case 'status':
      if (typeof raw !== 'string') throw new ValueError('invalid_type');
      if (raw.length > 200) throw new ValueError('too_big');
      return raw.trim() === '' ? null : raw.trim();
    case 'multi-select': {
      const list = Array.isArray(raw) ? raw : [raw];
      if (list.length > 100 || !list.every((v) => typeof v === 'string' && v.length <= 200)) {
        throw new ValueError('invalid_type');
      }
      return [...new Set((list as string[]).map((v) => v.trim()).filter(Boolean))];
    }
    case 'date':
      if (raw === '') return null;
      if (typeof raw !== 'string' || !isValidDate(raw)) throw new ValueError('invalid_date');
      return raw;
    case 'checkbox':
      if (raw === true || raw === 'true') return 'true';
      if (raw === false || raw === 'false') return 'false';
      throw new ValueError('invalid_checkbox');
    case 'person':
      return valueObjects(raw, 50, (v) => UUID.test(v));
    case 'files':
      return valueObjects(raw, 50, (v) => v.startsWith('/api/') || isHttpUrl(v));
    case 'relation': {
      if (!Array.isArray(raw) || raw.length > 200) throw new ValueError('invalid_type');
      const ids = raw.map((v) => (isRecord(v) ? v.value : v));
      if (!ids.every((v): v is string => typeof v === 'string' && UUID.test(v))) {
        throw new ValueError('invalid_relation');
      }
      return [...new Set(ids)];
    }
    default:
      throw new ValueError('read_only_property');
  }
}

const isListType = (t: DataType) => t === 'person' || t === 'files' || t === 'relation';

/** The text of a value, for conversions. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v))
    return v.map((e) => (isRecord(e) ? String(e.label ?? e.value ?? '') : String(e))).join(', ');
  if (isRecord(v)) return String(v.value ?? '');
  return String(v);
}

/**
 * Converts a cell value when its column changes type: best effort, never an error (a value that does
 * not fit becomes empty). Returns the new value and any option names the column must gain. Numbers
 * are read from text as a CSV import reads them, in the caller's language `lang` (`1.234,5 €` is
 * 1234.5 in German, `parseNumberText`), and written as text with every digit and the language's
 * decimal mark (`1234,5` in German), so that a number column changed to text and back keeps its values.
 */
export function convertValue(
  v: unknown,
  to: DataType,
  lang: Language,
): { value: unknown; newOptions: string[] } {
  const text = valueText(v).trim();
  const none = { value: to === 'multi-select' || isListType(to) ? [] : null, newOptions: [] };
  if (isComputedType(to)) return { value: null, newOptions: [] };
  if (text === '') return none;
  switch (to) {
    case 'text':
    case 'title':
    case 'phone':
      return { value: typeof v === 'number' ? numberInputText(v, lang) : text, newOptions: [] };
    case 'email':
      return EMAIL.test(text) ? { value: text.toLowerCase(), newOptions: [] } : none;
    case 'url':
      return isHttpUrl(text) ? { value: text, newOptions: [] } : none;
    case 'number': {
      const n = typeof v === 'number' ? v : parseNumberText(text, lang);
      return typeof n === 'number' && Number.isFinite(n) ? { value: n, newOptions: [] } : none;
    }
    case 'select':
    case 'status': {
      const first = Array.isArray(v) ? valueText(v[0]).trim() : text;
      return first ? { value: first.slice(0, 200), newOptions: [first.slice(0, 200)] } : none;
    }
    case 'multi-select': {
      const parts = (Array.isArray(v) ? v.map(valueText) : text.split(','))
        .map((s) => s.trim().slice(0, 200))
        .filter(Boolean);
      return { value: [...new Set(parts)], newOptions: [...new Set(parts)] };
    }
    case 'date':
      return isValidDate(text.slice(0, 10)) ? { value: text.slice(0, 10), newOptions: [] } : none;
    case 'checkbox':
      return {
        value: ['true', 'yes', 'ja', 'sí', '1', 'x'].includes(text.toLowerCase()) ? 'true' : 'false',
        newOptions: [],
      };
    default:
      return none;
  }
}

/** Empty as the filter rule (SPEC §5) says: missing, null, '', [], a value object without value. */
export function isEmptyCell(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  return isRecord(v) && (v.value === undefined || v.value === null || v.value === '');
}

const sameValue = (a: unknown, b: unknown) =>
  isEmptyCell(a) ? isEmptyCell(b) : JSON.stringify(a) === JSON.stringify(b);

/**
 * What converting a cell from type `from` to `converted` (its {@link convertValue}) loses: nothing
 * when converting it back gives the value again, else it was emptied or altered. A lost cell is what
 * the confirmation counts and the undo puts back.
 */
export function conversionLoss(
  v: unknown,
  converted: unknown,
  from: DataType,
  lang: Language,
): 'none' | 'emptied' | 'altered' {
  if (isEmptyCell(v)) return 'none';
  if (isEmptyCell(converted)) return 'emptied';
  return sameValue(convertValue(converted, from, lang).value, v) ? 'none' : 'altered';
}

/** Whether a cell still holds the value a type change wrote (it was not edited since). */
export const isUnchangedSince = (current: unknown, written: unknown) => sameValue(current, written);
