import { notifications } from '@mantine/notifications';
import type { Column, PasteCell, Task } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../api/errors';
import { currentLanguage } from '../../../../i18n';
import { notifySuccess } from '../../../../lib/errors';
import { boardKeys } from '../../api/board-keys';
import { pasteCells, useTaskCache } from '../../api/tasks-api';
import { useBoard } from '../../hooks/board-context';
import { useStableCallback } from '../../hooks/use-stable-callback';
import {
  copiedText,
  isWritable,
  parseClipboardText,
  pasteCellsOf,
  planFillDown,
  planPaste,
  sliceOf,
} from '../../lib/clipboard';
import { TITLE_KEY } from '../../lib/columns';
import type { CellPos, CellRange } from '../../lib/grid-nav';
import { notifyBoardError, notifyFailure } from '../../lib/notify';
import { replaceTask } from '../../lib/task-cache';
import { cellRaw } from '../../lib/values';

interface GridClipboardOptions {
  rows: Task[];
  columns: Column[];
  active: CellPos | null;
  /** A Shift selection of cells: copied, cut, cleared and pasted into as a whole. */
  range: CellRange | null;
  isEditing: boolean;
  selection: RowSelectionState;
  related: Record<string, string>;
  clearCell: (pos: CellPos) => void;
}

/** At most this many failing cells are named in the refusal's toast. */
const NAMED_FAILURES = 4;
/** Pastes of more cells than this show that they are working. */
const LONG_PASTE = 200;

/**
 * Copy, cut and paste on the grid (docs/board.md, "Copy and paste"): Ctrl+C copies the range of cells,
 * else the selected records' shown cells, else the active cell, as tab-separated text; Ctrl+X copies
 * and clears; Ctrl+V writes a block from a spreadsheet (or the board) right and down from the active
 * cell (the range's first), or one value into every cell of the range or every selected record;
 * Ctrl+D fills down. Each is one change, all or none, and can be undone. Editors keep the browser's
 * own copy and paste.
 */
export function useGridClipboard(o: GridClipboardOptions) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, undo } = useBoard();
  const queryClient = useQueryClient();
  const change = useTaskCache(scope.board);

  // The table's own events: not an editor's, and not those of a text field inside the table. (With
  // text selected somewhere in the table, the event comes from that text's element.)
  const isGridEvent = (event: ClipboardEvent<HTMLDivElement>) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    const inText = !!target && (target.isContentEditable || ['INPUT', 'TEXTAREA'].includes(target.tagName));
    return !o.isEditing && !inText && o.active !== null;
  };

  /**
   * What a copy takes: the range of cells, else the selected records, else the active cell (`single`),
   * as text, with a note for the toast when it is more than a cell.
   */
  const copySource = (): { text: string; note: string | null; single: boolean } | null => {
    const lang = currentLanguage();
    const text = (rows: Task[], columns: Column[]) => copiedText(rows, columns, lang, o.related);
    if (o.range) {
      const rows = sliceOf(o.rows, o.range, 'rows');
      const columns = sliceOf(o.columns, o.range, 'columns');
      const count = rows.length * columns.length;
      return { text: text(rows, columns), note: t('clipboard.copiedCells', { count }), single: false };
    }
    const selected = o.rows.filter((task) => o.selection[task._id]);
    if (selected.length > 0) {
      const note = t('clipboard.copiedRows', { count: selected.length });
      return { text: text(selected, o.columns), note, single: false };
    }
    const task = o.active && o.rows[o.active.row];
    const column = o.active && o.columns[o.active.col];
    return task && column ? { text: text([task], [column]), note: null, single: true } : null;
  };

  const showNote = (note: string | null) => {
    if (note) notifications.show({ message: note, autoClose: 2000, withBorder: true });
  };

  /** After a copy: a cut clears the range or the active cell (selected records are only copied). */
  const afterCut = (single: boolean) => {
    if (single) o.clearCell(o.active as CellPos);
    else if (o.range) void clearCells(o.range);
  };

  const onCopyOrCut = (event: ClipboardEvent<HTMLDivElement>, cut: boolean) => {
    if (!isGridEvent(event)) return;
    const source = copySource();
    if (!source) return;
    event.clipboardData.setData('text/plain', source.text);
    event.preventDefault();
    showNote(source.note);
    if (cut) afterCut(source.single);
  };
  const onCopy = useStableCallback((event: ClipboardEvent<HTMLDivElement>) => onCopyOrCut(event, false));
  const onCut = useStableCallback((event: ClipboardEvent<HTMLDivElement>) => onCopyOrCut(event, true));

  /** Copy or cut from the cell menu, through the asynchronous clipboard (it may be refused). */
  const copyFromMenu = async (cut: boolean) => {
    const source = copySource();
    if (!source) return;
    try {
      await navigator.clipboard.writeText(source.text);
    } catch {
      notifyFailure(t('clipboard.blocked'));
      return;
    }
    showNote(source.note);
    if (cut) afterCut(source.single);
  };

  /**
   * One `/task/paste` call, its records shown in every loaded view. A failure throws: an undo or redo
   * (stored values) then stays on the history.
   */
  const send = async (cells: PasteCell[]) => {
    const answer = await pasteCells({ board: scope.board, cells });
    for (const task of answer.tasks) change((data, body) => replaceTask(data, body, task));
    return answer;
  };

  /** The refusal's toast: which cells failed (record and property) and why, the first few by name. */
  const notifyRefused = (error: unknown, cells: { id: string; key: string }[]) => {
    if (!isApiError(error) || error.status !== 400) {
      notifyBoardError(error, tApp);
      return;
    }
    const failures = Object.entries(error.errors).flatMap(([field, message]) => {
      const cell = cells[Number(field.replace(/^cells\./, ''))];
      if (!cell) return [];
      const task = o.rows.find((r) => r._id === cell.id);
      const column = o.columns.find((c) => c.id === cell.key);
      return [
        t('clipboard.failedCell', {
          name: task?.taskName.trim() || t('grid.untitled'),
          property: column?.label ?? cell.key,
          message,
        }),
      ];
    });
    // A refusal of the whole paste (too many records) names no cell: its message says it all.
    if (failures.length === 0) {
      notifyBoardError(error, tApp);
      return;
    }
    const named = failures.slice(0, NAMED_FAILURES);
    const more = failures.length - named.length;
    const lines = [...named, ...(more > 0 ? [t('clipboard.moreFailed', { count: more })] : [])];
    notifications.show({
      color: 'red',
      title: error.message,
      message: lines.join('\n'),
      autoClose: false,
      withBorder: true,
      style: { whiteSpace: 'pre-line' },
      closeButtonProps: { 'aria-label': tApp('common.close') },
    });
  };

  /**
   * Writes cells in one call, all or none: the records change in every loaded view, new options reach
   * the columns, the change goes on the undo history; a refusal names the cells that failed.
   */
  const write = async (
    cells: PasteCell[],
    texts: { undo: string; done: (serverMessage: string) => string },
    notes: string[] = [],
  ) => {
    const working = cells.length > LONG_PASTE ? `paste-${Date.now()}` : null;
    if (working) {
      notifications.show({
        id: working,
        loading: true,
        message: t('clipboard.working', { count: cells.length }),
        autoClose: false,
        withCloseButton: false,
      });
    }
    try {
      const answer = await send(cells);
      if (Object.keys(answer.newOptions).length > 0) {
        void queryClient.invalidateQueries({ queryKey: boardKeys.properties(scope.board) });
      }
      const byId = new Map(answer.tasks.map((task) => [task._id, task]));
      const after: PasteCell[] = cells.map((c) => {
        const task = byId.get(c.id);
        return { id: c.id, key: c.key, value: task ? (cellRaw(task, c.key) ?? null) : null };
      });
      const before = answer.previous;
      undo.push({ label: texts.undo, undo: () => send(before), redo: () => send(after) });
      const done = texts.done(answer.message);
      if (notes.length === 0) notifySuccess(done);
      else {
        notifications.show({
          color: 'teal',
          title: done,
          message: notes.join(' '),
          withBorder: true,
          closeButtonProps: { 'aria-label': tApp('common.close') },
        });
      }
    } catch (error) {
      notifyRefused(error, cells);
    } finally {
      if (working) notifications.hide(working);
    }
  };

  /** Empties the range's writable cells but the names (Delete, Backspace, a cut), as one change. */
  const clearCells = async (range: CellRange) => {
    const cells = sliceOf(o.rows, range, 'rows').flatMap((task) =>
      sliceOf(o.columns, range, 'columns')
        .filter((column) => isWritable(column) && column.id !== TITLE_KEY)
        .map((column) => ({ id: task._id, key: column.id, text: '' })),
    );
    if (cells.length === 0) {
      notifyFailure(t('clipboard.readOnly'));
      return;
    }
    await write(cells, {
      undo: t('undo.clear', { count: cells.length }),
      done: () => t('clipboard.cleared', { count: cells.length }),
    });
  };

  /** Writes pasted text at the active cell, the range or the selected records. */
  const pasteText = async (text: string) => {
    const block = parseClipboardText(text);
    if (block.length === 0 || !o.active) return;
    const selected = new Set(Object.keys(o.selection).filter((id) => o.selection[id]));
    const plan = planPaste(block, o.active, o.rows, o.columns, selected, o.range);
    if (plan.cells.length === 0) {
      notifyFailure(plan.readOnly > 0 ? t('clipboard.readOnly') : t('clipboard.noPlace'));
      return;
    }
    await write(
      pasteCellsOf(plan.cells, o.columns, currentLanguage()),
      { undo: t('undo.paste', { count: plan.cells.length }), done: (message) => message },
      [
        ...(plan.readOnly > 0 ? [t('clipboard.skippedReadOnly', { count: plan.readOnly })] : []),
        ...(plan.leftOut > 0 ? [t('clipboard.skippedNoPlace', { count: plan.leftOut })] : []),
      ],
    );
  };

  const onPaste = useStableCallback(async (event: ClipboardEvent<HTMLDivElement>) => {
    if (!isGridEvent(event)) return;
    // Read before anything is awaited: the event's data is gone after it.
    const text = event.clipboardData.getData('text/plain');
    event.preventDefault();
    await pasteText(text);
  });

  /** Paste from the cell menu: the browser may ask the user, or refuse (then Ctrl+V still works). */
  const pasteFromMenu = async () => {
    let text: string;
    try {
      text = await navigator.clipboard.readText();
    } catch {
      notifyFailure(t('clipboard.blocked'));
      return;
    }
    await pasteText(text);
  };

  /** Ctrl+D: the range's first row into the rows below (or the cell above into this one). */
  const fillDown = async () => {
    if (!o.active) return;
    const plan = planFillDown(o.active, o.range, o.rows, o.columns);
    if (plan.cells.length === 0) {
      if (plan.readOnly > 0) notifyFailure(t('clipboard.readOnly'));
      return;
    }
    await write(plan.cells, {
      undo: t('undo.fill', { count: plan.cells.length }),
      done: () => t('clipboard.filled', { count: plan.cells.length }),
    });
  };

  return {
    onCopy,
    onCut,
    onPaste,
    clearCells: useStableCallback(clearCells),
    fillDown: useStableCallback(fillDown),
    copyFromMenu: useStableCallback(copyFromMenu),
    pasteFromMenu: useStableCallback(pasteFromMenu),
  };
}
