import {
  compactUuid,
  dataOf,
  FilterDataResponse,
  type MapBox,
  MapViewResponse,
  ProjectDetailResponse,
  Quote,
  type QuoteFilters,
  type QuoteListQuery,
  QuoteListResponse,
  type Stage,
} from '@solar/shared';
import {
  type InfiniteData,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client';

const QuoteResponse = dataOf(Quote);

export type MapViewData = z.infer<typeof MapViewResponse>['data'];
export type FilterData = z.infer<typeof FilterDataResponse>['data'];
export type QuoteListPage = z.infer<typeof QuoteListResponse>['data'];
export type SavedProjectDetail = z.infer<typeof ProjectDetailResponse>['data'];

/** Query keys of the quote calls; everything under `['quotes']` is invalidated together. */
export const quoteKeys = {
  all: ['quotes'] as const,
  /** Every map answer: the whole set and the parts asked for. */
  mapAll: ['quotes', 'map-view'] as const,
  mapView: (filters: QuoteFilters) => ['quotes', 'map-view', filters] as const,
  /** A part of the map at a zoom, asked when the whole set is clustered by the server. */
  mapArea: (area: MapArea | null) => ['quotes', 'map-view', 'area', area] as const,
  filterData: ['quotes', 'filter-data'] as const,
  detail: (id: string) => ['quotes', 'detail', id] as const,
  list: (query: Partial<QuoteListQuery>, filters: QuoteFilters) =>
    ['quotes', 'list', query, filters] as const,
  /** The pages of /listing's quotes (ADMIN's and CITY_ADMIN's list, an installer's nearby requests). */
  listingAll: ['quotes', 'listing'] as const,
};

/** A company's new project of a quote, as the quote lists and the map carry it. */
export interface SavedQuote {
  quoteId: string;
  projectId: string;
  projectStatus: Stage;
  customer: Quote['customer'];
}

/**
 * The listing's pages with `saved` marked on its quote (the project to open, its stage, and the
 * customer, whom the company may see now); the pages themselves unchanged otherwise, so the row keeps
 * its place instead of the list being read again.
 */
export function withSavedQuote(
  data: InfiniteData<QuoteListPage, string> | undefined,
  saved: SavedQuote,
): InfiniteData<QuoteListPage, string> | undefined {
  if (!data?.pages.some((page) => page.docs.some((quote) => quote._id === saved.quoteId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.docs.some((quote) => quote._id === saved.quoteId)
        ? {
            ...page,
            docs: page.docs.map((quote) =>
              quote._id === saved.quoteId
                ? {
                    ...quote,
                    projectId: saved.projectId,
                    projectStatus: saved.projectStatus,
                    customer: saved.customer ?? quote.customer,
                  }
                : quote,
            ),
          }
        : page,
    ),
  };
}

/** The map's points with the stage of `quoteId` set (its dot takes the stage's colour). */
export function withPointStage(data: MapViewData | undefined, quoteId: string, stage: Stage) {
  if (!data) return data;
  const id = compactUuid(quoteId);
  const index = data.ids.indexOf(id);
  if (index < 0) return data;
  return { ...data, stage: data.stage.map((s, i) => (i === index ? stage : (s ?? null))) };
}

/** POST /api/quote/installer/map-view without a box: every point the caller may see (best rated first). */
export function fetchMapView(filters: QuoteFilters, signal?: AbortSignal): Promise<MapViewData> {
  return api
    .post('/quote/installer/map-view', { filters }, { signal, schema: MapViewResponse })
    .then((r) => r.data);
}

/** The caller's whole visible set of map points (clustered in the browser), or the server's clusters of it. */
export function useMapViewQuery(filters: QuoteFilters = {}, enabled = true) {
  return useQuery({
    queryKey: quoteKeys.mapView(filters),
    queryFn: ({ signal }) => fetchMapView(filters, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** A box of the map at a zoom (the box widened to whole tiles: `snapToTiles`). */
export interface MapArea {
  box: MapBox;
  zoom: number;
}

/** POST /api/quote/installer/map-view for a part of the map: its points, or the server's clusters at the zoom. */
export function useMapAreaQuery(area: MapArea | null) {
  return useQuery({
    queryKey: quoteKeys.mapArea(area),
    queryFn: ({ signal }): Promise<MapViewData> =>
      api
        .post(
          '/quote/installer/map-view',
          { bbox: area?.box, zoom: area?.zoom },
          { signal, schema: MapViewResponse },
        )
        .then((r) => r.data),
    enabled: area !== null,
    staleTime: 60_000,
    // The last part stays drawn while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/quote/installer/filter-data: cities with counts and centres, building and roof types, cost range. */
export function fetchFilterData(signal?: AbortSignal): Promise<FilterData> {
  return api
    .post('/quote/installer/filter-data', {}, { signal, schema: FilterDataResponse })
    .then((r) => r.data);
}

export function useFilterDataQuery(enabled = true) {
  return useQuery({
    queryKey: quoteKeys.filterData,
    queryFn: ({ signal }) => fetchFilterData(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/quote/{id}: one visible quote, with the caller's `projectId`/`projectStatus`. */
export function useQuoteQuery(id: string | null, enabled = true) {
  return useQuery({
    queryKey: quoteKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get(`/quote/${id}`, { signal, schema: QuoteResponse }).then((r) => r.data),
    enabled: enabled && id !== null,
    staleTime: 30_000,
  });
}

/** PUT /api/quote/installer/search: a page of quotes; `maxMin[0]` holds the totals of the filtered set. */
export function useQuoteListQuery(
  query: Partial<QuoteListQuery>,
  filters: QuoteFilters = {},
  enabled = true,
) {
  return useQuery({
    queryKey: quoteKeys.list(query, filters),
    queryFn: ({ signal }) =>
      api
        .put('/quote/installer/search', filters, { signal, query, schema: QuoteListResponse })
        .then((r) => r.data),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/saved-project/create {quoteId}: saves a quote as the company's project (idempotent). */
export function useSaveQuoteAsProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) =>
      api.post('/saved-project/create', { quoteId }, { schema: ProjectDetailResponse }).then((r) => r.data),
    // Set on the mutation, not on one `mutate` call: it runs even when the row or popup that saved is gone.
    onSuccess: (project) => {
      const saved: SavedQuote = {
        quoteId: project.quoteId,
        projectId: project._id,
        projectStatus: project.projectStatus,
        customer: project.customer,
      };
      queryClient.setQueryData<Quote>(quoteKeys.detail(project.quoteId), (quote) =>
        quote ? { ...quote, projectId: saved.projectId, projectStatus: saved.projectStatus } : quote,
      );
      queryClient.setQueriesData<InfiniteData<QuoteListPage, string>>(
        { queryKey: quoteKeys.listingAll },
        (data) => withSavedQuote(data, saved),
      );
      // Every map answer held (the whole set and the parts asked for) shows the new stage.
      queryClient.setQueriesData<MapViewData>({ queryKey: quoteKeys.mapAll }, (data) =>
        withPointStage(data, project.quoteId, project.projectStatus),
      );
      void queryClient.invalidateQueries({ queryKey: ['matched'] });
      // The company's listing and dashboard hold one project more (`projectKeys`, api/projects.ts).
      void queryClient.invalidateQueries({
        queryKey: ['projects'],
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
    },
  });
}
