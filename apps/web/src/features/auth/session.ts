import { canOpenRoute, type MenuKey, menuForRole } from '@solar/shared';
import { use, useEffect } from 'react';
import { isApiError } from '../../api/errors';
import { clearSession } from '../../api/session-store';
import { type CurrentUser, useCurrentUserQuery } from '../../api/user';
import { endSession } from '../../app/session-end';
import { useToken } from './use-token';

export type SessionState =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | ({ status: 'authenticated' } & CurrentUser)
  /** The tab had this user, but the session is gone (expired, cleared, logged out elsewhere). */
  | ({ status: 'ended' } & CurrentUser);

/**
 * Where the session stands: no token (anonymous), token but user not loaded yet, the user could not be
 * loaded (error, with retry), authorized, or ended: the token is gone while the user is still loaded.
 * That happens without any event when the 24-day login runs out with the tab open (or site data is
 * cleared), and is noticed by whichever screen renders next: it ends the session (login page with the
 * notice and the way back) instead of failing, and keeps the user until the screens are gone.
 */
export function useSession(): SessionState {
  const token = useToken();
  const query = useCurrentUserQuery(token !== null);
  const rejected = isApiError(query.error) && query.error.status === 401;
  const ended = !token && !rejected && query.data !== undefined;

  useEffect(() => {
    if (rejected) clearSession();
  }, [rejected]);
  useEffect(() => {
    if (ended) endSession();
  }, [ended]);

  if (ended) return { status: 'ended', ...query.data };
  if (!token || rejected) return { status: 'anonymous' };
  if (query.data) return { status: 'authenticated', ...query.data };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'loading' };
}

/** Never settles: a screen waits on it for the guard above, which is on its way to the login page. */
const leavingForLogin = new Promise<never>(() => undefined);

/**
 * The logged-in user; only call below the auth guard. Once the session has ended the user stays until
 * the login page replaces the screen, so a form being typed in does not fail; without any user (the
 * guard is about to redirect) the screen suspends instead of throwing.
 */
export function useCurrentUser(): CurrentUser {
  const session = useSession();
  if (session.status === 'authenticated' || session.status === 'ended') {
    return { user: session.user, installerDetails: session.installerDetails };
  }
  return use(leavingForLogin);
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
