import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../lib/notify';
import { useBoard } from './board-context';

/** The refusals of the /projects board (SPEC §6), shown without asking the server. */
export type ProjectsRefusal = 'add' | 'delete' | 'edit';

/** On /projects, shows why a property action is refused and answers true; elsewhere false. */
export function useProjectsRefusal() {
  const { t } = useTranslation('board');
  const { isProjects } = useBoard();
  return useCallback(
    (kind: ProjectsRefusal) => {
      if (!isProjects) return false;
      notifyFailure(t(`messages.projects.${kind}`));
      return true;
    },
    [isProjects, t],
  );
}
