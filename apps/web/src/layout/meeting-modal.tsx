import { Alert, Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { useConstantsQuery } from '../api/constants';
import { isApiError } from '../api/errors';
import { useCurrentUser } from '../features/auth/session';
import { errorMessage, notifySuccess } from '../lib/errors';
import { ContentLoader } from './full-page-state';
import { withParams } from './links';

/** Meeting-booking modal (SPEC §2): the booking page embedded, prefilled with the user's details. */
export function MeetingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
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
      title={t('meeting.title')}
      size={1250}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {constants.isPending ? (
        <ContentLoader />
      ) : src ? (
        <iframe
          src={src}
          title={t('meeting.frameTitle')}
          style={{ width: '100%', height: '70vh', border: 0, borderRadius: 8 }}
          loading="lazy"
        />
      ) : constants.isError ? (
        <Text c="dimmed" py="xl" ta="center">
          {t('meeting.unavailable')}
        </Text>
      ) : (
        <MeetingRequestForm onDone={onClose} />
      )}
    </Modal>
  );
}

/** Without a booking page (no MEETING_URL), the request goes to the platform's support by e-mail. */
function MeetingRequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [message, setMessage] = useState('');
  const [phone, setPhone] = useState(user.phone);
  const [preferredTime, setPreferredTime] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.post<{ data: { message: string } }>('/meeting-request', { message, phone, preferredTime }),
    onSuccess: (res) => {
      notifySuccess(res.data.message);
      setMessage('');
      onDone();
    },
  });
  const errors = isApiError(send.error) ? send.error.errors : {};
  // Translated (an unreachable server reads as a connection problem); a cancelled request says nothing.
  const sendError = send.isError ? errorMessage(send.error, t) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="meeting-request-form">
      <Stack>
        <Text>{t('meeting.requestIntro')}</Text>
        {sendError && !errors.message && <Alert color="red">{sendError}</Alert>}
        <Textarea
          label={t('meeting.message')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
          autosize
          minRows={3}
          required
        />
        <TextInput
          label={t('meeting.phone')}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
        />
        <TextInput
          label={t('meeting.preferredTime')}
          value={preferredTime}
          onChange={(e) => setPreferredTime(e.currentTarget.value)}
        />
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('meeting.send')}
        </Button>
      </Stack>
    </form>
  );
}
