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
 *     - a number by equal numeric value (a chosen value that is not a number never matches); a
 *       computed number (a cell of a formula or rollup column) when both, rounded to
 *       COMPUTED_NUMBER_DIGITS significant digits, are equal (`computedNumberRange`),
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

/**
 * The significant digits to which a number filter compares a computed number (a formula's or a
 * rollup's result) with its chosen value: such a result carries binary noise (`3 * 1.1` is
 * 3.3000000000000003, a sum of 0.1 and 0.2 is 0.30000000000000004) that the board never shows and no
 * user types. Twelve keep every digit a user means and drop the noise, which sits in the 16th or 17th.
 */
export const COMPUTED_NUMBER_DIGITS = 12;

/** Whether a column type's numbers are computed from other numbers (compared rounded, above). */
export const isComputedNumberType = (type: unknown): boolean => type === 'formula' || type === 'rollup';

/** An exact decimal: ±`digits` × 10^`exponent`. */
interface Decimal {
  negative: boolean;
  digits: bigint;
  exponent: number;
}

/** A decimal's text: plain (`-12.50`) or with an exponent (`1e-7`, as JavaScript writes some numbers). */
function decimalOf(text: string): Decimal | null {
  const m = /^\s*(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?\s*$/i.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? '';
  return {
    negative: m[1] === '-',
    digits: BigInt(`${m[2]}${fraction}`),
    exponent: Number(m[4] ?? 0) - fraction.length,
  };
}

const MANTISSA_MIN = 10n ** BigInt(COMPUTED_NUMBER_DIGITS - 1);
const MANTISSA_END = 10n ** BigInt(COMPUTED_NUMBER_DIGITS);

/**
 * A decimal rounded to COMPUTED_NUMBER_DIGITS significant digits, half away from zero (as
 * PostgreSQL's `numeric` rounds), its digits exactly that many (zero is 0 × 10^0), so that two
 * rounded decimals are equal exactly when their fields are.
 */
function roundedDecimal(d: Decimal): Decimal {
  if (d.digits === 0n) return { negative: false, digits: d.digits, exponent: 0 };
  const shift = d.digits.toString().length - COMPUTED_NUMBER_DIGITS;
  if (shift <= 0) return { ...d, digits: d.digits * 10n ** BigInt(-shift), exponent: d.exponent + shift };
  const unit = 10n ** BigInt(shift);
  let digits = d.digits / unit;
  if ((d.digits % unit) * 2n >= unit) digits += 1n;
  if (digits === MANTISSA_END) return { ...d, digits: MANTISSA_MIN, exponent: d.exponent + shift + 1 };
  return { ...d, digits, exponent: d.exponent + shift };
}

/** A decimal as plain text (`-3.29999999999995`), which PostgreSQL reads as an exact `numeric`. */
function decimalText(negative: boolean, digits: bigint, exponent: number): string {
  const sign = negative && digits !== 0n ? '-' : '';
  if (exponent >= 0) return `${sign}${digits}${'0'.repeat(exponent)}`;
  const text = digits.toString().padStart(1 - exponent, '0');
  return `${sign}${text.slice(0, exponent)}.${text.slice(exponent)}`;
}

/**
 * The numbers a chosen value (plain digits with `.`, as a number filter stores it) matches as a
 * computed number, as a PostgreSQL `numrange` literal: every number that rounds to the same
 * COMPUTED_NUMBER_DIGITS significant digits (`3.3` gives `[3.2999999999950,3.3000000000050)`).
 * The API's filter SQL compares a formula's or rollup's stored result with it; `cellPasses`
 * compares the rounded numbers themselves, which is the same rule. Null for a value that is no number.
 */
export function computedNumberRange(chosen: string): string | null {
  if (!NUMBER_TEXT.test(chosen)) return null;
  const parsed = decimalOf(chosen);
  if (!parsed) return null;
  const r = roundedDecimal(parsed);
  if (r.digits === 0n) return '[0,0]';
  // Half a unit of the last kept digit either side, in hundredths of that unit; below a power of ten
  // (1.00000000000) the numbers just under it have a digit more, so half of their unit.
  const centi = r.digits * 100n;
  const low = centi - (r.digits === MANTISSA_MIN ? 5n : 50n);
  const high = centi + 50n;
  const exponent = r.exponent - 2;
  // Half away from zero: the half below is kept by a positive value, the half above by a negative one.
  return r.negative
    ? `(${decimalText(true, high, exponent)},${decimalText(true, low, exponent)}]`
    : `[${decimalText(false, low, exponent)},${decimalText(false, high, exponent)})`;
}

/**
 * A computed number rounded to COMPUTED_NUMBER_DIGITS significant digits by the filter's rule (its
 * shortest digits, half away from zero): `3 * 1.1` gives 3.3. Formulas compare numbers so rounded, so
 * that `prop("Price") * 1.1 == 3.3` holds where a filter on that result finds 3.3. The rounding is
 * monotone, so it keeps `<` and `>` too, and two numbers give the same result exactly when a filter
 * would count them equal.
 */
export function roundedComputedNumber(value: number): number {
  const d = decimalOf(String(value));
  if (!d) return value;
  const r = roundedDecimal(d);
  return Number(decimalText(r.negative, r.digits, r.exponent));
}

/** Whether a computed number equals a chosen value once both are rounded (`computedNumberRange`). */
function sameComputedNumber(value: number, chosen: string): boolean {
  if (!NUMBER_TEXT.test(chosen)) return false;
  // The number's text as JSON stores it (and PostgreSQL's filter reads it): its shortest digits.
  const a = decimalOf(String(value));
  const b = decimalOf(chosen);
  if (!a || !b) return false;
  const x = roundedDecimal(a);
  const y = roundedDecimal(b);
  return x.negative === y.negative && x.digits === y.digits && x.exponent === y.exponent;
}

function matchesOne(value: unknown, chosen: string, computed: boolean): boolean {
  const needle = chosen.toLowerCase();
  if (typeof value === 'string') return value.toLowerCase().includes(needle);
  if (typeof value === 'number') {
    if (computed) return sameComputedNumber(value, chosen);
    return NUMBER_TEXT.test(chosen) && Number(chosen) === value;
  }
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

/**
 * Whether one cell passes one filter value (SPEC §5). A `{ type, icon, value }` cell of a formula
 * or rollup column compares its number rounded (`computedNumberRange`).
 */
export function cellPasses(cell: unknown, filterValue: FilterValue): boolean {
  const chosen = chosenValues(filterValue);
  if (chosen.length === 0) return true;
  const value = cellValue(cell);
  if (isEmptyValue(value)) return true;
  const computed = isRecord(cell) && isComputedNumberType(cell.type);
  return chosen.some((c) => matchesOne(value, c, computed));
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
