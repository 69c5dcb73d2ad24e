import { Button, Text, ThemeIcon } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from './auth-layout';

/** /register: accounts are created by invitation from a company admin. */
export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.register.title')}>
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <IconUsers size={26} />
      </ThemeIcon>
      <Text>{t('auth.register.text')}</Text>
      <Text c="dimmed">{t('auth.register.next')}</Text>
      <Button component={Link} to="/login" variant="light">
        {t('auth.backToLogin')}
      </Button>
    </AuthLayout>
  );
}
