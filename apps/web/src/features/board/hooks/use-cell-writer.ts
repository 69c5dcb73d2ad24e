import type { Task } from '@solar/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { boardKeys } from '../api/board-keys';
import { updateTask, useTaskCache } from '../api/tasks-api';
import { TITLE_KEY } from '../lib/columns';
import { notifyBoardError } from '../lib/notify';
import { findTask, patchTask, replaceTask, type TaskPages } from '../lib/task-cache';
import { cellRaw, sameValue } from '../lib/values';
import { useBoard } from './board-context';

/** The freshest cached copy of a record (any loaded view), or the given one. */
export function latestTask(queryClient: QueryClient, task: Task): Task {
  for (const [, data] of queryClient.getQueriesData<TaskPages>({ queryKey: boardKeys.tasksOf(task.board) })) {
    const found = findTask(data, task._id);
    if (found) return found;
  }
  return task;
}

/**
 * Writes cell values: the change shows at once in every loaded view, the server's answer (with
 * recomputed formulas and rollups) replaces it, a failure puts the old value back with the server's
 * message. `commit` also records the change for undo.
 */
export function useCellWriter() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, columns, undo } = useBoard();
  const queryClient = useQueryClient();
  const change = useTaskCache(scope.board);

  const write = useCallback(
    async (task: Task, key: string, value: unknown): Promise<Task | null> => {
      const before = latestTask(queryClient, task);
      const column = columns[key];
      const optimistic = patchTask(before, key, value, column?.dataType ?? 'text', column?.icon ?? '');
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
        const saved = await updateTask(task._id, body);
        change((data, b) => replaceTask(data, b, saved));
        if (reloading) void queryClient.invalidateQueries({ queryKey: tasksKey });
        return saved;
      } catch (error) {
        change((data, b) => replaceTask(data, b, before));
        notifyBoardError(error, tApp);
        return null;
      }
    },
    [change, columns, queryClient, tApp],
  );

  /** Records an already written change for undo (the typing saver writes as it goes). */
  const remember = useCallback(
    (task: Task, key: string, previous: unknown, value: unknown) => {
      if (sameValue(previous, value)) return;
      const label = t('undo.value', { name: columns[key]?.label ?? key });
      undo.push({
        label,
        undo: () => write(task, key, previous),
        redo: () => write(task, key, value),
      });
    },
    [columns, t, undo, write],
  );

  const commit = useCallback(
    async (task: Task, key: string, value: unknown) => {
      const previous = cellRaw(latestTask(queryClient, task), key);
      if (sameValue(previous, value)) return;
      const saved = await write(task, key, value);
      if (saved) remember(task, key, previous, value);
    },
    [queryClient, remember, write],
  );

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
