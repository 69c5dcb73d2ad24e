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

type StoredCell = { id: string; key: string; value: unknown };

/**
 * Copy, cut and paste on the grid (docs/board.md, "Copy and paste"): Ctrl+C copies the range of cells,
 * else the selected records' shown cells, else the active cell, as tab-separated text; Ctrl+X copies
 * and clears; Ctrl+V writes a block from a spreadsheet (or the board) right and down from the active
 * cell (the range's first), or one value into every cell of the range or every selected record;
 * Ctrl+D fills down. Each is one change, all or none, and can be undone. Editors keep the browser's own copy and paste.
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

  /** Puts the range, the selected records or the active cell on the clipboard; true for one cell. */
  const copy = (event: ClipboardEvent<HTMLDivElement>): boolean => {
    const pos = o.active as CellPos;
    const lang = currentLanguage();
    const put = (rows: Task[], columns: Column[], note: string | null) => {
      event.clipboardData.setData('text/plain', copiedText(rows, columns, lang, o.related));
      event.preventDefault();
      if (note) notifications.show({ message: note, autoClose: 2000, withBorder: true });
    };
    if (o.range) {
      const rows = sliceOf(o.rows, o.range, 'rows');
      const columns = sliceOf(o.columns, o.range, 'columns');
      put(rows, columns, t('clipboard.copiedCells', { count: rows.length * columns.length }));
      return false;
    }
    const selected = o.rows.filter((task) => o.selection[task._id]);
    if (selected.length > 0) {
      put(selected, o.columns, t('clipboard.copiedRows', { count: selected.length }));
      return false;
    }
    const task = o.rows[pos.row];
    const column = o.columns[pos.col];
    if (!task || !column) return false;
    put([task], [column], null);
    return true;
  };

  const onCopy = useStableCallback((event: ClipboardEvent<HTMLDivElement>) => {
    if (isGridEvent(event)) copy(event);
  });

  const onCut = useStableCallback((event: ClipboardEvent<HTMLDivElement>) => {
    if (!isGridEvent(event)) return;
    // A cut clears the range or the active cell; selected records are only copied.
    const range = o.range;
    if (copy(event)) o.clearCell(o.active as CellPos);
    else if (range) void clearCells(range);
  });

  /** Writes stored values back (undo and redo); a failure throws, so the history keeps the change. */
  const putValues = async (cells: StoredCell[]) => {
    const answer = await pasteCells({ board: scope.board, cells });
    for (const task of answer.tasks) change((data, body) => replaceTask(data, body, task));
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
      const answer = await pasteCells({ board: scope.board, cells });
      for (const task of answer.tasks) change((data, body) => replaceTask(data, body, task));
      if (Object.keys(answer.newOptions).length > 0) {
        void queryClient.invalidateQueries({ queryKey: boardKeys.properties(scope.board) });
      }
      const byId = new Map(answer.tasks.map((task) => [task._id, task]));
      const after: StoredCell[] = cells.map((c) => {
        const task = byId.get(c.id);
        return { id: c.id, key: c.key, value: task ? (cellRaw(task, c.key) ?? null) : null };
      });
      const before = answer.previous;
      undo.push({ label: texts.undo, undo: () => putValues(before), redo: () => putValues(after) });
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

  const onPaste = useStableCallback(async (event: ClipboardEvent<HTMLDivElement>) => {
    if (!isGridEvent(event)) return;
    const block = parseClipboardText(event.clipboardData.getData('text/plain'));
    event.preventDefault();
    if (block.length === 0) return;
    const selected = new Set(Object.keys(o.selection).filter((id) => o.selection[id]));
    const plan = planPaste(block, o.active as CellPos, o.rows, o.columns, selected, o.range);
    if (plan.cells.length === 0) {
      notifyFailure(plan.readOnly > 0 ? t('clipboard.readOnly') : t('clipboard.noPlace'));
      return;
    }
    await write(
      plan.cells,
      { undo: t('undo.paste', { count: plan.cells.length }), done: (message) => message },
      [
        ...(plan.readOnly > 0 ? [t('clipboard.skippedReadOnly', { count: plan.readOnly })] : []),
        ...(plan.leftOut > 0 ? [t('clipboard.skippedNoPlace', { count: plan.leftOut })] : []),
      ],
    );
  });

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

  const onClearCells = useStableCallback(clearCells);
  const onFillDown = useStableCallback(fillDown);
  return { onCopy, onCut, onPaste, clearCells: onClearCells, fillDown: onFillDown };
}
