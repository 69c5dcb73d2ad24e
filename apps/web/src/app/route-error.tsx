import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../layout/full-page-state';

/** Shown when a screen fails to render or its code cannot be loaded (for example after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return <ErrorState message={t('errors.loadFailed')} onRetry={() => window.location.reload()} />;
}
