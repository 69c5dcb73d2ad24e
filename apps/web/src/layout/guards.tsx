import { homeRoute } from '@solar/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { canOpenScreen, useCurrentUser, useSession } from '../features/auth/session';
import { ErrorState, FullPageLoader } from './full-page-state';
import { loginPath } from './login-path';
import type { ScreenKey } from './screens';

/** Renders its children for an authorized session; anyone else goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === 'anonymous') return <Navigate to={loginPath(location.search)} replace />;
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'error')
    return <ErrorState message={t('errors.sessionLoadFailed')} onRetry={session.retry} />;
  return children;
}

/** The login page for visitors; a logged-in user goes to their home route instead. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'authenticated') return <Navigate to={homeRoute(session.user.role)} replace />;
  if (session.status === 'loading') return <FullPageLoader />;
  return children;
}

/** `/` and unknown paths: the home route when logged in, else /login. */
export function RootRedirect() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === 'authenticated') return <Navigate to={homeRoute(session.user.role)} replace />;
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'error')
    return <ErrorState message={t('errors.sessionLoadFailed')} onRetry={session.retry} />;
  return <Navigate to={loginPath(location.search)} replace />;
}

/** A screen outside the user's menu (SPEC §6) sends them to their home route. */
export function RequireScreen({ screen, children }: { screen: ScreenKey; children: ReactNode }) {
  const { user } = useCurrentUser();
  if (!canOpenScreen(user, screen)) return <Navigate to={homeRoute(user.role)} replace />;
  return children;
}
