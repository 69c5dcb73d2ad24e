import type { Board, Task } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { onBoardChange } from '../../../lib/live-events/state';
import { boardKeys } from '../api/board-keys';
import { getTask, useTaskCache } from '../api/tasks-api';
import { findTask, replaceTask } from '../lib/task-cache';

/** Whether `fresh` is not older than `cached` (a read answered after a newer save must not undo it). */
export function isNotOlder(fresh: Pick<Task, 'updatedAt'>, cached: Pick<Task, 'updatedAt'> | undefined) {
  return !cached || Date.parse(fresh.updatedAt) >= Date.parse(cached.updatedAt);
}

/**
 * Reads one record again into every cache the board and the drawer read it from. A read that answers
 * after a newer save of the record (it started before) is dropped.
 */
export function useRecordReload(board: Board) {
  const queryClient = useQueryClient();
  const change = useTaskCache(board);
  return useCallback(
    async (id: string) => {
      const fresh = await getTask(id);
      change((data, body) => (isNotOlder(fresh, findTask(data, id)) ? replaceTask(data, body, fresh) : data));
      if (isNotOlder(fresh, queryClient.getQueryData<Task>(boardKeys.task(id)))) {
        queryClient.setQueryData(boardKeys.task(id), fresh);
      }
    },
    [change, queryClient],
  );
}

/**
 * Keeps an open record as it is stored (the record drawer): each board live event reads it again at
 * once, even while the user types in the drawer, since the form keeps what the user typed and shows a
 * colleague's value beside it (docs/board.md, "Two people on one record"). Events during a read make
 * one more read after it.
 */
export function useFollowRecord(board: Board, id: string | null) {
  const reload = useRecordReload(board);
  useEffect(() => {
    if (!id) return;
    let reading = false;
    let again = false;
    let stopped = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        await reload(id);
      } catch {
        // A record deleted or out of reach: the board's own refresh tells (the drawer closes with it).
      } finally {
        reading = false;
        if (again && !stopped) {
          again = false;
          void read();
        }
      }
    };
    const stop = onBoardChange(() => void read());
    return () => {
      stopped = true;
      stop();
    };
  }, [id, reload]);
}
