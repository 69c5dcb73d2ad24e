import type { Task } from '@solar/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { boardKeys } from '../api/board-keys';
import { updateTask, useTaskCache } from '../api/tasks-api';
import { draftText, hideSaveFailed, notifySaveFailed, saveFailedId } from '../components/save-failed-notice';
import { TITLE_KEY } from '../lib/columns';
import { InOrder } from '../lib/in-order';
import { LatestWrites } from '../lib/latest-writes';
import { boardErrorText, notifyBoardError } from '../lib/notify';
import { findTask, patchTask, replaceTask, type TaskPages } from '../lib/task-cache';
import { ReportedFailure } from '../lib/undo-stack';
import { cellRaw, sameValue } from '../lib/values';
import { useBoard } from './board-context';

/** A record as any loaded view of the board has it, or undefined when none has it. */
export function listedTask(queryClient: QueryClient, board: Task['board'], id: string): Task | undefined {
  for (const [, data] of queryClient.getQueriesData<TaskPages>({ queryKey: boardKeys.tasksOf(board) })) {
    const found = findTask(data, id);
    if (found) return found;
  }
  return undefined;
}

/** The freshest cached copy of a record (any loaded view), or the given one. */
export function latestTask(queryClient: QueryClient, task: Task): Task {
  return listedTask(queryClient, task.board, task._id) ?? task;
}

/** The order of cell writes, shared by every editor of the page (keyed by record and column). */
const cellWrites = new LatestWrites<unknown>();
/** The sending of cell writes: one at a time per cell, so the server stores them in the order made. */
const cellSends = new InOrder();
const cellKey = (taskId: string, key: string) => `${taskId}\u0000${key}`;

/**
 * Writes cell values: the change shows at once in every loaded view, the server's answer (with
 * recomputed formulas and rollups) replaces it. The latest write to a cell wins: a failure puts back
 * only its own change, and only when nothing newer was written to the cell since; it names the field,
 * keeps the value entered and offers to write it again. Writes to one cell are sent one at a time, in
 * the order made (a slow first one must not land after the next). `commit` also records the change
 * for undo.
 */
export function useCellWriter() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, columns, undo } = useBoard();
  const queryClient = useQueryClient();
  const change = useTaskCache(scope.board);
  // A retry is a new change (undoable once saved): `commit`, declared below.
  const retry = useRef<(task: Task, key: string, value: unknown) => void>(() => undefined);

  const write = useCallback(
    async (task: Task, key: string, value: unknown): Promise<Task | null> => {
      const before = latestTask(queryClient, task);
      const column = columns[key];
      const type = column?.dataType ?? 'text';
      const icon = column?.icon ?? '';
      const slot = cellKey(task._id, key);
      const ticket = cellWrites.begin(slot, value, cellRaw(before, key));
      // A newer value replaces the notice of an older failure (its Retry would write over it).
      hideSaveFailed(saveFailedId(task._id, key));
      const optimistic = patchTask(before, key, value, type, icon);
      change((data, body) => replaceTask(data, body, optimistic));
      // A reload in flight would overwrite the change with older data: it is stopped (which puts the
      // cache back as it was, so the change is shown again) and made again once the server answered.
      const tasksKey = boardKeys.tasksOf(task.board);
      const reloading = queryClient.isFetching({ queryKey: tasksKey }) > 0;
      if (reloading) {
        await queryClient.cancelQueries({ queryKey: tasksKey });
        change((data, body) => replaceTask(data, body, optimistic));
      }
      try {
        const body =
          key === TITLE_KEY
            ? { taskName: typeof value === 'string' ? value : '' }
            : { properties: { [key]: value ?? null } };
        const saved = await cellSends.run(slot, () => updateTask(task._id, body));
        // A newer write to the cell is shown (and answered later): this answer would show older data.
        if (cellWrites.saved(slot, ticket, cellRaw(saved, key)).show === 'answer') {
          change((data, b) => replaceTask(data, b, saved));
        }
        if (reloading) void queryClient.invalidateQueries({ queryKey: tasksKey });
        return saved;
      } catch (error) {
        const outcome = cellWrites.failed(slot, ticket);
        // Superseded by a newer write to the cell: that one stands, nothing to put back or retry.
        if (outcome.show !== 'value') return null;
        const restored = patchTask(latestTask(queryClient, task), key, outcome.value, type, icon);
        change((data, b) => replaceTask(data, b, restored));
        const reason = boardErrorText(error, tApp);
        if (reason !== null) {
          notifySaveFailed({
            id: saveFailedId(task._id, key),
            title: t('messages.saveFailed', { name: column?.label ?? key }),
            reason,
            draft: draftText(value),
            draftLabel: t('messages.typedValue'),
            retryLabel: t('messages.retry'),
            onRetry: () => retry.current(task, key, value),
          });
        }
        return null;
      }
    },
    [change, columns, queryClient, t, tApp],
  );

  /** Records an already written change for undo (the typing saver writes as it goes). */
  const remember = useCallback(
    (task: Task, key: string, previous: unknown, value: unknown) => {
      if (sameValue(previous, value)) return;
      const label = t('undo.value', { name: columns[key]?.label ?? key });
      // A failed undo (or redo) has shown its notice: the history keeps the change to try again.
      const put = async (v: unknown) => {
        if ((await write(task, key, v)) === null) throw new ReportedFailure();
      };
      undo.push({ label, undo: () => put(previous), redo: () => put(value) });
    },
    [columns, t, undo, write],
  );

  /** Writes a value and records it for undo; answers whether the value is saved. */
  const commit = useCallback(
    async (task: Task, key: string, value: unknown): Promise<boolean> => {
      const previous = cellRaw(latestTask(queryClient, task), key);
      if (sameValue(previous, value)) return true;
      const saved = await write(task, key, value);
      if (saved) remember(task, key, previous, value);
      return saved !== null;
    },
    [queryClient, remember, write],
  );
  retry.current = (task, key, value) => void commit(task, key, value);

  /** Presses a button property: the server sets its target property; undo puts the old value back. */
  const press = useCallback(
    async (task: Task, key: string) => {
      const target = columns[key]?.button?.setProperty;
      const previous = target ? cellRaw(latestTask(queryClient, task), target) : undefined;
      try {
        const saved = await updateTask(task._id, { pressButton: key });
        change((data, b) => replaceTask(data, b, saved));
        if (target) remember(task, target, previous, cellRaw(saved, target));
      } catch (error) {
        notifyBoardError(error, tApp);
      }
    },
    [change, columns, queryClient, remember, tApp],
  );

  return { write, commit, remember, press };
}
