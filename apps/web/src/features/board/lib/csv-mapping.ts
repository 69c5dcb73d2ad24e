import { type Column, isComputedType } from '@solar/shared';

/** The key of the record name (the title column). */
const TITLE_KEY = 'taskName';

/** Columns a CSV column can fill: the name and every writable property (not computed, not synced). */
export function importableColumns(columns: Record<string, Column>): Column[] {
  return Object.values(columns)
    .filter(
      (c) =>
        c.id === TITLE_KEY ||
        (!isComputedType(c.dataType) && !c.synced && c.dataType !== 'button' && c.dataType !== 'null'),
    )
    .sort((a, b) => (a.id === TITLE_KEY ? -1 : b.id === TITLE_KEY ? 1 : a.position - b.position));
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The first guess of the mapping: each CSV header matched to the property of the same label or key
 * (ignoring case and spaces at the ends), each property used once; the first column is the name when
 * nothing else matched it.
 */
export function guessMapping(header: string[], columns: Record<string, Column>): (string | null)[] {
  const candidates = importableColumns(columns);
  const used = new Set<string>();
  const mapping = header.map((h) => {
    const match = candidates.find(
      (c) => !used.has(c.id) && (norm(c.label) === norm(h) || norm(c.id) === norm(h)),
    );
    if (!match) return null;
    used.add(match.id);
    return match.id;
  });
  if (!used.has(TITLE_KEY) && mapping.length > 0 && mapping[0] === null) mapping[0] = TITLE_KEY;
  return mapping;
}

/** A column's first non-empty value, shown beside the mapping as an example. */
export function sampleOf(rows: string[][], index: number): string {
  for (const row of rows) {
    const value = row[index]?.trim();
    if (value) return value.length > 60 ? `${value.slice(0, 59)}…` : value;
  }
  return '';
}

/**
 * The rows without the empty ones at the end: spreadsheets save rows that once held something as
 * bare delimiters (`;;;;`), which would only come back as rows without a name. Rows further up stay,
 * so the row numbers of the check still count the file's rows.
 */
export function withoutTrailingEmptyRows(rows: string[][]): string[][] {
  let end = rows.length;
  while (end > 0 && (rows[end - 1] ?? []).every((cell) => cell.trim() === '')) end--;
  return end === rows.length ? rows : rows.slice(0, end);
}
