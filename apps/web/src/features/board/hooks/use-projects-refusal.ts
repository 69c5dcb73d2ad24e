import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/session';
import { mayChangeColumns } from '../lib/columns';
import { notifyFailure } from '../lib/notify';
import { useBoard } from './board-context';

/** The refusals of the /projects board (SPEC §6), shown without asking the server. */
export type ProjectsRefusal = 'add' | 'delete' | 'edit';

/**
 * On /projects, or for a role that may not change columns (sales), shows why a property action is
 * refused and answers true; else false.
 */
export function useProjectsRefusal() {
  const { t } = useTranslation('board');
  const { isProjects } = useBoard();
  const { user } = useCurrentUser();
  const allowed = mayChangeColumns(user.role);
  return useCallback(
    (kind: ProjectsRefusal) => {
      if (isProjects) notifyFailure(t(`messages.projects.${kind}`));
      else if (!allowed) notifyFailure(t('messages.columnsRole'));
      return isProjects || !allowed;
    },
    [allowed, isProjects, t],
  );
}
