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
 * Puts a record into every cache the board and the drawer read it from (the loaded views, the record
 * read on its own). With `onlyNewer`, a copy older than the cached one is dropped: a read that
 * started before a save and answered after it.
 */
export function useStoreRecord(board: Board) {
  const queryClient = useQueryClient();
  const change = useTaskCache(board);
  return useCallback(
    (task: Task, onlyNewer = false) => {
      const keep = (cached: Task | undefined) => !onlyNewer || isNotOlder(task, cached);
      change((data, body) => (keep(findTask(data, task._id)) ? replaceTask(data, body, task) : data));
      if (keep(queryClient.getQueryData<Task>(boardKeys.task(task._id)))) {
        queryClient.setQueryData(boardKeys.task(task._id), task);
      }
    },
    [change, queryClient],
  );
}

/** Reads one record again into every cache the board and the drawer read it from (never older). */
export function useRecordReload(board: Board) {
  const store = useStoreRecord(board);
  return useCallback(async (id: string) => store(await getTask(id), true), [store]);
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
