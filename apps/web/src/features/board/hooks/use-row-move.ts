import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWithAction } from '../../../lib/undo-toast';
import { boardKeys, bodyOfKey } from '../api/board-keys';
import { moveTasks, useRefreshTasks } from '../api/tasks-api';
import { notifyBoardError } from '../lib/notify';
import { movedList } from '../lib/row-move';
import type { TaskPage } from '../lib/task-cache';
import { useBoard } from './board-context';
import { useViewSettings } from './use-view-settings';

/**
 * Ordering rows by hand: the records move at once in every loaded list ordered by hand (lists that
 * sort, or do not hold the record they follow, load again), then PUT /task/move; undo puts them back
 * at their exact places. A failed move shows why and loads the lists again (nothing is lost).
 */
export function useRowMove() {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, filterBody, undo } = useBoard();
  const queryClient = useQueryClient();
  const board = scope.board;
  const refresh = useRefreshTasks(board);

  const { update } = useViewSettings();
  /** Why rows cannot be moved here (a sort orders them), or null. */
  const refusal = (filterBody.sort?.length ?? 0) > 0 ? t('move.sorted') : null;
  /** Says why, with the way out: the sort removed (undoable, as any change of the view). */
  const refuse = useCallback(() => {
    if (!refusal) return;
    notifyWithAction(refusal, t('move.removeSort'), () => void update({ sort: [] }, t('undo.sort')), 'red');
  }, [refusal, t, update]);

  const move = useCallback(
    async (ids: string[], afterId: string | null) => {
      if (refusal) {
        refuse();
        return;
      }
      // Lists in the board's order, ungrouped or grouped as this one (the records stay in their
      // group), hold them where they go; the others load again once the server has the move.
      const stale: (readonly unknown[])[] = [];
      for (const [key, data] of queryClient.getQueriesData<InfiniteData<TaskPage, unknown>>({
        queryKey: boardKeys.tasksOf(board),
      })) {
        const body = bodyOfKey(key);
        if (!data || !body) continue;
        const next = movedList(data, body, filterBody.groupBy, ids, afterId);
        if (next) queryClient.setQueryData(key, next);
        else stale.push(key);
      }
      try {
        const moved = await moveTasks({ board, ids, afterId });
        for (const key of stale) void queryClient.invalidateQueries({ queryKey: key, exact: true });
        const place = (positions: number[]) => async () => {
          await moveTasks({ board, ids, positions });
          await refresh();
        };
        undo.push({
          label: t('undo.moved', { count: ids.length }),
          undo: place(moved.map((m) => m.previous)),
          redo: place(moved.map((m) => m.position)),
        });
      } catch (error) {
        notifyBoardError(error, tApp);
        await refresh();
      }
    },
    [board, filterBody.groupBy, queryClient, refresh, refusal, refuse, t, tApp, undo],
  );

  return { move, refusal, refuse };
}
