import { ConstantsResponse } from '@solar/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

/** GET /api/constant: download quota, enumerations, customer-app and meeting URLs. */
export function useConstantsQuery(enabled = true) {
  return useQuery({
    queryKey: queryKeys.constants,
    queryFn: ({ signal }) => api.get('/constant', { signal, schema: ConstantsResponse }).then((r) => r.data),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
