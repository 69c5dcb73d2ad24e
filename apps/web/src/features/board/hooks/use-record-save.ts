import type { Task, TaskUpdateRequest } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/errors';
import { updateTask, useTaskCache } from '../api/tasks-api';
import { notifyBoardError } from '../lib/notify';
import { replaceTask } from '../lib/task-cache';
import { cellRaw, sameValue } from '../lib/values';
import { useBoard } from './board-context';
import { latestTask } from './use-cell-writer';
import { useRecordActions } from './use-record-actions';

export interface RecordDraft {
  task: Task | null;
  name: string;
  notes: string;
  values: Record<string, unknown>;
}

/** The drawer's 'Create Task' and 'Update Details': one call with what changed, undoable. */
export function useRecordSave() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, undo } = useBoard();
  const queryClient = useQueryClient();
  const change = useTaskCache(scope.board);
  const records = useRecordActions();

  const put = useCallback(
    async (id: string, body: TaskUpdateRequest) => {
      const saved = await updateTask(id, body);
      change((data, b) => replaceTask(data, b, saved));
      return saved;
    },
    [change],
  );

  return useCallback(
    async ({ task, name, notes, values }: RecordDraft): Promise<boolean> => {
      if (!task) {
        const created = await records.create({ taskName: name, notes, properties: values });
        if (created) notifySuccess(t('drawer.created'));
        return created !== null;
      }
      const current = latestTask(queryClient, task);
      const body: TaskUpdateRequest = {};
      const before: TaskUpdateRequest = {};
      if (name !== current.taskName) {
        body.taskName = name;
        before.taskName = current.taskName;
      }
      if (notes !== current.notes) {
        body.notes = notes;
        before.notes = current.notes;
      }
      const changed = Object.entries(values).filter(
        ([key, value]) => !sameValue(cellRaw(current, key), value),
      );
      if (changed.length > 0) {
        body.properties = Object.fromEntries(changed.map(([key, value]) => [key, value ?? null]));
        before.properties = Object.fromEntries(changed.map(([key]) => [key, cellRaw(current, key) ?? null]));
      }
      if (Object.keys(body).length === 0) return true;
      try {
        await put(task._id, body);
        notifySuccess(t('drawer.updated'));
        undo.push({
          label: t('undo.details'),
          undo: () => put(task._id, before),
          redo: () => put(task._id, body),
        });
        return true;
      } catch (error) {
        notifyBoardError(error, tApp);
        return false;
      }
    },
    [put, queryClient, records, t, tApp, undo],
  );
}
