import {
  type Component,
  MessageResponse,
  ProjectDetailResponse,
  SAVED_SORT_COLUMNS,
  SavedListResponse,
  type SavedProjectUpdate,
  type SavedSearchBody,
} from '@solar/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client';

export type SavedSortColumn = (typeof SAVED_SORT_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';
export type SavedListPage = z.infer<typeof SavedListResponse>['data'];
export type ProjectDetail = z.infer<typeof ProjectDetailResponse>['data'];
export type ProjectComponent = z.infer<typeof Component>;

export interface SavedProjectSearchParams {
  filters: SavedSearchBody;
  sortColumn?: SavedSortColumn;
  sortOrder?: SortOrder;
  /** Page size; 20 by default. */
  limit?: number;
}

/** Query keys of the saved projects; invalidate `projectKeys.all` after any project change. */
export const projectKeys = {
  all: ['projects'] as const,
  searches: ['projects', 'search'] as const,
  search: (params: SavedProjectSearchParams) => ['projects', 'search', params] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  /** The kanban and the dashboard also depend on projects; they live under the same root. */
  dashboard: ['projects', 'dashboard'] as const,
};

/**
 * Other caches that show project data: the kanban (`['matched']`) and the quote lists and map, which carry
 * each quote's `projectId`/`projectStatus` (`['quotes']`).
 */
function invalidateRelated(queryClient: ReturnType<typeof useQueryClient>, withQuotes: boolean) {
  void queryClient.invalidateQueries({ queryKey: ['matched'] });
  // The map's points and the filter data are large and change little: the map refreshes them itself.
  if (withQuotes)
    void queryClient.invalidateQueries({
      queryKey: ['quotes'],
      predicate: (q) => q.queryKey[1] !== 'map-view' && q.queryKey[1] !== 'filter-data',
    });
}

/** The sortable columns of the listing (SPEC §3), re-exported for column headers. */
export { SAVED_SORT_COLUMNS };

/** Drops empty strings and empty lists, so the request body stays minimal and the cache key stable. */
export function cleanFilters(filters: SavedSearchBody): SavedSearchBody {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as SavedSearchBody;
}

/** One page of POST /api/saved-project/installer/search (cancellable through `signal`). */
export function fetchSavedProjects(
  params: SavedProjectSearchParams & { page: number },
  signal?: AbortSignal,
): Promise<SavedListPage> {
  return api
    .post('/saved-project/installer/search', cleanFilters(params.filters), {
      signal,
      schema: SavedListResponse,
      query: {
        page: params.page,
        limit: params.limit ?? 20,
        sortColumn: params.sortColumn ?? 'date',
        sortOrder: params.sortOrder ?? 'desc',
      },
    })
    .then((r) => r.data);
}

/**
 * The company's saved projects, page by page ("Load more" = `fetchNextPage`). A change of filters or
 * sorting starts a new query (first page replaces), and TanStack Query aborts the old request.
 */
export function useSavedProjectSearch(params: SavedProjectSearchParams, enabled = true) {
  const normalised: SavedProjectSearchParams = {
    filters: cleanFilters(params.filters),
    sortColumn: params.sortColumn ?? 'date',
    sortOrder: params.sortOrder ?? 'desc',
    limit: params.limit ?? 20,
  };
  return useInfiniteQuery({
    queryKey: projectKeys.search(normalised),
    queryFn: ({ pageParam, signal }) => fetchSavedProjects({ ...normalised, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNextPage ? last.pagination.page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/saved-project/project/{id}: one project with its stage history. */
export function useProject(id: string | null | undefined) {
  return useQuery({
    queryKey: projectKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/saved-project/project/${id}`, { signal, schema: ProjectDetailResponse }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/**
 * PUT /api/saved-project/update/{id} `{responsibleUserId?, customerTarget?, notes?, projectStatus?}`.
 * The answer replaces the cached project; lists, kanban and dashboard are refetched.
 */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedProjectUpdate & { id: string }) =>
      api.put(`/saved-project/update/${id}`, body, { schema: ProjectDetailResponse }).then((r) => r.data),
    onSuccess: (project, variables) => {
      queryClient.setQueryData(projectKeys.detail(project._id), project);
      void queryClient.invalidateQueries({
        queryKey: projectKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
      invalidateRelated(queryClient, variables.projectStatus !== undefined);
    },
  });
}

/** PUT /api/saved-project/update-components/{id} `{components}`. */
export function useUpdateComponents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, components }: { id: string; components: ProjectComponent[] }) =>
      api
        .put(`/saved-project/update-components/${id}`, { components }, { schema: ProjectDetailResponse })
        .then((r) => r.data),
    onSuccess: (project) => queryClient.setQueryData(projectKeys.detail(project._id), project),
  });
}

/** PUT /api/saved-project/delete `{deletedProjects}` (INSTALLER_ADMIN, INSTALLER_SALES); soft delete. */
export function useDeleteProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api
        .put('/saved-project/delete', { deletedProjects: ids }, { schema: MessageResponse })
        .then((r) => r.data.message),
    onSuccess: () => {
      invalidateRelated(queryClient, true);
      return queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

/** POST /api/saved-project/create `{quoteId}`: saves a quote as the company's project (idempotent). */
export function useSaveQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) =>
      api.post('/saved-project/create', { quoteId }, { schema: ProjectDetailResponse }).then((r) => r.data),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project._id), project);
      void queryClient.invalidateQueries({
        queryKey: projectKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      });
      invalidateRelated(queryClient, true);
    },
  });
}
