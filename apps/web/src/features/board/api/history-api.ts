import { type Board, BoardActivityResponse, dataOf, TaskHistoryResponse } from '@solar/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { boardKeys } from './board-keys';

const PAGE = 30;

/**
 * History entries, thirty a page, newest first, paged by the answer's cursor; asked again each time
 * they are shown (a drawer opening).
 */
function useHistoryPages<S extends z.ZodType<{ data: { nextCursor: number | null } }>>(
  queryKey: readonly unknown[],
  path: string,
  query: Record<string, string>,
  schema: S,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api
        .get(path, {
          signal,
          query: { ...query, limit: PAGE, ...(pageParam === null ? {} : { cursor: pageParam }) },
          schema,
        })
        .then((r) => r.data as z.output<S>['data']),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 0,
  });
}

const HistoryAnswer = dataOf(TaskHistoryResponse);
const ActivityAnswer = dataOf(BoardActivityResponse);

/** GET /task/{id}/history: one record's entries (the record drawer). */
export const useRecordHistory = (id: string) =>
  useHistoryPages(boardKeys.history(id), `/task/${id}/history`, {}, HistoryAnswer);

/** The activity panel's filters: one person's entries, and those since an instant. */
export interface ActivityFilter {
  userId?: string;
  since?: string;
}

/** GET /task/activity: the latest entries of the board's records (the activity panel), filtered. */
export const useBoardActivity = (board: Board, enabled: boolean, filter: ActivityFilter = {}) => {
  const query: Record<string, string> = { board };
  if (filter.userId) query.userId = filter.userId;
  if (filter.since) query.since = filter.since;
  return useHistoryPages(
    [...boardKeys.activity(board), filter],
    '/task/activity',
    query,
    ActivityAnswer,
    enabled,
  );
};
