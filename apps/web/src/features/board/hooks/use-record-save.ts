import type { Task, TaskUpdateRequest } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { notifySuccess } from '../../../lib/errors';
import { updateTask } from '../api/tasks-api';
import { notifyBoardError } from '../lib/notify';
import type { RecordEdits } from '../lib/record-draft';
import { fieldRefusal } from '../lib/record-problems';
import { cellRaw, sameValue } from '../lib/values';
import { useBoard } from './board-context';
import { latestTask } from './use-cell-writer';
import { useRecordActions } from './use-record-actions';
import { useRecordReload, useStoreRecord } from './use-record-reload';

export interface RecordDraft {
  task: Task | null;
  /** What the user changed (untouched fields follow the record). */
  edits: RecordEdits;
}

/**
 * How a save went: saved (or nothing to save), or refused. A refusal naming fields (400 `errors`,
 * `properties.<key>`, `taskName`, `notes`) gives their messages for the form to show under them, in
 * the user's language (the server's); any other failure was told as a toast.
 */
export type RecordSaveResult = { saved: true } | { saved: false; fieldErrors: Record<string, string> | null };

const SAVED: RecordSaveResult = { saved: true };

/**
 * The drawer's 'Create Task' and 'Update Details': one call with what the user changed, undoable.
 * The call names the values the changes were made on (`expected`, the record as the drawer shows
 * it): when someone else changed one of those fields meanwhile the server refuses the save, and the
 * record is read again so the drawer marks each such field (docs/board.md, "Two people on one record").
 */
export function useRecordSave() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, undo } = useBoard();
  const queryClient = useQueryClient();
  const store = useStoreRecord(scope.board);
  const records = useRecordActions();

  const put = useCallback(
    async (id: string, body: TaskUpdateRequest) => {
      const saved = await updateTask(id, body);
      store(saved);
      return saved;
    },
    [store],
  );

  const reload = useRecordReload(scope.board);

  return useCallback(
    async ({ task, edits }: RecordDraft): Promise<RecordSaveResult> => {
      if (!task) {
        try {
          await records.createOrThrow({
            taskName: edits.name ?? '',
            notes: edits.notes ?? '',
            properties: edits.values,
          });
        } catch (error) {
          const fieldErrors = fieldRefusal(error);
          if (!fieldErrors) notifyBoardError(error, tApp);
          return { saved: false, fieldErrors };
        }
        notifySuccess(t('drawer.created'));
        return SAVED;
      }
      const current = latestTask(queryClient, task);
      const body: TaskUpdateRequest = {};
      const before: TaskUpdateRequest = {};
      if (edits.name !== null && edits.name !== current.taskName) {
        body.taskName = edits.name;
        before.taskName = current.taskName;
      }
      if (edits.notes !== null && edits.notes !== current.notes) {
        body.notes = edits.notes;
        before.notes = current.notes;
      }
      const changed = Object.entries(edits.values).filter(
        ([key, value]) => !sameValue(cellRaw(current, key), value),
      );
      if (changed.length > 0) {
        body.properties = Object.fromEntries(changed.map(([key, value]) => [key, value ?? null]));
        before.properties = Object.fromEntries(changed.map(([key]) => [key, cellRaw(current, key) ?? null]));
      }
      if (Object.keys(body).length === 0) return SAVED;
      try {
        // `before` holds the shown values of exactly the fields sent.
        await put(task._id, { ...body, expected: before });
        notifySuccess(t('drawer.updated'));
        undo.push({
          label: t('undo.details'),
          undo: () => put(task._id, before),
          redo: () => put(task._id, body),
        });
        return SAVED;
      } catch (error) {
        const fieldErrors = fieldRefusal(error);
        if (fieldErrors) return { saved: false, fieldErrors };
        notifyBoardError(error, tApp);
        if (error instanceof ApiError && error.status === 409) await reload(task._id).catch(() => undefined);
        return { saved: false, fieldErrors: null };
      }
    },
    [put, reload, queryClient, records, t, tApp, undo],
  );
}
