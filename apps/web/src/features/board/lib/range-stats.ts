import type { Column, Task } from '@solar/shared';
import type { CellRange } from './grid-nav';
import { cellRaw, isEmpty } from './values';

/** What a range of cells holds, as a spreadsheet's status bar shows it. */
export interface RangeStats {
  /** Cells with a value (of any type). */
  count: number;
  /** Cells holding a number (number, formula and rollup cells). */
  numbers: number;
  sum: number;
  /** The mean of the numbers; null when there are none. */
  average: number | null;
}

const NUMERIC = new Set<Column['dataType']>(['number', 'formula', 'rollup']);

/**
 * The count of the filled cells of a range of loaded records, and the sum and mean of its numbers
 * (numeric cells only: a number typed into a text cell is text, as in the summary row).
 */
export function rangeStats(rows: readonly Task[], columns: readonly Column[], range: CellRange): RangeStats {
  let count = 0;
  let numbers = 0;
  let sum = 0;
  for (let r = range.top; r <= range.bottom; r++) {
    const task = rows[r];
    if (!task) continue;
    for (let c = range.left; c <= range.right; c++) {
      const column = columns[c];
      if (!column) continue;
      const value = cellRaw(task, column.id);
      if (isEmpty(value)) continue;
      count++;
      if (NUMERIC.has(column.dataType) && typeof value === 'number' && Number.isFinite(value)) {
        numbers++;
        sum += value;
      }
    }
  }
  return { count, numbers, sum, average: numbers ? sum / numbers : null };
}
