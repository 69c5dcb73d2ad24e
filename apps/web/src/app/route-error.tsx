import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useRouteError } from 'react-router';
import { useToken } from '../features/auth/use-token';
import { ErrorState } from '../layout/full-page-state';
import { expiredLoginPath } from '../layout/login-path';

/**
 * Shown when a screen fails to render or its code cannot be loaded (for example after a deploy). Behind
 * the login (`requiresSession`) a failure after the session has ended is no error to retry: the login
 * page opens with the "session expired" notice and the way back.
 */
export function RouteError({ requiresSession = false }: { requiresSession?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const token = useToken();
  const location = useLocation();
  if (requiresSession && token === null) return <Navigate to={expiredLoginPath(location)} replace />;
  console.error(error);
  return <ErrorState message={t('errors.loadFailed')} onRetry={() => window.location.reload()} />;
}
