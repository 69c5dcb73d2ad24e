import { type Board, BoardActivityResponse, dataOf, TaskHistoryResponse } from '@solar/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { boardKeys } from './board-keys';

const HistoryAnswer = dataOf(TaskHistoryResponse);

/** GET /task/{id}/history, thirty events a page, newest first; asked again whenever the drawer opens. */
export function useRecordHistory(id: string) {
  return useInfiniteQuery({
    queryKey: boardKeys.history(id),
    queryFn: ({ pageParam, signal }) =>
      api
        .get(`/task/${id}/history`, {
          signal,
          query: { limit: 30, ...(pageParam === null ? {} : { cursor: pageParam }) },
          schema: HistoryAnswer,
        })
        .then((r) => r.data),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

const ActivityAnswer = dataOf(BoardActivityResponse);

/** GET /task/activity: the latest entries of the board's records, thirty a page (the activity panel). */
export function useBoardActivity(board: Board, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: boardKeys.activity(board),
    queryFn: ({ pageParam, signal }) =>
      api
        .get('/task/activity', {
          signal,
          query: { board, limit: 30, ...(pageParam === null ? {} : { cursor: pageParam }) },
          schema: ActivityAnswer,
        })
        .then((r) => r.data),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 0,
  });
}
