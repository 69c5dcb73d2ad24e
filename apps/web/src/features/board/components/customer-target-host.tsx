import { useQueryClient } from '@tanstack/react-query';
import { memo } from 'react';
import { useProjectQuery } from '../../../api/project-view';
import { CustomerTargetDrawer } from '../../project-view/customer-target-drawer';
import { boardKeys } from '../api/board-keys';

/**
 * The project view's customer-target drawer for a /projects record (SPEC §2): the project is loaded,
 * and on close the board reads its synced 'Customer target' column again.
 */
export const CustomerTargetHost = memo(function CustomerTargetHost({
  projectId,
  onClose,
}: {
  projectId: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const project = useProjectQuery(projectId);
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
