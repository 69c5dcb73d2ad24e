import {
  type Calculation,
  type Calculations,
  type CalculationValue,
  type Column,
  calculationsFor,
  formatNumber,
  isCount,
  isPercent,
  type Language,
  type TaskCalculateRequest,
  type TaskFilterRequest,
  withUnit,
} from '@solar/shared';
import { TITLE_KEY } from './columns';
import { displayText } from './values';

/** The view's calculations of the shown columns that their types still offer (a retyped column's are dropped). */
export function shownCalculations(
  calculations: Calculations | undefined,
  shown: readonly Column[],
): Calculations {
  const out: Calculations = {};
  for (const column of shown) {
    const calc = calculations?.[column.id];
    if (calc && calculationsFor(column.dataType).includes(calc)) out[column.id] = calc;
  }
  return out;
}

/**
 * The `/task/calculate` body of a view's records (its filters and search; the order does not matter),
 * with its grouping, so each group row shows its own results.
 */
export function calculateBody(body: TaskFilterRequest, calculations: Calculations): TaskCalculateRequest {
  return {
    board: body.board,
    projectId: body.projectId ?? null,
    filters: body.filters ?? [],
    ...(body.search ? { search: body.search } : {}),
    ...(body.deleted ? { deleted: true } : {}),
    ...(body.groupBy ? { groupBy: body.groupBy } : {}),
    calculations,
  };
}

/**
 * A share, 0–100, with one decimal when it has one: '33,3 %' in German and Spanish (number and '%'
 * joined by a no-break space, as `withUnit` joins every unit), '33.3%' in English.
 */
export function percentText(value: number, lang: Language): string {
  const rounded = Math.round(value * 10) / 10;
  const text = formatNumber(rounded, lang, Number.isInteger(rounded) ? 0 : 1);
  return lang === 'en' ? `${text}%` : withUnit(text, '%');
}

/**
 * A calculation's result as the summary row shows it: counts as whole numbers, shares in per cent,
 * sums, averages and dates in the column's own form (its numbers, dates or times), a range of days
 * through `days`; '–' when there is nothing to work out.
 */
export function calculationText(
  calc: Calculation,
  value: CalculationValue | undefined,
  column: Column,
  lang: Language,
  days: (count: number) => string,
): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return displayText(value, column, lang) || value;
  if (isPercent(calc)) return percentText(value, lang);
  if (isCount(calc)) return formatNumber(value, lang);
  if (calc === 'dateRange') return days(value);
  // Sums and the like of a number column read as its cells do (two decimals when not whole).
  return displayText(value, { ...column, dataType: 'number' }, lang);
}

/** The width of the grid's checkbox column, before the first property. */
const SELECT_WIDTH = 44;

/** Where a group row shows a column's calculation: the column, its place and width in the row. */
export interface GroupCalcCell {
  column: Column;
  col: number;
  left: number;
  width: number;
  calc: Calculation;
}

/**
 * The cells of a group row's calculations: each calculated column at its place in the row (after the
 * checkbox column and the columns before it); the name column holds the group's name instead.
 */
export function groupCalcCells(
  shown: readonly Column[],
  widths: readonly number[],
  calculations: Calculations,
): GroupCalcCell[] {
  const cells: GroupCalcCell[] = [];
  let left = SELECT_WIDTH;
  shown.forEach((column, col) => {
    const width = widths[col] ?? 200;
    const calc = calculations[column.id];
    if (calc && column.id !== TITLE_KEY) cells.push({ column, col, left, width, calc });
    left += width;
  });
  return cells;
}
