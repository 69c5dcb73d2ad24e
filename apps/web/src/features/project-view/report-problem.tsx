import { Button, Modal, NativeSelect, Stack, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CHANGE_REQUEST_REASONS, type ChangeRequestReason } from '@solar/shared';
import { IconFlag } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';

/** An installer reports a problem with the quote (wrong address and the other reasons); ADMIN sees it on /data. */
export function ReportProblemButton({ quoteId }: { quoteId: string }) {
  const { t } = useTranslation('projectView');
  const { t: tp } = useTranslation('pipeline');
  const { t: tApp } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  // No reason chosen for the user: one click must not report a wrong address nobody saw.
  const [reason, setReason] = useState<ChangeRequestReason | ''>('');
  const [missing, setMissing] = useState(false);
  const [comment, setComment] = useState('');
  const flight = useSingleFlight();
  const report = useMutation({
    mutationFn: () => api.post(`/quote/${quoteId}/change-request`, { reason, comment }),
    onSuccess: () => {
      notifySuccess(t('report.sent'));
      setComment('');
      setReason('');
      modal.close();
    },
    onError: (error) => notifyError(error, tApp),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    flight((done) => report.mutate(undefined, { onSettled: done }));
  };
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconFlag size={16} aria-hidden />}
        onClick={modal.open}
        aria-haspopup="dialog"
        data-testid="report-problem"
      >
        {t('report.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={modal.close}
        title={t('report.title')}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <NativeSelect
              label={t('report.reason')}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value as ChangeRequestReason | '');
                setMissing(false);
              }}
              data={[
                { value: '', label: t('report.choose'), disabled: true },
                ...CHANGE_REQUEST_REASONS.map((r) => ({ value: r, label: tp(`reason.${r}`) })),
              ]}
              error={missing ? tApp('validation.required') : undefined}
              required
              data-testid="report-reason"
            />
            <Textarea
              label={t('report.comment')}
              value={comment}
              maxLength={2000}
              autosize
              minRows={3}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
            <Button type="submit" loading={report.isPending} data-testid="report-submit">
              {t('report.send')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
