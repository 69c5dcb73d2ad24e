import { canOpenRoute, type MenuKey, menuForRole } from '@solar/shared';
import { useEffect } from 'react';
import { isApiError } from '../../api/errors';
import { clearSession } from '../../api/session-store';
import { type CurrentUser, useCurrentUserQuery } from '../../api/user';
import { useToken } from './use-token';

export type SessionState =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | ({ status: 'authenticated' } & CurrentUser);

/**
 * Where the session stands: no token (anonymous), token but user not loaded yet, the user could not be
 * loaded (error, with retry), or authorized. The user comes from the login answer or GET /api/user.
 */
export function useSession(): SessionState {
  const token = useToken();
  const query = useCurrentUserQuery(token !== null);
  const rejected = isApiError(query.error) && query.error.status === 401;

  useEffect(() => {
    if (rejected) clearSession();
  }, [rejected]);

  if (!token || rejected) return { status: 'anonymous' };
  if (query.data) return { status: 'authenticated', ...query.data };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'loading' };
}

/** The logged-in user; only call below the auth guard. */
export function useCurrentUser(): CurrentUser {
  const session = useSession();
  if (session.status !== 'authenticated') throw new Error('useCurrentUser needs an authorized session');
  return { user: session.user, installerDetails: session.installerDetails };
}

/** The sidebar menu of SPEC §6 for this user. */
export function useMenu(): MenuKey[] {
  const { user } = useCurrentUser();
  return menuForRole({ role: user.role, hasInstallerDetails: user.installerPartner.length > 0 });
}

/** True when the user may open the screen of `key`; the home route and settings/project view always. */
export function canOpenScreen(user: CurrentUser['user'], key: MenuKey | 'projectview'): boolean {
  return canOpenRoute({ role: user.role, hasInstallerDetails: user.installerPartner.length > 0 }, key);
}
