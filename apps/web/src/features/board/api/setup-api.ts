import { TaskSetupResponse } from '@solar/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { BoardScope } from '../lib/filter-body';
import { boardKeys } from './board-keys';

/**
 * POST /task/setup, the page's first call: creates the default columns and the 'Project Management'
 * view when missing (and the /projects records). Its answer fills the properties and views caches.
 */
export function useBoardSetup(scope: BoardScope) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: boardKeys.setup(scope),
    queryFn: async ({ signal }) => {
      const { data } = await api.post(
        '/task/setup',
        { board: scope.board, projectId: scope.projectId },
        { signal, schema: TaskSetupResponse },
      );
      queryClient.setQueryData(boardKeys.properties(scope.board), data.properties);
      queryClient.setQueryData(boardKeys.views(scope), data.views);
      return true;
    },
    refetchOnWindowFocus: false,
    retry: 1,
  });
}
