import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { LoginRequest } from '@solar/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLogin } from '../../api/auth';
import { handleFormError, notifySuccess } from '../../lib/errors';
import { useForm } from '../../lib/use-form';
import { AuthLayout } from './auth-layout';

/** /login. On success the guard around this page sends the user to their home route. */
export function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const form = useForm({ email: searchParams.get('email') ?? '', password: '' });
  const login = useLogin({ onLoggedIn: () => notifySuccess(t('auth.login.success')) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(LoginRequest, t);
    if (!body) return;
    login.mutate(body, {
      onError: (error) => form.setErrors(handleFormError(error, ['email', 'password'], t)),
    });
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            autoFocus
            {...form.textProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
            {...form.textProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {t('auth.login.noAccount')}{' '}
            <Anchor component={Link} to="/register">
              {t('auth.login.howToGetAccess')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
