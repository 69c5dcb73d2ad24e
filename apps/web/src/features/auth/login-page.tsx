import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isSessionExpiredLogin } from '../../layout/login-path';
import { handleFormError, notifySuccessAfterErrors } from '../../lib/errors';
import { focusFirstInvalid, useForm } from '../../lib/use-form';
import { AuthLayout } from './auth-layout';
import { checkLogin } from './login-check';

/**
 * The login call with the query cache and the zod-checked API client: fetched once the visitor starts
 * typing, so the page itself loads without them (issue 7's 150 KB budget).
 */
const loadLogIn = () => import('../../api/auth');

/**
 * /login. On success the guard around this page sends the user back where a session that ended left
 * them (`next`), or else to their home route. After such an end (`expired=1`) the page says so.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const form = useForm({ email: searchParams.get('email') ?? '', password: '' });
  // The admin-mode link brings the e-mail (SPEC §2): the password is what is left to type.
  const [hasLinkEmail] = useState(() => form.values.email !== '');
  const [isPending, setPending] = useState(false);
  const sessionExpired = isSessionExpiredLogin(searchParams.toString());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const element = event.currentTarget as HTMLFormElement;
    const checked = checkLogin(form.values, t);
    if (checked.errors) {
      form.setErrors(checked.errors);
      focusFirstInvalid(element);
      return;
    }
    setPending(true);
    try {
      const { logIn } = await loadLogIn();
      await logIn(checked.body, { onLoggedIn: () => notifySuccessAfterErrors(t('auth.login.success')) });
    } catch (error) {
      form.setErrors(handleFormError(error, ['email', 'password'], t));
      setPending(false);
      focusFirstInvalid(element);
    }
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={onSubmit} onChange={() => void loadLogIn().catch(() => undefined)} noValidate>
        <Stack gap="md">
          {sessionExpired && (
            <Alert color="orange" data-testid="session-expired">
              {t('auth.login.sessionExpired')}
            </Alert>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            autoFocus={!hasLinkEmail}
            {...form.textProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            autoFocus={hasLinkEmail}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
            {...form.textProps('password')}
            // Mantine marks the wrapper only: the field itself says it is in error, as the e-mail does.
            aria-invalid={form.errors.password ? true : undefined}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={isPending} data-testid="login-submit">
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
