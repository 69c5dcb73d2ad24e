import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { CONSTANTS, ResetPasswordRequest } from '@solar/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/auth';
import { handleFormError, notifySuccess } from '../../lib/errors';
import { useForm } from '../../lib/use-form';
import { AuthLayout } from './auth-layout';

/**
 * /application/reset-password?token=…: the link of the reset e-mail. Invitations add `invite=1` and the
 * page then reads "Set your password".
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const isInvite = searchParams.get('invite') === '1';
  const form = useForm({ password: '', confirm: '' });
  const reset = useResetPassword();
  const title = isInvite ? t('auth.reset.titleInvite') : t('auth.reset.titleReset');
  const subtitle = isInvite ? t('auth.reset.subtitleInvite') : t('auth.reset.subtitleReset');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(ResetPasswordRequest, t);
    if (!body) return;
    if (form.values.confirm !== form.values.password) {
      form.setErrors({ confirm: t('validation.passwordsDontMatch') });
      return;
    }
    reset.mutate(
      { token, ...body },
      {
        onSuccess: () => {
          notifySuccess(t('auth.reset.success'));
          navigate('/login', { replace: true });
        },
        onError: (error) => form.setErrors(handleFormError(error, ['password'], t)),
      },
    );
  };

  if (token.length < 16) {
    return (
      <AuthLayout title={title}>
        <Alert color="red" role="alert">
          {t('auth.reset.invalidLink')}
        </Alert>
        <Button component={Link} to="/forgot-password" variant="light">
          {t('auth.reset.requestNew')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('auth.reset.newPassword')}
            description={t('auth.reset.hint', { min: CONSTANTS.passwordMinLength })}
            autoComplete="new-password"
            required
            withAsterisk={false}
            autoFocus
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
            {...form.textProps('password')}
          />
          <PasswordInput
            label={t('auth.reset.confirmPassword')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
            {...form.textProps('confirm')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthLayout>
  );
}
