import type { ViewFilter } from './schema';

/**
 * The board's filter rule (SPEC §5), shared by the client (instant updates) and mirrored in SQL by
 * the API's `/task/filter` (apps/api/src/modules/board/board.sql.ts). One table of cases
 * (filter-cases.ts) tests both.
 *
 * A row passes a filter when
 *  1. the filter has no value (undefined, null, '', [] or only blank strings), or
 *  2. the cell is empty (missing, null, '', [], or an object whose `value` is missing, null or ''), or
 *  3. the cell matches any chosen value:
 *     - a string by case-insensitive containment (the chosen value inside the cell),
 *     - an array by inclusion (an element equal to the chosen value; an element that is a value
 *       object `{ value }` compares its value; numbers by their decimal text),
 *     - a value object `{ value }` by case-insensitive containment on its value's text,
 *     - a number by equal numeric value (a chosen value that is not a number never matches),
 *     - a boolean by its text 'true' or 'false', case-insensitive.
 * A row passes a list of filters when it passes every one of them.
 */

export type FilterValue = ViewFilter['value'];

/** The chosen values of a filter: strings, without blanks. Empty means "no value". */
export function chosenValues(value: FilterValue): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => typeof v === 'string' && v.trim() !== '');
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A cell's raw value: a `{ type, icon, value }` cell gives its value; anything else is the value. */
export function cellValue(cell: unknown): unknown {
  if (isRecord(cell) && 'type' in cell && 'value' in cell) return cell.value;
  return cell;
}

/** Empty cells pass every filter (SPEC §5). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) {
    const inner = value.value;
    return inner === undefined || inner === null || inner === '';
  }
  return false;
}

/** JSON with every object's keys in order: jsonb and a browser's objects may list them differently. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Whether two cell values are the same: both empty (however), or equal as JSON whatever the key order. */
export function sameCellValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  return canonicalJson(a) === canonicalJson(b);
}

/** Text of a scalar as PostgreSQL's `#>> '{}'` gives it for a JSON scalar. */
function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return null;
}

const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

function matchesOne(value: unknown, chosen: string): boolean {
  const needle = chosen.toLowerCase();
  if (typeof value === 'string') return value.toLowerCase().includes(needle);
  if (typeof value === 'number') return NUMBER_TEXT.test(chosen) && Number(chosen) === value;
  if (typeof value === 'boolean') return (value ? 'true' : 'false') === needle;
  if (Array.isArray(value)) {
    return value.some((element) => {
      const inner = isRecord(element) ? element.value : element;
      return scalarText(inner) === chosen;
    });
  }
  if (isRecord(value)) {
    const text = scalarText(value.value);
    return text?.toLowerCase().includes(needle) ?? false;
  }
  return false;
}

/** Whether one cell passes one filter value (SPEC §5). */
export function cellPasses(cell: unknown, filterValue: FilterValue): boolean {
  const chosen = chosenValues(filterValue);
  if (chosen.length === 0) return true;
  const value = cellValue(cell);
  if (isEmptyValue(value)) return true;
  return chosen.some((c) => matchesOne(value, c));
}

/** A record as far as filtering is concerned: the name and the cells by property key. */
export interface FilterableRecord {
  taskName?: string;
  properties: Record<string, unknown>;
}

/** The cell a filter column reads: `taskName` is the record's name, anything else a property. */
export function filterCell(record: FilterableRecord, column: string): unknown {
  if (column === 'taskName') return record.taskName ?? '';
  return record.properties[column];
}

/** Whether a record passes every filter. */
export function rowPasses(record: FilterableRecord, filters: readonly ViewFilter[]): boolean {
  return filters.every((f) => cellPasses(filterCell(record, f.column), f.value));
}
