import {
  type ForgotPasswordRequest,
  type LoginRequest,
  LoginResponse,
  MessageResponse,
  type ResetPasswordRequest,
  ResetPasswordResponse,
} from '@solar/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../app/query-client';
import { api } from './client';
import { queryKeys } from './query-keys';
import { clearSession, getRefreshToken, saveLogin } from './session-store';

/**
 * POST /api/user/installer/login. On success the user is put in the cache, which marks the session
 * authorized without another GET /api/user, and the tokens and city are stored for 24 days. A plain
 * function, not a mutation hook: the login page loads this module (with the query cache and the
 * zod-checked client) only when the form is used.
 */
export async function logIn(body: LoginRequest, options: { onLoggedIn?: () => void } = {}): Promise<void> {
  const data = await api
    .post('/user/installer/login', body, { schema: LoginResponse, skipRefresh: true })
    .then((r) => r.data);
  queryClient.setQueryData(queryKeys.currentUser, {
    user: data.user,
    installerDetails: data.installerDetails,
  });
  // Before the token is stored: storing it re-renders the guards, which unmount the login page.
  options.onLoggedIn?.();
  saveLogin({
    token: data.token,
    refreshToken: data.refresh_token,
    city: data.user.installerCity ?? data.installerDetails?.city ?? null,
  });
}

/** POST /api/user/forgot-password; the answer is the same whether the address exists or not. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api
        .post('/user/forgot-password', body, { schema: MessageResponse, skipRefresh: true })
        .then((r) => r.data),
  });
}

/**
 * GET /api/user/reset-password/{token}: whether the link can still set a password (unused, not expired).
 * Asked once as the page opens; a refusal (400) is the answer, not something to retry.
 */
export function useResetLinkCheck(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['reset-link', token] as const,
    queryFn: ({ signal }) =>
      api
        .get(`/user/reset-password/${encodeURIComponent(token)}`, {
          signal,
          schema: MessageResponse,
          skipRefresh: true,
        })
        .then((r) => r.data),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/user/reset-password/{token}, also used to set the first password of an invitation. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, ...body }: ResetPasswordRequest & { token: string }) =>
      api
        .post(`/user/reset-password/${encodeURIComponent(token)}`, body, {
          schema: ResetPasswordResponse,
          skipRefresh: true,
        })
        .then((r) => r.data),
  });
}

/**
 * Logs out: clears the stored session (the language stays), then tells the API to revoke the refresh
 * token (a failure is ignored), then clears every cached query and the map's IndexedDB cache. The
 * caller navigates to /login. The session goes first: the revocation ends the login's access token at
 * once (docs/auth.md), so a request of this tab still under way would be refused and, with the tokens
 * still stored, try a refresh that fails and report an expired session instead of the logout.
 */
export async function logout(queryClient: { clear: () => void }): Promise<void> {
  const refreshToken = getRefreshToken();
  clearSession('logout');
  if (refreshToken) {
    await api
      .post('/user/logout', { refresh_token: refreshToken }, { skipRefresh: true })
      .catch(() => undefined);
  }
  queryClient.clear();
  // The map cache holds customers' addresses: it leaves with the session (loaded lazily, as the map is).
  await import('../features/map/map-cache').then((m) => m.clearMapCache()).catch(() => undefined);
}
