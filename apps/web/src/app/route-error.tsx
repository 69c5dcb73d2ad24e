import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useRouteError } from 'react-router';
import { useToken } from '../features/auth/use-token';
import { ErrorState } from '../layout/full-page-state';
import { expiredLoginPath } from '../layout/login-path';
import { reloadOnceFor } from '../lib/stale-chunk';

/**
 * Shown when a screen fails to render or its code cannot be loaded. Code gone after a deploy (the tab
 * still runs the old build) reloads the page once by itself, which fetches the new build. Behind
 * the login (`requiresSession`) a failure after the session has ended is no error to retry: the login
 * page opens with the "session expired" notice and the way back.
 */
export function RouteError({ requiresSession = false }: { requiresSession?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const token = useToken();
  const location = useLocation();
  if (requiresSession && token === null) return <Navigate to={expiredLoginPath(location)} replace />;
  if (reloadOnceFor(error, window.sessionStorage)) {
    window.location.reload();
    return null;
  }
  console.error(error);
  return <ErrorState message={t('errors.loadFailed')} onRetry={() => window.location.reload()} />;
}
