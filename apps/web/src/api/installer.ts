import {
  type AccessUpdateRequest,
  type CompanyUpdateRequest,
  dataOf,
  InstallerDetails,
  type InviteRequest,
  TeamResponse,
} from '@solar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { CurrentUser } from './user';

const CompanyResponse = dataOf(InstallerDetails);

/** PUT /api/installer/{installerId} (INSTALLER_ADMIN); the cached user gets the new company details. */
export function useUpdateCompany(installerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUpdateRequest) =>
      api.put(`/installer/${installerId}`, body, { schema: CompanyResponse }).then((r) => r.data),
    onSuccess: (installerDetails) =>
      queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, (current) =>
        current ? { ...current, installerDetails } : current,
      ),
  });
}

/** GET /api/installer/users: the caller's company team. */
export function useTeamQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.team,
    queryFn: ({ signal }) =>
      api.get('/installer/users', { signal, schema: TeamResponse }).then((r) => r.data.docs),
    enabled,
  });
}

/** POST /api/installer/userAceess/{companyId} (the path's spelling is the public contract). */
export function useInviteUsers(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) =>
      api.post(`/installer/userAceess/${companyId}`, body, { schema: TeamResponse }).then((r) => r.data.docs),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team }),
  });
}

/** PUT /api/installer/userAceess/{companyId}/{userId}: changes a member's role. */
export function useChangeRole(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: AccessUpdateRequest & { userId: string }) =>
      api.put(`/installer/userAceess/${companyId}/${userId}`, { role }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.team }),
  });
}

/** DELETE /api/installer/userAceess/{companyId}/{userId}: removes a member's access. */
export function useRemoveAccess(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/installer/userAceess/${companyId}/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team }),
  });
}
