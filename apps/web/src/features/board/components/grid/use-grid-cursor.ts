import type { Column, Task } from '@solar/shared';
import type { Virtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useCellWriter } from '../../hooks/use-cell-writer';
import { isEditable, TITLE_KEY } from '../../lib/columns';
import { type CellPos, isTypingKey, nextCell, rangeOf } from '../../lib/grid-nav';
import { cellRaw, checkboxValue, isChecked } from '../../lib/values';
import { cellId } from './grid-row';
import type { EditMove } from './text-editor';

/** Types edited by a click on the active cell (pickers); text waits for a double click or Enter. */
const CLICK_EDITS: ReadonlySet<string> = new Set([
  'select',
  'multi-select',
  'status',
  'date',
  'person',
  'files',
  'relation',
]);

interface GridCursorOptions {
  gridId: string;
  rows: Task[];
  columns: Column[];
  /** The virtual index of each record row (group headers sit between them). */
  entryOfRow: number[];
  /** The grid body's virtualizer (it scrolls a record into view). */
  virtualizerRef: RefObject<Virtualizer<HTMLDivElement, Element> | null>;
  gridRef: RefObject<HTMLDivElement | null>;
}

export type EditingCell = { row: number; col: number; seed?: string; typedAhead?: TypedAheadSource };

/**
 * What was typed for a new record until its name editor took the keys over: the editor reads it when
 * it renders and takes it once mounted (with the focus). Keys typed until then still go to it.
 */
export interface TypedAheadSource {
  peek: () => string;
  take: () => { text: string; enter: boolean } | null;
}

/** What was typed while a new record was being made, and whether Enter was pressed after it. */
interface TypedAhead {
  text: string;
  enter: boolean;
}

/** The grid's active cell and the cell being edited, and how clicks and edits move them. */
export function useGridCursor({
  gridId,
  rows,
  columns,
  entryOfRow,
  virtualizerRef,
  gridRef,
}: GridCursorOptions) {
  const { commit } = useCellWriter();
  const [active, setActiveState] = useState<CellPos | null>(null);
  // The other corner of a Shift selection (a range of cells); null when only the active cell counts.
  const [anchor, setAnchor] = useState<CellPos | null>(null);
  const activeRef = useRef(active);
  activeRef.current = active;
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const [editNew, setEditNewState] = useState<string | null>(null);
  // Keys typed while a new record is on its way to the server: its name (and Enter), not the
  // active cell's (`typeAhead`).
  const awaitingNew = useRef<TypedAhead | null>(null);
  // The rows when the record moved: the cursor goes to it once the rows have changed.
  const [follow, setFollow] = useState<{ id: string; col: number; rows: Task[] } | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const focusGrid = useCallback(() => gridRef.current?.focus({ preventScroll: true }), [gridRef]);

  /** Moves the active cell; `extend` keeps (or starts) the range from where the cursor was. */
  const setActive = useCallback(
    (pos: CellPos | null, extend = false) => {
      const from = activeRef.current;
      setAnchor((current) => (extend ? (current ?? from) : null));
      setActiveState(pos);
      if (!pos) return;
      const index = entryOfRow[pos.row];
      if (index !== undefined) virtualizerRef.current?.scrollToIndex(index, { align: 'auto' });
      requestAnimationFrame(() =>
        document
          .getElementById(cellId(gridId, pos.row, pos.col))
          ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
      );
    },
    [entryOfRow, gridId, virtualizerRef],
  );

  const startEdit = useCallback(
    (pos: CellPos, seed?: string) => {
      const task = rows[pos.row];
      const column = columns[pos.col];
      if (!task || !column || !isEditable(column)) return;
      setAnchor(null);
      if (column.dataType === 'checkbox') {
        void commit(task, column.id, checkboxValue(!isChecked(cellRaw(task, column.id))));
        return;
      }
      setEditing({ ...pos, seed });
    },
    [columns, commit, rows],
  );

  const onEditDone = useCallback(
    (move: EditMove) => {
      const current = editingRef.current;
      setEditing(null);
      if (current && move !== 'stay') {
        const next = nextCell(current, 'Tab', move === 'prev', { rows: rows.length, cols: columns.length });
        if (next) setActive(next);
      }
      focusGrid();
    },
    [columns.length, focusGrid, rows.length, setActive],
  );

  const onCellClick = useCallback(
    (row: number, col: number, event: MouseEvent) => {
      if (event.defaultPrevented || editingRef.current) return;
      const wasActive = active?.row === row && active.col === col;
      // Shift+click spans a range from the active cell (or the range's first corner) to this one.
      const extend = event.shiftKey && active !== null;
      setAnchor((current) => (extend ? (current ?? active) : null));
      setActiveState({ row, col });
      focusGrid();
      if (extend) return;
      const type = columns[col]?.dataType;
      if (type === 'checkbox' || (wasActive && type && CLICK_EDITS.has(type))) startEdit({ row, col });
    },
    [active, columns, focusGrid, startEdit],
  );

  const onCellDoubleClick = useCallback((row: number, col: number) => startEdit({ row, col }), [startEdit]);

  // Dragging across cells with the left button spans a range from the cell pressed (as a Shift+click
  // does); the click that ends a drag over several cells lands on no cell, so it moves nothing.
  const dragFrom = useRef<CellPos | null>(null);
  const onCellPointerDown = useCallback((row: number, col: number, event: MouseEvent) => {
    dragFrom.current = event.button === 0 && !event.shiftKey && !editingRef.current ? { row, col } : null;
  }, []);
  const onCellPointerEnter = useCallback((row: number, col: number, event: MouseEvent) => {
    const from = dragFrom.current;
    if (!from) return;
    if ((event.buttons & 1) === 0) {
      dragFrom.current = null;
      return;
    }
    const current = activeRef.current;
    if (current?.row === row && current.col === col) return;
    // A drag selects cells, not the text it passes over.
    window.getSelection()?.removeAllRanges();
    setAnchor(from.row === row && from.col === col ? null : from);
    setActiveState({ row, col });
  }, []);
  useEffect(() => {
    const stop = () => {
      dragFrom.current = null;
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, []);

  /** A new record is being made: keys typed meanwhile go to its name (`typeAhead`). */
  const expectNew = useCallback(() => {
    awaitingNew.current = { text: '', enter: false };
  }, []);
  /** The new record is there (its id), or could not be made (null). */
  const setEditNew = useCallback((id: string | null) => {
    if (id === null) awaitingNew.current = null;
    setEditNewState(id);
  }, []);
  /**
   * Takes a key pressed on the grid while a new record is on its way: typed characters (and
   * Backspace) make its name, Enter saves it once the record is there, Escape drops what was typed.
   * True when the key was taken.
   */
  const typeAhead = useCallback((event: KeyboardEvent) => {
    const pending = awaitingNew.current;
    if (!pending) return false;
    if (isTypingKey(event) || event.key === ' ') pending.text += event.key;
    else if (event.key === 'Backspace') pending.text = pending.text.slice(0, -1);
    else if (event.key === 'Enter') pending.enter = true;
    else if (event.key === 'Escape') awaitingNew.current = null;
    else return false;
    return true;
  }, []);

  const typedAheadSource = useMemo<TypedAheadSource>(
    () => ({
      peek: () => awaitingNew.current?.text ?? '',
      take: () => {
        const typed = awaitingNew.current;
        awaitingNew.current = null;
        return typed;
      },
    }),
    [],
  );

  // A record made with '+ New' (or inserted by the cell menu) gets its name typed at once, starting
  // with what was typed while it was being made.
  useEffect(() => {
    if (!editNew) return;
    const row = rows.findIndex((task) => task._id === editNew);
    if (row < 0) return;
    const typed = awaitingNew.current;
    setEditNewState(null);
    setActive({ row, col: 0 });
    const task = rows[row];
    if (typed?.enter && typed.text.trim() && task) {
      awaitingNew.current = null;
      void commit(task, TITLE_KEY, typed.text);
      focusGrid();
    } else if (typed) {
      // The editor renders later than this effect: keys typed until it has the focus still land in
      // `awaitingNew` (they were lost before, the grid having no editor yet nor taking them).
      setEditing({ row, col: 0, typedAhead: typedAheadSource });
    } else setEditing({ row, col: 0 });
  }, [commit, editNew, focusGrid, rows, setActive, typedAheadSource]);

  // A record moved by hand keeps the cursor: it goes where the record went.
  useEffect(() => {
    if (!follow || follow.rows === rows) return;
    const row = rows.findIndex((task) => task._id === follow.id);
    if (row < 0) return;
    setFollow(null);
    setActive({ row, col: follow.col });
  }, [follow, rows, setActive]);

  const range = useMemo(() => rangeOf(anchor, active), [anchor, active]);
  const clearRange = useCallback(() => setAnchor(null), []);

  return {
    active,
    setActive,
    range,
    clearRange,
    editing,
    startEdit,
    onEditDone,
    onCellClick,
    onCellDoubleClick,
    onCellPointerDown,
    onCellPointerEnter,
    setEditNew,
    expectNew,
    typeAhead,
    /** Puts the cursor on a record once the rows show it where it went (a moved record). */
    followRecord: useCallback((id: string, col: number) => setFollow({ id, col, rows: rowsRef.current }), []),
  };
}
