import { type Board, type TaskCalculateRequest, TaskCalculateResponse } from '@solar/shared';
import {
  keepPreviousData,
  type QueryCacheNotifyEvent,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../api/client';
import { boardKeys } from './board-keys';

/** After the last change to a board's records, how long the summary rows wait before asking again. */
export const CALCULATION_REFRESH_MS = 400;

/** POST /task/calculate: a view's summary row over all its records. */
export const calculateTasks = (body: TaskCalculateRequest, signal?: AbortSignal) =>
  api.post('/task/calculate', body, { signal, schema: TaskCalculateResponse }).then((r) => r.data);

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

/**
 * Whether a cache event changed a board's records: an edit written into the cached pages
 * (`setQueryData`, which every write of the board goes through) or the pages marked stale (a create,
 * delete, import or recompute). Pages loaded while scrolling change nothing of the totals.
 */
export function changesRecords(event: QueryCacheNotifyEvent, board: Board): boolean {
  if (event.type !== 'updated' || !startsWith(event.query.queryKey, boardKeys.tasksOf(board))) return false;
  const action = event.action;
  return action.type === 'invalidate' || (action.type === 'success' && action.manual === true);
}

/**
 * The summary row of the table: asked only when the view has calculations, kept while a new one
 * loads (the row does not flicker), and asked again a moment after the board's records change.
 */
export function useBoardCalculations(body: TaskCalculateRequest, enabled: boolean) {
  const queryClient = useQueryClient();
  const board = body.board ?? 'tasks';
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (!changesRecords(event, board)) return;
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: boardKeys.calculationsOf(board) }),
        CALCULATION_REFRESH_MS,
      );
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [board, enabled, queryClient]);
  return useQuery({
    queryKey: boardKeys.calculations(body),
    queryFn: ({ signal }) => calculateTasks(body, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
