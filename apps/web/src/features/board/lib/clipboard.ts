import {
  type Column,
  cellText,
  type Language,
  PASTE_MAX_CELLS,
  PASTE_MAX_RECORDS,
  type PasteCell,
  type Task,
} from '@solar/shared';
import { isEditable } from './columns';
import type { CellPos, CellRange } from './grid-nav';
import { cellRaw, parseNumberInput } from './values';

/**
 * The board's clipboard (docs/board.md, "Copy and paste"): cells travel as tab-separated text, the
 * form spreadsheets put on the clipboard and read from it. A field holding a tab, a line break or a
 * quote is quoted, with its quotes doubled.
 */

/** Tab-separated text to rows of fields; one trailing line end is dropped, empty lines are empty cells. */
export function parseClipboardText(text: string): string[][] {
  const source = text.replace(/(\r\n|\n|\r)$/, '');
  if (source === '') return [];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === '"' && field === '') {
      // A quoted field, if its closing quote ends the field; else the quote is plain text.
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < source.length) {
        if (source[j] === '"') {
          if (source[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = true;
          break;
        }
        value += source[j];
        j++;
      }
      const after = source[j + 1];
      if (closed && (after === undefined || after === '\t' || after === '\n' || after === '\r')) {
        field = value;
        i = j + 1;
        continue;
      }
    }
    if (ch === '\t') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
    i++;
  }
  row.push(field);
  rows.push(row);
  return rows;
}

const quote = (field: string) => (/[\t\n\r"]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

/** Rows of fields as tab-separated text (what `parseClipboardText` reads back). */
export function clipboardText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quote).join('\t')).join('\n');
}

/** The copied text of records: each record one line, its shown columns' cells as people read them. */
export function copiedText(
  rows: readonly Task[],
  columns: readonly Column[],
  lang: Language,
  related: Record<string, string>,
): string {
  return clipboardText(rows.map((task) => columns.map((column) => cellText(column, task, lang, related))));
}

/** The rows, or the columns, a range spans. */
export function sliceOf<T>(items: readonly T[], range: CellRange, axis: 'rows' | 'columns'): T[] {
  return axis === 'rows'
    ? items.slice(range.top, range.bottom + 1)
    : items.slice(range.left, range.right + 1);
}

/** Whether a pasted or cleared value may go into a column (not computed, synced, a button or nothing). */
export function isWritable(column: Column): boolean {
  return isEditable(column) && column.dataType !== 'button' && column.dataType !== 'null';
}

export interface PasteCellText {
  id: string;
  key: string;
  text: string;
}

export interface PastePlan {
  cells: PasteCellText[];
  /** Pasted fields that met a computed or synced column: left as they were. */
  readOnly: number;
  /** Pasted fields with no cell to go to (below the last loaded record, right of the last column). */
  leftOut: number;
}

/**
 * Where pasted fields go. A block goes right and down from the active cell (from the range's first
 * cell when there is a range), as in a spreadsheet. A single value fills every cell of the range, or,
 * without one, the active column of every selected record (when several are). Cells of computed or
 * synced columns are skipped (counted in `readOnly`); fields past the loaded records or the last
 * column are counted in `leftOut`, and so is anything past the server's limits of a paste (cells and
 * records).
 */
export function planPaste(
  block: readonly (readonly string[])[],
  active: CellPos,
  rows: readonly Task[],
  columns: readonly Column[],
  selectedIds: ReadonlySet<string>,
  range: CellRange | null = null,
): PastePlan {
  const plan: PastePlan = { cells: [], readOnly: 0, leftOut: 0 };
  const records = new Set<string>();
  const full = (task: Task) =>
    plan.cells.length >= PASTE_MAX_CELLS || (!records.has(task._id) && records.size >= PASTE_MAX_RECORDS);
  const put = (task: Task | undefined, column: Column | undefined, text: string) => {
    if (!task || !column) plan.leftOut++;
    else if (!isWritable(column)) plan.readOnly++;
    else if (full(task)) plan.leftOut++;
    else {
      records.add(task._id);
      plan.cells.push({ id: task._id, key: column.id, text });
    }
  };
  const single = block.length === 1 && block[0]?.length === 1 ? (block[0]?.[0] ?? '') : null;
  if (single !== null && range) {
    for (const task of sliceOf(rows, range, 'rows'))
      for (const column of sliceOf(columns, range, 'columns')) put(task, column, single);
    return plan;
  }
  if (single !== null && selectedIds.size > 1) {
    for (const task of rows) if (selectedIds.has(task._id)) put(task, columns[active.col], single);
    return plan;
  }
  const at = range ? { row: range.top, col: range.left } : active;
  block.forEach((fields, r) => {
    fields.forEach((text, c) => {
      put(rows[at.row + r], columns[at.col + c], text);
    });
  });
  return plan;
}

/**
 * The cells of a paste as `/task/paste` takes them. Number cells are read here in the UI language's
 * pattern, as typed numbers are (`1.234` in German is 1234, `1,234` in English too), and sent as
 * values. Text that is no number in that pattern (`1,234.5` in German, `12 %`) is left to the server,
 * which reads it as the CSV import does (`parseNumberText`: the request's language, which the client
 * sends as Accept-Language, then the other language's unambiguous form) and names the cells it cannot.
 */
export function pasteCellsOf(
  cells: readonly PasteCellText[],
  columns: readonly Column[],
  lang: Language,
): PasteCell[] {
  const numeric = new Set(columns.filter((c) => c.dataType === 'number').map((c) => c.id));
  return cells.map((cell) => {
    if (!numeric.has(cell.key)) return cell;
    const value = parseNumberInput(cell.text, lang);
    return value === undefined ? cell : { id: cell.id, key: cell.key, value };
  });
}

export interface FillPlan {
  cells: { id: string; key: string; value: unknown }[];
  /** Columns of the fill that are computed or synced: left as they were. */
  readOnly: number;
}

/**
 * Fill down (Ctrl+D, as in spreadsheets): the first row of the range goes into the rows below it,
 * column by column, as stored values (people, relations and options exactly as they are). Without a
 * range of several rows, the cell above goes into the active cell (each column of a one-row range).
 */
export function planFillDown(
  active: CellPos,
  range: CellRange | null,
  rows: readonly Task[],
  columns: readonly Column[],
): FillPlan {
  const plan: FillPlan = { cells: [], readOnly: 0 };
  const tall = range !== null && range.bottom > range.top;
  const source = rows[tall ? range.top : active.row - 1];
  const targets = tall
    ? rows.slice(range.top + 1, range.bottom + 1)
    : active.row > 0
      ? [rows[active.row]]
      : [];
  const span = range ? sliceOf(columns, range, 'columns') : [columns[active.col]];
  if (!source) return plan;
  for (const column of span) {
    if (!column) continue;
    if (!isWritable(column)) {
      plan.readOnly++;
      continue;
    }
    const value = cellRaw(source, column.id) ?? null;
    for (const task of targets) if (task) plan.cells.push({ id: task._id, key: column.id, value });
  }
  return plan;
}

/** A key's label as the user's keyboard names it: ⌘ for Ctrl (Strg) and ⌥ for Alt on Apple systems. */
export function keyLabel(label: string, isApple: boolean): string {
  return isApple ? label.replace(/^(Ctrl|Strg)\+/, '⌘').replace(/^Alt\+/, '⌥') : label;
}
