import { CurrentUserResponse, type Language, type PersonalDetailsRequest } from '@solar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

export type CurrentUser = CurrentUserResponse['data'];

/** GET /api/user: the logged-in user and their company. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => api.get('/user', { signal, schema: CurrentUserResponse }).then((r) => r.data),
  staleTime: 5 * 60_000,
});

/** The logged-in user ({@link currentUserQuery}); only runs while a token is stored. */
export function useCurrentUserQuery(enabled: boolean) {
  return useQuery({ ...currentUserQuery, enabled });
}

/** PUT /api/user/update/personal-details; the answer replaces the cached user. */
export function useUpdatePersonalDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonalDetailsRequest) =>
      api.put('/user/update/personal-details', body, { schema: CurrentUserResponse }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.currentUser, data),
  });
}

/** PUT /api/user/onboarding {done}: ends the first-login tour, or (`false`) shows it again. */
export function useSetOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (done: boolean) =>
      api.put('/user/onboarding', { done }, { schema: CurrentUserResponse }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.currentUser, data),
  });
}

/** PUT /api/user/language: keeps the sidebar's language on the profile, so the server's e-mails follow it. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferredLanguage: Language) =>
      api.put('/user/language', { preferredLanguage }, { schema: CurrentUserResponse }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.currentUser, data),
  });
}
