import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ChangeRequest } from '@solar/shared';
import { IconCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ResolveChangeRequestModalProps {
  /** The request asked about; null keeps the modal closed. */
  request: ChangeRequest | null;
  /** True while the resolve call runs: the modal stays open and cannot be cancelled. */
  isPending: boolean;
  onConfirm: (request: ChangeRequest) => void;
  onCancel: () => void;
}

/**
 * Asks before a change request is marked resolved (the confirmation pattern of the team section):
 * names the quote, its address and the reason. The confirm button takes the focus, so Enter confirms;
 * Escape, the close button and Cancel keep the request open.
 */
export function ResolveChangeRequestModal({
  request,
  isPending,
  onConfirm,
  onCancel,
}: ResolveChangeRequestModalProps) {
  const { t } = useTranslation('planning');
  const { t: tp } = useTranslation('pipeline');
  const { t: tApp } = useTranslation();
  // The last request asked about stays on screen while the modal fades out.
  const last = useRef(request);
  if (request) last.current = request;
  const shown = request ?? last.current;
  const close = () => {
    if (!isPending) onCancel();
  };

  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={t('requests.confirmTitle')}
      size="md"
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
      data-testid="resolve-confirm"
    >
      {shown && (
        <Stack gap="lg">
          <Stack gap="xs">
            <Text>
              {t('requests.confirmText', {
                shortId: shown.shortId,
                address: shown.address,
                reason: tp(`reason.${shown.reason}`),
              })}
            </Text>
            {shown.comment && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {t('requests.confirmComment', { comment: shown.comment })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('requests.confirmHint')}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={isPending}>
              {tApp('common.cancel')}
            </Button>
            <Button
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => request && onConfirm(request)}
              loading={isPending}
              data-autofocus
              data-testid="confirm-resolve"
            >
              {t('requests.resolve')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
