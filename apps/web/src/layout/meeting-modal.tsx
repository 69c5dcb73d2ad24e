import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MEETING_REQUEST_LIMITS, MeetingRequest } from '@solar/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { useConstantsQuery } from '../api/constants';
import { useCurrentUser } from '../features/auth/session';
import { handleFormError, notifySuccess } from '../lib/errors';
import { useForm } from '../lib/use-form';
import { ContentLoader } from './full-page-state';
import { withParams } from './links';

/** Meeting-booking modal (SPEC §2): the booking page embedded, prefilled with the user's details. */
export function MeetingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('meeting');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const constants = useConstantsQuery();
  const src = withParams(constants.data?.meetingUrl, {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    address: user.address,
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      size={1250}
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
    >
      {constants.isPending ? (
        <ContentLoader />
      ) : src ? (
        <iframe
          src={src}
          title={t('frameTitle')}
          style={{ width: '100%', height: '70vh', border: 0, borderRadius: 8 }}
          loading="lazy"
        />
      ) : constants.isError ? (
        <Text c="dimmed" py="xl" ta="center">
          {t('unavailable')}
        </Text>
      ) : (
        <MeetingRequestForm onDone={onClose} />
      )}
    </Modal>
  );
}

const FIELDS = ['message', 'phone', 'preferredTime'] as const;

/** Without a booking page (no MEETING_URL), the request goes to the platform's support by e-mail. */
function MeetingRequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('meeting');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  const form = useForm({ message: '', phone: user.phone, preferredTime: '' });
  const send = useMutation({
    mutationFn: (body: MeetingRequest) => api.post<{ data: { message: string } }>('/meeting-request', body),
    onSuccess: (res) => {
      notifySuccess(res.data.message);
      onDone();
    },
    // The server's message for a field goes under that field; anything else (offline…) as a toast.
    onError: (error) => form.setErrors(handleFormError(error, FIELDS, tApp)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    // The same schema as the server's: the messages show at their fields before anything is sent.
    const body = form.validate(MeetingRequest, tApp);
    if (body) send.mutate(body);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="meeting-request-form">
      <Stack>
        <Text>{t('requestIntro')}</Text>
        <Textarea
          label={t('message')}
          {...form.textProps('message')}
          maxLength={MEETING_REQUEST_LIMITS.message}
          autosize
          minRows={3}
          required
        />
        <TextInput
          label={t('phone')}
          type="tel"
          autoComplete="tel"
          {...form.textProps('phone')}
          maxLength={MEETING_REQUEST_LIMITS.phone}
        />
        <TextInput
          label={t('preferredTime')}
          {...form.textProps('preferredTime')}
          maxLength={MEETING_REQUEST_LIMITS.preferredTime}
        />
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('send')}
        </Button>
      </Stack>
    </form>
  );
}
