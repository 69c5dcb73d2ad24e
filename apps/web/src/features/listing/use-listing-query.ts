import { type Quote, QuoteListResponse, type SavedProject, type SavedSearchBody } from '@solar/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import {
  cleanFilters,
  type SavedSortColumn,
  type SortOrder,
  useSavedProjectSearch,
} from '../../api/projects';
import { quoteKeys } from '../../api/quotes';
import type { ListingRow } from './projects-table';

export type ListingMode = 'projects' | 'quotes';

interface ListingParams {
  filters: SavedSearchBody;
  sortColumn: SavedSortColumn;
  sortOrder: SortOrder;
  limit: number;
}

/** The quote list sorts by its own column names. */
export const QUOTE_SORT: Record<SavedSortColumn, string> = {
  date: 'createdAt',
  updatedAt: 'createdAt',
  totalCost: 'totalCost',
  rating: 'profiles.green.rating',
  consumption: 'consumption',
  city: 'city',
};

function projectRow(p: SavedProject): ListingRow {
  return { ...p, projectId: p._id };
}

function quoteRow(q: Quote): ListingRow {
  return { ...q, date: q.createdAt, responsiblePerson: null };
}

/**
 * PUT /api/quote/installer/search page by page: the read-only listing of ADMIN and CITY_ADMIN, and an
 * installer's nearby requests (the server scopes them to the company's service area).
 */
function useQuoteSearch(params: ListingParams, enabled: boolean) {
  const { stage: _stage, responsibleUserId: _responsible, ...filters } = cleanFilters(params.filters);
  const query = {
    limit: params.limit,
    sortColumn: QUOTE_SORT[params.sortColumn],
    sortOrder: params.sortOrder,
  };
  return useInfiniteQuery({
    // Under `quoteKeys.listingAll`: saving a quote as a project marks its row there (api/quotes.ts).
    queryKey: [...quoteKeys.listingAll, query, filters] as const,
    queryFn: ({ pageParam, signal }) =>
      api
        .put('/quote/installer/search', filters, {
          signal,
          // The first page by number, the rest by the keyset cursor of the page before.
          query: pageParam ? { ...query, cursor: pageParam } : { ...query, page: 1 },
          schema: QuoteListResponse,
        })
        .then((r) => r.data),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.pagination.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The listing's rows, page by page: the company's saved projects ('projects'), or the visible quotes
 * ('quotes': read-only for ADMIN and CITY_ADMIN, an installer's nearby requests). Both answer `docs`,
 * `pagination` and `maxMin[0]` totals.
 */
export function useListingQuery(mode: ListingMode, params: ListingParams) {
  const projects = useSavedProjectSearch(params, mode === 'projects');
  const quotes = useQuoteSearch(params, mode === 'quotes');
  const active = mode === 'projects' ? projects : quotes;

  const rows = useMemo(() => {
    const all: ListingRow[] =
      mode === 'projects'
        ? (projects.data?.pages ?? []).flatMap((page) => page.docs.map(projectRow))
        : (quotes.data?.pages ?? []).flatMap((page) => page.docs.map(quoteRow));
    // A row can shift to the next page when data changes between two loads: keep the first.
    const seen = new Set<string>();
    return all.filter((row) => !seen.has(row._id) && seen.add(row._id));
  }, [mode, projects.data, quotes.data]);
  const pages = mode === 'projects' ? projects.data?.pages : quotes.data?.pages;
  const first = pages?.[0]?.maxMin[0];
  return {
    rows,
    totals: first
      ? { count: first.count, totalCost: first.totalCost, isCapped: 'isCapped' in first && first.isCapped }
      : undefined,
    isPending: active.isPending,
    isError: active.isError,
    error: active.error,
    refetch: active.refetch,
    isFetching: active.isFetching,
    isPlaceholderData: active.isPlaceholderData,
    hasNextPage: active.hasNextPage,
    fetchNextPage: active.fetchNextPage,
    isFetchingNextPage: active.isFetchingNextPage,
    isFetchNextPageError: active.isFetchNextPageError,
  };
}
