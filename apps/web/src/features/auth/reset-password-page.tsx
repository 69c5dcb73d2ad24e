import { Alert, Anchor, Button, Loader, PasswordInput, Stack } from '@mantine/core';
import { CONSTANTS } from '@solar/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetLinkCheck, useResetPassword } from '../../api/auth';
import { ApiError } from '../../api/errors';
import { handleFormError, notifySuccessAfterErrors } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { focusFirstInvalid, useForm } from '../../lib/use-form';
import { AuthLayout } from './auth-layout';
import { checkResetPassword } from './reset-password-check';

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
  // One save per click: a second one would find the link used by the first and call it dead.
  const flight = useSingleFlight();
  const wellFormed = token.length >= 16;
  // A used or expired link says so as the page opens; a check that could not be made leaves the form.
  const check = useResetLinkCheck(token, wellFormed);
  const [refusedOnSave, setRefusedOnSave] = useState(false);
  const refused = (error: unknown) => error instanceof ApiError && error.status === 400;
  const linkDead = !wellFormed || refusedOnSave || (check.isError && refused(check.error));
  const title = isInvite ? t('auth.reset.titleInvite') : t('auth.reset.titleReset');
  const subtitle = isInvite ? t('auth.reset.subtitleInvite') : t('auth.reset.subtitleReset');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const checked = checkResetPassword(form.values, t);
    if (checked.errors) {
      form.setErrors(checked.errors);
      focusFirstInvalid(element);
      return;
    }
    const body = checked.body;
    flight((done) =>
      reset.mutate(
        { token, ...body },
        {
          onSettled: done,
          onSuccess: ({ email }) => {
            notifySuccessAfterErrors(t('auth.reset.success'));
            // The login holds the account's e-mail: the new password is all there is to type.
            navigate(`/login?${new URLSearchParams({ email })}`, { replace: true });
          },
          onError: (error) => {
            // Refused without a field to blame: the link itself was used or ran out meanwhile.
            if (error instanceof ApiError && error.status === 400 && !error.errors.password) {
              setRefusedOnSave(true);
              return;
            }
            form.setErrors(handleFormError(error, ['password'], t));
            focusFirstInvalid(element);
          },
        },
      ),
    );
  };

  if (wellFormed && check.isPending) {
    return (
      <AuthLayout title={title}>
        <Loader size="sm" mx="auto" aria-label={t('auth.reset.checking')} />
      </AuthLayout>
    );
  }

  if (linkDead) {
    return (
      <AuthLayout title={title}>
        <Alert color="red" role="alert">
          {wellFormed ? t('auth.reset.usedLink') : t('auth.reset.invalidLink')}
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
            // Mantine marks the wrapper only: the field itself says it is in error (and takes the focus).
            aria-invalid={form.errors.password ? true : undefined}
          />
          <PasswordInput
            label={t('auth.reset.confirmPassword')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
            {...form.textProps('confirm')}
            aria-invalid={form.errors.confirm ? true : undefined}
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
