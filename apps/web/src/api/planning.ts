import {
  ChangeRequest,
  type ChangeRequestStatus,
  dataOf,
  FilterDataResponse,
  MessageResponse,
  QUOTE_TASK_STATUSES,
  Quote,
  type QuoteFilters,
  QuoteListResponse,
  type QuoteTaskStatus,
  QuoteTotalResponse,
  type QuoteUpdateRequest,
} from '@solar/shared';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

/** Query keys of the planning-data view. */
export const planningKeys = {
  all: ['planning'] as const,
  quotes: (page: number, limit: number, filters: QuoteFilters) =>
    ['planning', 'quotes', { page, limit, filters }] as const,
  quoteLists: ['planning', 'quotes'] as const,
  filterData: ['planning', 'filter-data'] as const,
  counts: ['planning', 'counts'] as const,
  count: (status: QuoteTaskStatus, filters: QuoteFilters) => ['planning', 'counts', status, filters] as const,
  changeRequestLists: ['planning', 'change-requests'] as const,
  changeRequests: (status: ChangeRequestStatus) => ['planning', 'change-requests', status] as const,
};

/** PUT /api/quote/installer/search: one page of quotes (ADMIN all; CITY_ADMIN its city, by the server). */
export function usePlanningQuotes(page: number, limit: number, filters: QuoteFilters) {
  return useQuery({
    queryKey: planningKeys.quotes(page, limit, filters),
    queryFn: ({ signal }) =>
      api
        .put('/quote/installer/search', filters, {
          signal,
          query: { page, limit, sortColumn: 'createdAt', sortOrder: 'desc' },
          schema: QuoteListResponse,
        })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/quote/installer/filter-data: cities (with counts) and the other filter options. */
export function usePlanningFilterData() {
  return useQuery({
    queryKey: planningKeys.filterData,
    queryFn: ({ signal }) =>
      api.get('/quote/installer/filter-data', { signal, schema: FilterDataResponse }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/quote/installer/total once per task status: the count of each status under the other filters. */
export function useTaskStatusCounts(filters: Omit<QuoteFilters, 'taskStatus'>) {
  return useQueries({
    queries: QUOTE_TASK_STATUSES.map((status) => ({
      queryKey: planningKeys.count(status, filters),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api
          .post(
            '/quote/installer/total',
            { ...filters, taskStatus: [status] },
            { signal, schema: QuoteTotalResponse },
          )
          .then((r) => r.data),
      placeholderData: (previous: QuoteTotalResponse['data'] | undefined) => previous,
    })),
    combine: (results) => ({
      counts: Object.fromEntries(
        QUOTE_TASK_STATUSES.map((status, i) => [status, results[i]?.data]),
      ) as Record<QuoteTaskStatus, QuoteTotalResponse['data'] | undefined>,
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      refetch: () => {
        for (const r of results) if (r.isError) void r.refetch();
      },
    }),
  });
}

/** PUT /api/quote/update (ADMIN): the answer replaces the quote in every cached page; counts refresh. */
export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteUpdateRequest) =>
      api.put('/quote/update', body, { schema: dataOf(Quote) }).then((r) => r.data),
    onSuccess: (quote) => {
      queryClient.setQueriesData<QuoteListResponse['data']>(
        { queryKey: planningKeys.quoteLists },
        (current) =>
          current
            ? { ...current, docs: current.docs.map((doc) => (doc._id === quote._id ? quote : doc)) }
            : current,
      );
      void queryClient.invalidateQueries({ queryKey: planningKeys.counts });
    },
  });
}

const ChangeRequestsResponse = dataOf(z.object({ docs: z.array(ChangeRequest) }));

/** GET /api/change-requests?status= (ADMIN): open ones newest first, resolved ones latest resolved first. */
export function useChangeRequests(status: ChangeRequestStatus, enabled = true) {
  return useQuery({
    queryKey: planningKeys.changeRequests(status),
    queryFn: ({ signal }) =>
      api
        .get('/change-requests', { signal, query: { status }, schema: ChangeRequestsResponse })
        .then((r) => r.data.docs),
    enabled,
  });
}

/** The open change requests (ADMIN), whose count the tab shows. */
export function useOpenChangeRequests(enabled: boolean) {
  return useChangeRequests('open', enabled);
}

/**
 * PUT /api/change-requests/{id}/{resolve|reopen} (ADMIN): the request leaves the list it was in at
 * once; both lists load again, the other one to show it with who resolved it and when.
 */
function useMoveChangeRequest(action: 'resolve' | 'reopen') {
  const queryClient = useQueryClient();
  const from: ChangeRequestStatus = action === 'resolve' ? 'open' : 'resolved';
  return useMutation({
    mutationFn: (id: string) =>
      api
        .put(`/change-requests/${id}/${action}`, undefined, { schema: MessageResponse })
        .then((r) => r.data.message),
    onSuccess: (_message, id) => {
      queryClient.setQueryData<ChangeRequest[]>(planningKeys.changeRequests(from), (current) =>
        current?.filter((request) => request._id !== id),
      );
    },
    // Also after a refusal: someone else may have resolved or reopened it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: planningKeys.changeRequestLists }),
  });
}

/** PUT /api/change-requests/{id}/resolve (ADMIN): the request moves from open to resolved. */
export function useResolveChangeRequest() {
  return useMoveChangeRequest('resolve');
}

/** PUT /api/change-requests/{id}/reopen (ADMIN): a resolved request is open again (the undo of resolving). */
export function useReopenChangeRequest() {
  return useMoveChangeRequest('reopen');
}
