import { z } from 'zod';
import type { DataType } from './schema';

/**
 * Column calculations: the table's summary row (docs/board.md "Calculations"). A view keeps one
 * calculation per column; `POST /task/calculate` works it out over every record the view's filters
 * and search let through, not only the loaded page.
 */
const COUNTS = [
  'countAll',
  'countValues',
  'countEmpty',
  'countUnique',
  'percentFilled',
  'percentEmpty',
] as const;
const NUMBERS = ['sum', 'average', 'median', 'min', 'max', 'range'] as const;
const DATES = ['earliest', 'latest', 'dateRange'] as const;
const CHECKS = ['checked', 'unchecked', 'percentChecked', 'percentUnchecked'] as const;

export const CALCULATIONS = [...COUNTS, ...NUMBERS, ...DATES, ...CHECKS] as const;
export type Calculation = (typeof CALCULATIONS)[number];

/** At most this many calculations a view (one per column; a board has far fewer columns). */
export const CALCULATIONS_MAX = 60;

const NUMBER_TYPES: ReadonlySet<DataType> = new Set(['number', 'formula', 'rollup']);
const DATE_TYPES: ReadonlySet<DataType> = new Set(['date', 'createdTime', 'lastEditedTime']);

/** The calculations a column of this type offers, in the order its menu lists them. */
export function calculationsFor(dataType: DataType): readonly Calculation[] {
  if (dataType === 'button' || dataType === 'null') return [];
  if (dataType === 'checkbox') return ['countAll', ...CHECKS];
  if (NUMBER_TYPES.has(dataType)) return [...COUNTS, ...NUMBERS];
  if (DATE_TYPES.has(dataType)) return [...COUNTS, ...DATES];
  return COUNTS;
}

/** Whether a calculation answers a share (0–100) rather than a count or a value of the column. */
export const isPercent = (c: Calculation): boolean => c.startsWith('percent');

/** Whether a calculation answers a number of records (or of distinct values). */
export const isCount = (c: Calculation): boolean =>
  c === 'countAll' ||
  c === 'countValues' ||
  c === 'countEmpty' ||
  c === 'countUnique' ||
  c === 'checked' ||
  c === 'unchecked';

/** A view's calculations: the column's key and what is worked out for it. */
export const Calculations = z
  .record(z.string().min(1).max(100), z.enum(CALCULATIONS))
  .refine((r) => Object.keys(r).length <= CALCULATIONS_MAX, { error: 'too_big' });
export type Calculations = z.infer<typeof Calculations>;

/**
 * The result of one calculation: a number (counts, shares 0–100, sums, averages, a range of days),
 * a date or time as stored (earliest, latest), or null when there is nothing to work out (the
 * average of no numbers).
 */
export const CalculationValue = z.union([z.number(), z.string(), z.null()]);
export type CalculationValue = z.infer<typeof CalculationValue>;
