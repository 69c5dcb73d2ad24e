import {
  dataOf,
  MessageResponse,
  UserProjectsResponse,
  View,
  type ViewCreateRequest,
  type ViewEditRequest,
  ViewListResponse,
} from '@solar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import type { BoardScope } from '../lib/filter-body';
import { boardKeys } from './board-keys';

const ViewAnswer = dataOf(View).extend({ message: z.string().optional() });
export type UserProject = z.infer<typeof UserProjectsResponse>['data'][number];

/** GET /view/user-views/{tasks | projects | projectId}: the user's saved views (tabs). */
export function useViews(scope: BoardScope, enabled: boolean) {
  return useQuery({
    queryKey: boardKeys.views(scope),
    queryFn: ({ signal }) =>
      api
        .get(`/view/user-views/${scope.projectId ?? scope.board}`, { signal, schema: ViewListResponse })
        .then((r) => r.data),
    enabled,
    staleTime: 30_000,
  });
}

/** POST /view/create; the new view joins the cached tabs. */
export function useCreateView(scope: BoardScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ViewCreateRequest, 'board' | 'projectId'>) =>
      api.post(
        '/view/create',
        { ...body, board: scope.board, projectId: scope.projectId },
        { schema: ViewAnswer },
      ),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<View[]>(boardKeys.views(scope), (views) => [...(views ?? []), data]),
  });
}

/** The cached tabs with one view replaced (SPEC §4: changing a view replaces it locally). */
export function useSetCachedView(scope: BoardScope) {
  const queryClient = useQueryClient();
  return (view: View) =>
    queryClient.setQueryData<View[]>(boardKeys.views(scope), (views) =>
      (views ?? []).map((v) => (v._id === view._id ? view : v)),
    );
}

/** PUT /view/edit {_id, ...fields}. */
export const editView = (body: ViewEditRequest) =>
  api.put('/view/edit', body, { schema: ViewAnswer }).then((r) => r.data);

/** PATCH /view/edit-hidden-properties {_id, hiddenProperties}. */
export const editHiddenProperties = (id: string, hiddenProperties: string[]) =>
  api
    .patch('/view/edit-hidden-properties', { _id: id, hiddenProperties }, { schema: ViewAnswer })
    .then((r) => r.data);

/** DELETE /view/delete/{id}; the view leaves the cached tabs (SPEC §4). */
export function useDeleteView(scope: BoardScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/view/delete/${id}`, { schema: MessageResponse }).then((r) => r.data.message),
    onSuccess: (_message, id) =>
      queryClient.setQueryData<View[]>(boardKeys.views(scope), (views) =>
        (views ?? []).filter((v) => v._id !== id),
      ),
  });
}

/** GET /view/user-projects: the company's projects with their task counts (the /tasks project picker). */
export function useUserProjects(enabled: boolean) {
  return useQuery({
    queryKey: boardKeys.userProjects,
    queryFn: ({ signal }) =>
      api.get('/view/user-projects', { signal, schema: UserProjectsResponse }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}
