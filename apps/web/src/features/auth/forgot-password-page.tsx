import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { ForgotPasswordRequest } from '@solar/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgotPassword } from '../../api/auth';
import { handleFormError, notifySuccessAfterErrors } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { useForm } from '../../lib/use-form';
import { AuthLayout } from './auth-layout';

/** /forgot-password: asks for a reset link; the answer never reveals whether the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useForm({ email: '' });
  const forgot = useForgotPassword();
  // A double click sends one request, so one e-mail (the button's loading state comes a render late).
  const flight = useSingleFlight();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(ForgotPasswordRequest, t);
    if (!body) return;
    flight((done) =>
      forgot.mutate(body, {
        onSettled: done,
        onSuccess: () => {
          notifySuccessAfterErrors(t('auth.forgot.success'));
          setSentTo(body.email);
        },
        onError: (error) => form.setErrors(handleFormError(error, ['email'], t)),
      }),
    );
  };

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {sentTo ? (
        <Alert
          color="teal"
          icon={<IconMailCheck size={20} />}
          title={t('auth.forgot.sentTitle')}
          role="status"
        >
          {t('auth.forgot.sentText', { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              autoFocus
              {...form.textProps('email')}
            />
            <Button type="submit" fullWidth loading={forgot.isPending}>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthLayout>
  );
}
