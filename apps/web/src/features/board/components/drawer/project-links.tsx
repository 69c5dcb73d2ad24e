import { Button, Group, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconFileDescription, IconTarget } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConstantsQuery } from '../../../../api/constants';
import { withParams } from '../../../../layout/links';
import { useCurrentUser } from '../../../auth/session';
import { useBoard } from '../../hooks/board-context';

/**
 * The /projects record's links (SPEC §2): 'Project Details' (the project view), 'openProject' (the
 * customer application in admin mode, built like the header's customer-app link; the spec's identifier
 * reads 'Open project' on screen) and the customer target.
 */
export function ProjectLinks({ projectId }: { projectId: string }) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { openCustomerTarget } = useBoard();
  const { user } = useCurrentUser();
  const constants = useConstantsQuery();
  const customerUrl = withParams(constants.data?.customerAppUrl, {
    admin: 'true',
    email: user.email,
    projectId,
  });

  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component={Link}
        to={`/projectview?projectId=${encodeURIComponent(projectId)}`}
        variant="light"
        size="compact-sm"
        leftSection={<IconFileDescription size={14} aria-hidden />}
        data-testid="project-details-link"
      >
        {t('drawer.projectDetails')}
      </Button>
      <Button
        component="a"
        href={customerUrl ?? undefined}
        target="_blank"
        rel="noopener"
        disabled={!customerUrl}
        variant="light"
        size="compact-sm"
        leftSection={<IconExternalLink size={14} aria-hidden />}
        data-testid="open-project-link"
      >
        {t('drawer.openProject')}
        <VisuallyHidden>{` (${tApp('common.opensInNewTab')})`}</VisuallyHidden>
      </Button>
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconTarget size={14} aria-hidden />}
        onClick={() => openCustomerTarget(projectId)}
      >
        {t('drawer.customerTarget')}
      </Button>
    </Group>
  );
}
