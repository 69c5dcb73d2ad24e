import { Button, Paper } from '@mantine/core';
import { isInstallerRole } from '@solar/shared';
import { IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/session';

/** The profile's link to the templates (installer roles only). */
export function TemplatesLink() {
  const { t } = useTranslation('offers');
  const { user } = useCurrentUser();
  if (!isInstallerRole(user.role)) return null;
  return (
    <Paper p="lg">
      <Button
        component={Link}
        to="/templates"
        variant="light"
        leftSection={<IconTemplate size={16} aria-hidden />}
        data-testid="profile-templates-link"
      >
        {t('templates.profileLink')}
      </Button>
    </Paper>
  );
}
