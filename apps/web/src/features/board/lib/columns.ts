import { type Board, type Column, type DataType, isComputedType, type Role, type View } from '@solar/shared';

/** The record title column: its key is always `taskName` (the record's name). */
export const TITLE_KEY = 'taskName';

/** Width of a column that has none saved, by data type (px). */
const DEFAULT_WIDTHS: Partial<Record<DataType, number>> = {
  title: 280,
  number: 120,
  checkbox: 96,
  date: 140,
  select: 160,
  status: 160,
  phone: 150,
  id: 80,
  rollup: 130,
  button: 130,
  createdTime: 170,
  lastEditedTime: 170,
};
export const MIN_COLUMN_WIDTH = 80;
export const MAX_COLUMN_WIDTH = 1200;

/** Types the grouping (kanban columns, table sections) can use. */
export const isGroupable = (column: Column | undefined): column is Column =>
  column?.dataType === 'select' || column?.dataType === 'status';

/** Number-like columns a kanban header can sum. */
export const isSummable = (column: Column | undefined): column is Column =>
  column?.dataType === 'number' || column?.dataType === 'rollup' || column?.dataType === 'formula';

/**
 * The board's columns in display order: the title first, then the view's saved order, then columns the
 * order does not know yet (new ones) by their board position.
 */
export function orderColumns(properties: Record<string, Column>, order: readonly string[] = []): Column[] {
  const rank = new Map(order.map((key, index) => [key, index]));
  const score = (c: Column) => (c.id === TITLE_KEY ? -1 : (rank.get(c.id) ?? order.length + c.position));
  return Object.values(properties)
    .filter((c) => c.dataType !== 'null')
    .sort((a, b) => score(a) - score(b) || a.position - b.position);
}

/** The columns a table shows: ordered, without the hidden ones (the title is never hidden). */
export function visibleColumns(properties: Record<string, Column>, view: View | null): Column[] {
  const hidden = new Set(view?.hiddenProperties ?? []);
  return orderColumns(properties, view?.order).filter((c) => c.id === TITLE_KEY || !hidden.has(c.id));
}

/** Widest default a long name asks for (px); the user can still widen the column. */
const MAX_DEFAULT_WIDTH = 320;

/**
 * A column's width with none saved: the type's default, widened so that the header's name is not cut
 * (about 9 px a character of the 14 px semibold header, plus its icon, padding and resize handle).
 */
export function defaultWidth(column: Column): number {
  const byType = DEFAULT_WIDTHS[column.dataType] ?? 200;
  return Math.max(byType, Math.min(MAX_DEFAULT_WIDTH, 44 + 9 * column.label.length));
}

/** A column's width in a view: the view's, else the column's, else the default for its type and name. */
export function columnWidth(column: Column, view: View | null): number {
  const width = view?.width[column.id] ?? column.width ?? defaultWidth(column);
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(width)));
}

/** Whether the user may write a value of this column (computed and synced values are read-only). */
export function isEditable(column: Column): boolean {
  return !isComputedType(column.dataType) && !column.synced;
}

/**
 * Whether the user's role may change the board's columns (add, rename, retype, delete): company
 * administrators and installers; sales staff fill in values (docs/board.md "Permissions").
 */
export function mayChangeColumns(role: Role): boolean {
  return role === 'INSTALLER_ADMIN' || role === 'INSTALLER';
}

/** Whether the column's name, type and icon may change (never on /projects, SPEC §6; not by sales). */
export function canEditSchema(board: Board, role: Role, column?: Column): boolean {
  return board !== 'projects' && !column?.locked && mayChangeColumns(role);
}

/** The key order after moving `key` to the place of `target` (both must be in `keys`). */
export function moveKey(keys: readonly string[], key: string, target: string): string[] {
  const from = keys.indexOf(key);
  const to = keys.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...keys];
  const next = keys.filter((k) => k !== key);
  next.splice(to, 0, key);
  return next;
}

/** The key order with `key` inserted beside `anchor` (left or right); drops an earlier copy of `key`. */
export function insertKey(keys: readonly string[], key: string, anchor: string, side: 'left' | 'right') {
  const next = keys.filter((k) => k !== key);
  const at = next.indexOf(anchor);
  if (at < 0) return [...next, key];
  next.splice(side === 'left' ? at : at + 1, 0, key);
  return next;
}

/** A key renamed in a list (view order, hidden properties). */
export const renameInList = (keys: readonly string[], from: string, to: string) =>
  keys.map((k) => (k === from ? to : k));
