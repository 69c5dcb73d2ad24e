/** The active cell of the grid: a row index (of the records shown) and a column index. */
export interface CellPos {
  row: number;
  col: number;
}

const PAGE_ROWS = 10;

/**
 * Where the active cell goes on a navigation key (arrows, Tab and Shift+Tab wrapping across rows,
 * Home/End, PageUp/PageDown). Null when the key is not a navigation key.
 */
export function nextCell(
  pos: CellPos,
  key: string,
  shiftKey: boolean,
  size: { rows: number; cols: number },
): CellPos | null {
  if (size.rows === 0 || size.cols === 0) return null;
  const clampRow = (r: number) => Math.min(size.rows - 1, Math.max(0, r));
  const clampCol = (c: number) => Math.min(size.cols - 1, Math.max(0, c));
  switch (key) {
    case 'ArrowUp':
      return { row: clampRow(pos.row - 1), col: pos.col };
    case 'ArrowDown':
      return { row: clampRow(pos.row + 1), col: pos.col };
    case 'ArrowLeft':
      return { row: pos.row, col: clampCol(pos.col - 1) };
    case 'ArrowRight':
      return { row: pos.row, col: clampCol(pos.col + 1) };
    case 'Home':
      return { row: pos.row, col: 0 };
    case 'End':
      return { row: pos.row, col: size.cols - 1 };
    case 'PageUp':
      return { row: clampRow(pos.row - PAGE_ROWS), col: pos.col };
    case 'PageDown':
      return { row: clampRow(pos.row + PAGE_ROWS), col: pos.col };
    case 'Tab': {
      const index = pos.row * size.cols + pos.col + (shiftKey ? -1 : 1);
      const last = size.rows * size.cols - 1;
      const clamped = Math.min(last, Math.max(0, index));
      return { row: Math.floor(clamped / size.cols), col: clamped % size.cols };
    }
    default:
      return null;
  }
}

/**
 * Whether Tab (Shift+Tab when `backwards`) on the active cell `pos` leaves the grid: from the last cell
 * of its row (the first one backwards), so the Tab key is never held by a grid of thousands of rows.
 * The cell editor's Tab still wraps to the next row (`nextCell`): it is typing data in, row by row.
 */
export function leavesRow(pos: CellPos, backwards: boolean, cols: number): boolean {
  return backwards ? pos.col <= 0 : pos.col >= cols - 1;
}

/** Whether a key typed on an active cell starts editing it with that character (spreadsheet style). */
export function isTypingKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ';
}

/** A rectangle of cells (inclusive bounds), from the anchor of a Shift selection to the active cell. */
export interface CellRange {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The cells between `anchor` and `active`, or null for no anchor or a single cell. */
export function rangeOf(anchor: CellPos | null, active: CellPos | null): CellRange | null {
  if (!anchor || !active || (anchor.row === active.row && anchor.col === active.col)) return null;
  return {
    top: Math.min(anchor.row, active.row),
    bottom: Math.max(anchor.row, active.row),
    left: Math.min(anchor.col, active.col),
    right: Math.max(anchor.col, active.col),
  };
}

/** Whether a key extends the cell range (Shift with an arrow, Home/End or PageUp/PageDown; not Tab). */
export function extendsRange(event: { key: string; shiftKey: boolean }): boolean {
  return event.shiftKey && event.key !== 'Tab';
}
