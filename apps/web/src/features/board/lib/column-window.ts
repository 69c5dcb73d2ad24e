/**
 * Which of a grid row's columns are drawn: the ones in view (and a column either side), the
 * pinned ones (the name) and the active cell's, with spacers of the hidden columns' widths between,
 * so every drawn cell sits where it would in the full row. Scrolling a wide board down then lays out
 * and paints the 8 or so columns on screen instead of all of them (bench/README.md, "In the browser").
 */
import { TITLE_KEY } from './columns';

/** The columns in view: `start` to `end`, both included (column indexes of the grid). */
export interface ColumnRange {
  start: number;
  end: number;
}

/** What a row draws after its pinned columns: a column, or a gap as wide as the columns it stands for. */
export type WindowItem = { col: number } | { gap: number; key: string };

/** How many columns stay in view while scrolling sideways: the name column, when it is first. */
export const pinnedCount = (columns: readonly { id: string }[]) => (columns[0]?.id === TITLE_KEY ? 1 : 0);

/** The width of the select box before the first column (grid.module.css, .selectCell). */
export const SELECT_WIDTH = 44;

/** Columns drawn beyond each edge of the view: a short sideways scroll shows them without waiting. */
const OVERSCAN = 1;

/**
 * The columns from `pinned` on that meet the view `[scrollLeft, scrollLeft + viewWidth)` of the row
 * (whose first `pinned` columns start after the select box), and one either side.
 */
export function columnRange(
  widths: readonly number[],
  pinned: number,
  scrollLeft: number,
  viewWidth: number,
): ColumnRange {
  const count = widths.length;
  if (count <= pinned) return { start: pinned, end: pinned - 1 };
  let x = SELECT_WIDTH;
  for (let col = 0; col < pinned; col++) x += widths[col] ?? 0;
  const left = Math.max(0, scrollLeft);
  const right = left + Math.max(0, viewWidth);
  let start = -1;
  let end = count - 1;
  for (let col = pinned; col < count; col++) {
    const next = x + (widths[col] ?? 0);
    if (start < 0 && next > left) start = col;
    if (x >= right) {
      end = col - 1;
      break;
    }
    x = next;
  }
  if (start < 0) start = count - 1;
  end = Math.max(end, start);
  return {
    start: Math.max(pinned, start - OVERSCAN),
    end: Math.min(count - 1, end + OVERSCAN),
  };
}

export const sameRange = (a: ColumnRange, b: ColumnRange) => a.start === b.start && a.end === b.end;

/**
 * The items a row draws after its pinned columns: the range's columns and `extra` (the active or
 * edited cell, drawn wherever it is so the cursor and an open editor never lose their element),
 * with gaps for the columns left out before and between them. Nothing stands for the columns after
 * the last one drawn: the row is as wide as the grid by its CSS.
 */
export function windowItems(
  widths: readonly number[],
  pinned: number,
  range: ColumnRange,
  extra: number | null,
): WindowItem[] {
  const cols: number[] = [];
  const addExtra = extra !== null && extra >= pinned && extra < widths.length;
  if (addExtra && extra < range.start) cols.push(extra);
  for (let col = Math.max(pinned, range.start); col <= Math.min(range.end, widths.length - 1); col++)
    cols.push(col);
  if (addExtra && extra > range.end) cols.push(extra);
  const items: WindowItem[] = [];
  let next = pinned;
  for (const col of cols) {
    let gap = 0;
    for (let c = next; c < col; c++) gap += widths[c] ?? 0;
    if (gap > 0) items.push({ gap, key: `gap${next}` });
    items.push({ col });
    next = col + 1;
  }
  return items;
}
