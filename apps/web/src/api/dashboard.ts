import { DashboardResponse } from '@solar/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client';
import { projectKeys } from './projects';

export type DashboardStats = z.infer<typeof DashboardResponse>['data'];

/**
 * GET /api/dashboard/stats: the company's counts per stage, pipeline value, conversion and 12 months.
 * Only installer roles have a company; pass `enabled = false` for ADMIN and CITY_ADMIN.
 */
export function useDashboardStats(enabled = true) {
  return useQuery({
    queryKey: projectKeys.dashboard,
    queryFn: ({ signal }) =>
      api.get('/dashboard/stats', { signal, schema: DashboardResponse }).then((r) => r.data),
    enabled,
  });
}
