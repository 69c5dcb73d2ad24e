import {
  type CompanyCreateRequest,
  type CompanyListQuery,
  CompanyListResponse,
  InstallerDetails,
  TeamMember,
} from '@solar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

export const adminKeys = {
  companies: ['admin', 'companies'] as const,
  companyList: (query: CompanyListQuery) => ['admin', 'companies', query] as const,
};

export type CompanyList = z.infer<typeof CompanyListResponse>['data'];

/** GET /api/admin/companies (ADMIN): a page of the installer companies, newest first; `q` searches the name. */
export function useCompanies(query: CompanyListQuery) {
  return useQuery({
    queryKey: adminKeys.companyList(query),
    queryFn: ({ signal }): Promise<CompanyList> =>
      api
        .get('/admin/companies', {
          signal,
          query: { q: query.q || undefined, page: query.page, limit: query.limit },
          schema: CompanyListResponse,
        })
        .then((r) => r.data),
    // A new page or search keeps the rows shown until its answer is in (no flash of the skeleton).
    placeholderData: keepPreviousData,
  });
}

const CompanyCreateResponse = z.object({ data: z.object({ company: InstallerDetails, owner: TeamMember }) });
export type CompanyCreated = z.infer<typeof CompanyCreateResponse>['data'];

/** POST /api/admin/companies (ADMIN): a new company and its first admin, who is sent the invitation. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyCreateRequest) =>
      api.post('/admin/companies', body, { schema: CompanyCreateResponse }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.companies }),
  });
}
