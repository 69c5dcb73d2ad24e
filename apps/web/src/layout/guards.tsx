import { homeRoute } from '@solar/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Navigate, useLocation } from 'react-router';
import { getToken, loggedOutByUser, sessionExpiredAtStart } from '../api/session-store';
import { endSession } from '../app/session-end';
import { canOpenScreen, useCurrentUser, useSession } from '../features/auth/session';
import { ErrorState, FullPageLoader } from './full-page-state';
import {
  expiredLoginPath,
  forgetReturnPath,
  loginPath,
  rememberedReturnPath,
  rememberReturnPath,
  returnPathAfterLogin,
} from './login-path';
import type { ScreenKey } from './screens';

/** How often an open tab checks that its login has not run out (nothing announces it). */
const EXPIRY_CHECK_MS = 60_000;

/**
 * Notices a login that runs out while the tab is open, though nothing on screen re-renders: every
 * minute and whenever the tab comes back to the foreground.
 */
function useExpiryWatch(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const check = () => {
      if (getToken() === null) endSession();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = window.setInterval(check, EXPIRY_CHECK_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active]);
}

/**
 * The login for a visitor without a session: with the notice and the way back when the page was opened
 * on a login that had run out (a reload or a bookmark after the 24 days), else plain.
 */
function anonymousLoginPath(location: Location): string {
  if (sessionExpiredAtStart()) return expiredLoginPath(location);
  // The page opened without a session (a link from an e-mail, a bookmark) is where the login
  // continues; the address stays the plain login of SPEC §2. Not the page a logout left: the next
  // login starts at home.
  if (!sessionSeen) rememberReturnPath(`${location.pathname}${location.search}${location.hash}`);
  return loginPath(location.search);
}

/** Whether this page load has had a logged-in session (a later visitor state is a logout). */
let sessionSeen = false;

/**
 * The login for a session that ended here: plain after a logout (in another tab), else with the
 * "session expired" notice and the way back to this page.
 */
function endedLoginPath(location: Location): string {
  return loggedOutByUser() ? loginPath(location.search) : expiredLoginPath(location);
}

/**
 * Renders its children for an authorized session; anyone else goes to /login. A session that ended
 * here goes there with the "session expired" notice and the way back to this page, unless the user
 * logged out in another tab.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  useExpiryWatch(session.status === 'authenticated');
  if (session.status === 'authenticated') sessionSeen = true;
  if (session.status === 'ended') return <Navigate to={endedLoginPath(location)} replace />;
  if (session.status === 'anonymous') return <Navigate to={anonymousLoginPath(location)} replace />;
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'error')
    return <ErrorState message={t('errors.sessionLoadFailed')} onRetry={session.retry} />;
  return children;
}

/**
 * The login page for visitors; a logged-in user goes to the page they came from (`next` of an ended
 * session, or the page a visitor opened before logging in, when it is a safe path on this site) or else
 * to their home route.
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const [remembered] = useState(rememberedReturnPath);
  const authenticated = session.status === 'authenticated';
  useEffect(() => {
    if (authenticated) forgetReturnPath();
  }, [authenticated]);
  if (session.status === 'authenticated') {
    const to = returnPathAfterLogin(location.search) ?? remembered ?? homeRoute(session.user.role);
    return <Navigate to={to} replace />;
  }
  if (session.status === 'loading') return <FullPageLoader />;
  return children;
}

/** `/` and unknown paths: the home route when logged in, else /login. */
export function RootRedirect() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === 'authenticated') return <Navigate to={homeRoute(session.user.role)} replace />;
  if (session.status === 'ended') return <Navigate to={endedLoginPath(location)} replace />;
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'error')
    return <ErrorState message={t('errors.sessionLoadFailed')} onRetry={session.retry} />;
  return <Navigate to={anonymousLoginPath(location)} replace />;
}

/** A screen outside the user's menu (SPEC §6) sends them to their home route. */
export function RequireScreen({ screen, children }: { screen: ScreenKey; children: ReactNode }) {
  const { user } = useCurrentUser();
  if (!canOpenScreen(user, screen)) return <Navigate to={homeRoute(user.role)} replace />;
  return children;
}
