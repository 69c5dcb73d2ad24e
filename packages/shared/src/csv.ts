/**
 * CSV as spreadsheets read and write it (RFC 4180): fields quoted when they hold the delimiter, a quote
 * or a line break, quotes doubled inside, CRLF between records. Exports start with a byte-order mark so
 * Excel reads UTF-8, and cells that a spreadsheet would run as a formula are made inert.
 */

import type { Language } from './enums';

export type CsvDelimiter = ',' | ';' | '\t';
export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/** The delimiter spreadsheets of the language expect: German Excel splits on `;`. */
export const csvDelimiterFor = (lang: Language): CsvDelimiter => (lang === 'de' ? ';' : ',');

/** A number as a spreadsheet of the language reads it: no grouping, `1234,5` in German, `1234.5` otherwise. */
export function csvNumber(n: number, lang: Language): string {
  const text = String(n);
  return lang === 'de' ? text.replace('.', ',') : text;
}

/** Excel reads a file as UTF-8 only with this mark. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return runs as a formula in Excel and
 * LibreOffice (CSV injection). Such text gets a leading apostrophe, which spreadsheets hide; numbers
 * such as `-5` stay as they are. `fromSafeCell` takes the apostrophe off again on import.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-\d[\d.,\s]*$/;

export function toSafeCell(text: string): string {
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text;
}

export function fromSafeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

function quoteField(field: string, delimiter: CsvDelimiter): string {
  return field.includes(delimiter) || /["\r\n]/.test(field) || /^\s|\s$/.test(field)
    ? `"${field.replaceAll('"', '""')}"`
    : field;
}

/** Rows to CSV text (with the byte-order mark), every cell made safe for spreadsheets. */
export function toCsv(rows: readonly (readonly string[])[], delimiter: CsvDelimiter = ','): string {
  const lines = rows.map((row) => row.map((cell) => quoteField(toSafeCell(cell), delimiter)).join(delimiter));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** The delimiter of a CSV text: the candidate seen most often outside quotes on its first line. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text.replace(/^\uFEFF/, '')) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch as CsvDelimiter)) {
      counts.set(ch as CsvDelimiter, (counts.get(ch as CsvDelimiter) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const d of CSV_DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

export class CsvError extends Error {
  constructor(
    readonly reason: 'unclosed_quote' | 'too_many_rows' | 'too_many_columns',
    readonly line: number,
  ) {
    super(`${reason} at line ${line}`);
  }
}

export interface ParseOptions {
  delimiter?: CsvDelimiter;
  /** Refuse files with more records than this (the header included). */
  maxRows?: number;
  maxColumns?: number;
}

/**
 * CSV text to rows: the byte-order mark dropped, quoted fields with delimiters, doubled quotes and line
 * breaks, CRLF, LF or CR line ends, blank lines skipped, safe-cell apostrophes removed.
 */
export function parseCsv(text: string, options: ParseOptions = {}): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const delimiter = options.delimiter ?? detectDelimiter(source);
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const maxColumns = options.maxColumns ?? Number.POSITIVE_INFINITY;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 1;

  const endField = () => {
    row.push(fromSafeCell(field));
    if (row.length > maxColumns) throw new CsvError('too_many_columns', line);
    field = '';
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) {
      rows.push(row);
      if (rows.length > maxRows) throw new CsvError('too_many_rows', line);
    }
    row = [];
  };

  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (ch === delimiter) endField();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
    } else field += ch;
  }
  if (quoted) throw new CsvError('unclosed_quote', quoteLine);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
