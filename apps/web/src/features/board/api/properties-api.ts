import {
  type Board,
  type DataType,
  type PropertyCreateRequest,
  type PropertyRetypePreview,
  PropertyRetypePreviewResponse,
  type PropertyUpdateRequest,
  PropertyUpdateResponse,
  type UpdatePropertyRequest,
  UserProperties,
} from '@solar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { boardKeys } from './board-keys';

/** The answer of the property calls: the board's columns, with a localized message on changes. */
const PropertiesAnswer = z.object({ data: UserProperties, message: z.string().optional() });
type PropertiesAnswer = z.infer<typeof PropertiesAnswer>;
export type ColumnSettings = z.input<typeof UpdatePropertyRequest>['property'];

/** GET /user-properties?board: the company's columns of a board. */
export function useBoardProperties(board: Board, enabled: boolean) {
  return useQuery({
    queryKey: boardKeys.properties(board),
    queryFn: ({ signal }) =>
      api.get('/user-properties', { signal, query: { board }, schema: PropertiesAnswer }).then((r) => r.data),
    enabled,
    staleTime: 30_000,
  });
}

/** Every property call answers the whole column set: it replaces the cached one. */
function useStoreProperties(board: Board) {
  const queryClient = useQueryClient();
  return (answer: PropertiesAnswer, recomputed = false) => {
    queryClient.setQueryData(boardKeys.properties(board), answer.data);
    // The server recomputed the records' derived cells (formulas, rollups, ids): read them again.
    if (recomputed) void queryClient.invalidateQueries({ queryKey: boardKeys.tasksOf(board) });
  };
}

/** POST /task/property/create. */
export function useCreateProperty(board: Board) {
  const store = useStoreProperties(board);
  return useMutation({
    mutationFn: (body: Omit<PropertyCreateRequest, 'board'>) =>
      api.post('/task/property/create', { ...body, board }, { schema: PropertiesAnswer }),
    onSuccess: (answer) => store(answer, true),
  });
}

/** PATCH /task/property/update: rename and/or change the type (records are re-keyed and converted). */
export function useUpdateProperty(board: Board) {
  const store = useStoreProperties(board);
  return useMutation({
    mutationFn: (body: Omit<PropertyUpdateRequest, 'board'>) =>
      api.patch('/task/property/update', { ...body, board }, { schema: PropertyUpdateResponse }),
    // Cells moved to the new key or type: the records are read again.
    onSuccess: (answer) => store(answer, true),
  });
}

/** POST /task/property/retype-preview: how many values a type change would empty or alter. */
export function previewRetype(board: Board, key: string, type: DataType): Promise<PropertyRetypePreview> {
  return api
    .post('/task/property/retype-preview', { board, key, type }, { schema: PropertyRetypePreviewResponse })
    .then((r) => r.data);
}

/** DELETE /task/property/delete {board, key}. */
export function useDeleteProperty(board: Board) {
  const store = useStoreProperties(board);
  return useMutation({
    mutationFn: (key: string) =>
      api.delete('/task/property/delete', { body: { board, key }, schema: PropertiesAnswer }),
    onSuccess: (answer) => store(answer, true),
  });
}

/**
 * PUT /user-properties/update-property/{_id}: options, width, icon, formula or position of a column.
 * Each change shows at once, but they are sent one at a time, in the order made (one scope per
 * board): each sends a column's whole option list, so a slow first change landing after a quick
 * second one would put back the list without the second's option. Only the answer of the last
 * change replaces the columns; an earlier answer would hide the changes still on their way.
 */
export function useUpdateColumnSettings(board: Board) {
  const store = useStoreProperties(board);
  const queryClient = useQueryClient();
  const mutationKey = [...boardKeys.properties(board), 'settings'];
  return useMutation({
    mutationKey,
    scope: { id: mutationKey.join('/') },
    mutationFn: ({ id, key, property }: { id: string; key: string; property: ColumnSettings }) =>
      api.put(`/user-properties/update-property/${id}`, { key, property }, { schema: PropertiesAnswer }),
    onMutate: ({ key, property }) => {
      // Options and icons show at once; the answer replaces them.
      const previous = queryClient.getQueryData<UserProperties>(boardKeys.properties(board));
      const column = previous?.properties[key];
      if (previous && column) {
        queryClient.setQueryData<UserProperties>(boardKeys.properties(board), {
          ...previous,
          properties: { ...previous.properties, [key]: { ...column, ...property } },
        });
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(boardKeys.properties(board), context.previous);
    },
    onSuccess: (answer, { property }) => {
      const recomputed = property.formula !== undefined || property.rollup !== undefined;
      // This change counts itself until it settles: more than one is a newer change still to come.
      if (queryClient.isMutating({ mutationKey }) > 1) {
        if (recomputed) void queryClient.invalidateQueries({ queryKey: boardKeys.tasksOf(board) });
        return;
      }
      store(answer, recomputed);
    },
  });
}
