import type { Task } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/errors';
import { notifyWithUndo } from '../../../lib/undo-toast';
import {
  createTask,
  deleteTasks,
  duplicateTasks,
  updateTasks,
  useRefreshTasks,
  useTaskCache,
} from '../api/tasks-api';
import { TITLE_KEY } from '../lib/columns';
import { notifyBoardError } from '../lib/notify';
import { insertTask, removeTasks, replaceTask } from '../lib/task-cache';
import { cellRaw } from '../lib/values';
import { useBoard } from './board-context';
import { latestTask } from './use-cell-writer';

export interface NewRecord {
  taskName?: string;
  notes?: string;
  properties?: Record<string, unknown>;
  /** Right after this record, first for null (else at the end). */
  afterId?: string | null;
}

/** Creating, deleting (with undo) and bulk-editing records. */
export function useRecordActions() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, view, columns, undo } = useBoard();
  const queryClient = useQueryClient();
  const change = useTaskCache(scope.board);
  const refresh = useRefreshTasks(scope.board);

  const restore = useCallback(
    async (ids: string[]) => {
      await updateTasks(ids, { isDeleted: false });
      await refresh();
    },
    [refresh],
  );

  const remove = useCallback(
    async (ids: string[]) => {
      change((data, body) => removeTasks(data, body, ids));
      try {
        return await deleteTasks(ids);
      } catch (error) {
        await refresh();
        throw error;
      }
    },
    [change, refresh],
  );

  /**
   * POST /task/create; the record appears where it was asked for, and can be undone. Rejects with the
   * server's error (the record drawer marks the fields it names).
   */
  const createOrThrow = useCallback(
    async (record: NewRecord): Promise<Task> => {
      const task = await createTask({
        board: scope.board,
        projectId: scope.projectId,
        viewId: view?._id ?? null,
        taskName: record.taskName ?? '',
        ...(record.notes ? { notes: record.notes } : {}),
        ...(record.properties && Object.keys(record.properties).length
          ? { properties: record.properties }
          : {}),
        ...(record.afterId !== undefined ? { afterId: record.afterId } : {}),
      });
      change((data, body) => insertTask(data, body, task, record.afterId));
      undo.push({
        label: t('undo.created'),
        undo: () => remove([task._id]),
        redo: () => restore([task._id]),
      });
      return task;
    },
    [change, remove, restore, scope, t, undo, view?._id],
  );

  /** {@link createOrThrow}, a failure told as a toast: null then. */
  const create = useCallback(
    async (record: NewRecord): Promise<Task | null> => {
      try {
        return await createOrThrow(record);
      } catch (error) {
        notifyBoardError(error, tApp);
        return null;
      }
    },
    [createOrThrow, tApp],
  );

  /** Soft-deletes records (the caller confirmed); the toast and Ctrl+Z bring them back. */
  const destroy = useCallback(
    async (ids: string[]) => {
      if (ids.length === 0) return;
      try {
        const answer = await remove(ids);
        const back = () => restore(ids).catch((error) => notifyBoardError(error, tApp));
        notifyWithUndo(answer.message, t('undo.action'), back);
        undo.push({
          label: t('undo.deleted', { count: ids.length }),
          undo: () => restore(ids),
          redo: () => remove(ids),
        });
      } catch (error) {
        notifyBoardError(error, tApp);
      }
    },
    [remove, restore, t, tApp, undo],
  );

  /** POST /task/duplicate: a copy of each record right below it; undone by deleting the copies. */
  const duplicate = useCallback(
    async (ids: string[]): Promise<Task[]> => {
      try {
        const copies = await duplicateTasks(scope.board, ids);
        for (const [i, copy] of copies.entries())
          change((data, body) => insertTask(data, body, copy, ids[i]));
        const made = copies.map((copy) => copy._id);
        notifySuccess(t('bulk.duplicated', { count: copies.length }));
        undo.push({
          label: t('undo.duplicated', { count: copies.length }),
          undo: () => remove(made),
          redo: () => restore(made),
        });
        return copies;
      } catch (error) {
        notifyBoardError(error, tApp);
        return [];
      }
    },
    [change, remove, restore, scope.board, t, tApp, undo],
  );

  /** PUT /task/update/multiple: one value for many records; undo gives each its old value back. */
  const bulkSet = useCallback(
    async (tasks: Task[], key: string, value: unknown) => {
      const ids = tasks.map((task) => task._id);
      const update =
        key === TITLE_KEY ? { taskName: String(value ?? '') } : { properties: { [key]: value ?? null } };
      const before = tasks.map((task) => latestTask(queryClient, task));
      const apply = async (list: { ids: string[]; value: unknown }[]) => {
        for (const part of list) {
          const body =
            key === TITLE_KEY
              ? { taskName: String(part.value ?? '') }
              : { properties: { [key]: part.value ?? null } };
          const saved = await updateTasks(part.ids, body);
          for (const task of saved) change((data, b) => replaceTask(data, b, task));
        }
      };
      try {
        const saved = await updateTasks(ids, update);
        for (const task of saved) change((data, b) => replaceTask(data, b, task));
        notifySuccess(t('bulk.updated', { count: saved.length }));
        // Records that had the same old value are restored together.
        const byOld = new Map<string, { ids: string[]; value: unknown }>();
        for (const task of before) {
          const old = cellRaw(task, key) ?? null;
          const group = byOld.get(JSON.stringify(old)) ?? { ids: [], value: old };
          group.ids.push(task._id);
          byOld.set(JSON.stringify(old), group);
        }
        undo.push({
          label: t('undo.bulk', { name: columns[key]?.label ?? key, count: ids.length }),
          undo: () => apply([...byOld.values()]),
          redo: () => apply([{ ids, value }]),
        });
      } catch (error) {
        notifyBoardError(error, tApp);
      }
    },
    [change, columns, queryClient, t, tApp, undo],
  );

  return { create, createOrThrow, destroy, restore, duplicate, bulkSet, refresh };
}
