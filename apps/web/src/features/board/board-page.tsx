import { useDocumentTitle } from '@mantine/hooks';
import type { Board } from '@solar/shared';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorState } from '../../layout/full-page-state';
import { targetLabel } from '../../lib/customer-targets';
import { errorMessage } from '../../lib/errors';
import { useBoardProperties } from './api/properties-api';
import { useBoardSetup } from './api/setup-api';
import { useViews } from './api/views-api';
import { BoardScreen } from './components/board-screen';
import { BoardSkeleton } from './components/board-skeleton';
import { localizeProjectColumns } from './lib/localize-columns';
import { UUID } from './lib/record-link';

/**
 * The project and task board (BETA): `/projects` and `/tasks` are this one screen; `/tasks?projectId=`
 * narrows the tasks to one project. The board is set up first (POST /task/setup).
 */
export function BoardPage() {
  const { t } = useTranslation(['board', 'pipeline', 'projectView']);
  const { t: tApp } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const board: Board = pathname.startsWith('/projects') ? 'projects' : 'tasks';
  const rawProject = params.get('projectId');
  const projectId = board === 'tasks' && rawProject && UUID.test(rawProject) ? rawProject : null;
  const scope = useMemo(() => ({ board, projectId }), [board, projectId]);
  useDocumentTitle(
    `${t(board === 'projects' ? 'board:board.projects' : 'board:board.tasks')} · ${tApp('app.name')}`,
  );

  const setup = useBoardSetup(scope);
  const properties = useBoardProperties(board, setup.isSuccess);
  const views = useViews(scope, setup.isSuccess);
  // The fixed columns of /projects and their stage options in the UI language (display only).
  const shown = useMemo(
    () =>
      properties.data &&
      localizeProjectColumns(
        properties.data,
        (key) => t(`board:fixedColumns.${key}`),
        (stage) => t(`pipeline:stage.${stage}`),
        (value) => targetLabel(value, (key) => t(`projectView:target.options.${key}`)),
      ),
    [properties.data, t],
  );

  // The board's first render (tabs, toolbar, dialogs) is a transition, split into short tasks.
  const hasLoaded = !!properties.data && !!views.data;
  const isShown = useDeferredValue(hasLoaded, false) && hasLoaded;

  const failed = setup.error ?? properties.error ?? views.error;
  if (failed) {
    return (
      <ErrorState
        message={errorMessage(failed, tApp) ?? tApp('errors.loadFailed')}
        onRetry={() => {
          void setup.refetch();
          void properties.refetch();
          void views.refetch();
        }}
      />
    );
  }
  if (!isShown || !shown || !views.data) return <BoardSkeleton board={board} />;
  return (
    <BoardScreen key={`${board}:${projectId ?? ''}`} scope={scope} properties={shown} views={views.data} />
  );
}
