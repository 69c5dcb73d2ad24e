import type { Column, Task } from '@solar/shared';
import type { KeyboardEvent } from 'react';
import { TITLE_KEY } from '../../lib/columns';
import {
  type CellPos,
  type CellRange,
  extendsRange,
  isTypingKey,
  leavesRow,
  nextCell,
} from '../../lib/grid-nav';
import { isTextType } from '../../lib/text-value';

interface GridKeysOptions {
  rows: Task[];
  columns: Column[];
  active: CellPos | null;
  isEditing: boolean;
  /** A Shift selection of several cells, or null. */
  range: CellRange | null;
  setActive: (pos: CellPos | null, extend?: boolean) => void;
  clearRange: () => void;
  /** Empties the range's writable cells (one change, undone as one). */
  clearCells: (range: CellRange) => void;
  /** Ctrl+D: copies the range's first row into the rows below it (or the cell above into this one). */
  fillDown: () => void;
  /** The context-menu key or Shift+F10: the cell menu at the active cell. */
  openMenu: () => void;
  startEdit: (pos: CellPos, seed?: string) => void;
  clearCell: (pos: CellPos) => void;
  toggleRow: (task: Task) => void;
  openRecord: (task: Task) => void;
  clearSelection: () => boolean;
  /** Alt+↑ / Alt+↓: the selected records (or the active one) one row up or down. */
  moveRows: (direction: -1 | 1) => void;
  /** Takes the key for a new record that is on its way (its name), before anything else. */
  typeAhead?: (event: KeyboardEvent) => boolean;
}

/**
 * The grid's keys (on the grid element; editors keep their own): arrows, Tab, Home/End and PageUp/Down
 * move the active cell (Tab along
 * the row, leaving the grid at its end; with Shift, but for Tab, they span a range of cells from where
 * the cursor was), Enter or F2 edits it, typing starts editing text and dates, Delete clears (the whole range),
 * Space selects the row, Shift+Enter opens the record, Ctrl+D fills down, the context-menu key or
 * Shift+F10 opens the cell menu, Alt+↑ / Alt+↓ move the records up or down, Escape drops the range,
 * else clears the row selection (the active cell stays).
 */
export function useGridKeys(o: GridKeysOptions) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // Before the editing check: a new record's name editor is on its way and not focused yet.
    if (o.typeAhead?.(event)) {
      event.preventDefault();
      return;
    }
    if (o.isEditing) return;
    const size = { rows: o.rows.length, cols: o.columns.length };
    if (!o.active) {
      if (
        ['ArrowDown', 'ArrowRight', 'Enter', 'Tab'].includes(event.key) &&
        !event.shiftKey &&
        size.rows > 0
      ) {
        event.preventDefault();
        o.setActive({ row: 0, col: 0 });
      } else if (event.key === 'Escape') {
        o.clearSelection();
      }
      return;
    }
    const pos = o.active;
    if (
      event.altKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      (event.key === 'ArrowUp' || event.key === 'ArrowDown')
    ) {
      event.preventDefault();
      o.moveRows(event.key === 'ArrowUp' ? -1 : 1);
      return;
    }
    const next = nextCell(pos, event.key, event.shiftKey, size);
    if (next) {
      // Tab moves along the row and leaves the grid from its last cell (Shift+Tab from its first), to
      // the next control of the page: a grid of thousands of rows must not hold the Tab key.
      if (event.key === 'Tab' && leavesRow(pos, event.shiftKey, size.cols)) return;
      event.preventDefault();
      o.setActive(next, extendsRange(event));
      return;
    }
    const task = o.rows[pos.row];
    const column = o.columns[pos.col];
    if (!task || !column) return;
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      o.openMenu();
      return;
    }
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'd') {
      // The browser's bookmark key gives way to the spreadsheet's fill down, on the table only.
      event.preventDefault();
      o.fillDown();
      return;
    }
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      o.openRecord(task);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      o.startEdit(pos);
    } else if (event.key === ' ') {
      event.preventDefault();
      if (column.dataType === 'checkbox') o.startEdit(pos);
      else o.toggleRow(task);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && o.range) {
      event.preventDefault();
      o.clearCells(o.range);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && column.id !== TITLE_KEY) {
      event.preventDefault();
      o.clearCell(pos);
    } else if (event.key === 'Escape' && o.range) {
      o.clearRange();
    } else if (event.key === 'Escape') {
      // Clears the row selection only: the cursor stays, so the arrows go on from the same cell. An
      // Escape pressed just after a picker closed itself on a pick (Enter) lands here, and dropping the
      // cursor then lost the user's place in the grid.
      o.clearSelection();
    } else if (isTypingKey(event) && (isTextType(column.dataType) || column.dataType === 'date')) {
      // A date cell opens its editor with the character as the start of the typed date.
      event.preventDefault();
      o.startEdit(pos, event.key);
    }
  };
}
