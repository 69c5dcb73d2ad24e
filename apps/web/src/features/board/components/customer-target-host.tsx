import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectQuery } from '../../../api/project-view';
import { CustomerTargetDrawer } from '../../project-view/customer-target-drawer';
import { boardKeys } from '../api/board-keys';
import { notifyBoardError } from '../lib/notify';

/**
 * The project view's customer-target drawer for a /projects record (SPEC §2): the project is loaded,
 * and on close the board reads its synced 'Customer target' column again. A project that cannot be
 * loaded says why instead of the drawer never opening.
 */
export const CustomerTargetHost = memo(function CustomerTargetHost({
  projectId,
  onClose,
}: {
  projectId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const project = useProjectQuery(projectId);
  // Failed for good (a second opening asks again: its failure is said once it is answered).
  const failed = projectId !== null && project.isError && !project.isFetching;
  useEffect(() => {
    if (!failed) return;
    notifyBoardError(project.error, t);
    onClose();
  }, [failed, project.error, onClose, t]);
  if (!projectId || !project.data) return null;
  return (
    <CustomerTargetDrawer
      key={projectId}
      project={project.data}
      opened
      onClose={() => {
        onClose();
        void queryClient.invalidateQueries({ queryKey: boardKeys.tasksOf('projects') });
      }}
    />
  );
});
