import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DECLINE_REASON_MAX, formatNumber } from '@solar/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';

interface DeclineOfferDialogProps {
  opened: boolean;
  company: string;
  /** While the decline is on its way. */
  pending: boolean;
  /** The server's refusal of the reason field, or of the whole decline, in the customer's language. */
  fieldError?: string;
  error?: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Asks before the customer declines the offer (it cannot be undone online), with an optional short
 * reason for the installer (at most DECLINE_REASON_MAX characters, as the server's schema).
 */
export function DeclineOfferDialog({
  opened,
  company,
  pending,
  fieldError,
  error,
  onConfirm,
  onClose,
}: DeclineOfferDialogProps) {
  const { t } = useTranslation('customerView');
  const lang = currentLanguage();
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A form in a portal: its submit would otherwise reach a form of the page around the dialog.
    event.stopPropagation();
    if (reason.trim().length > DECLINE_REASON_MAX) {
      setLocalError(t('reasonTooLong', { max: formatNumber(DECLINE_REASON_MAX, lang) }));
      return;
    }
    setLocalError(null);
    onConfirm(reason.trim());
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('declineTitle')} centered data-testid="decline-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('declineText', { company })}
          </Text>
          {error && (
            <Alert color="red" role="alert" data-testid="decline-error">
              {error}
            </Alert>
          )}
          <Textarea
            label={t('reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={localError ?? fieldError}
            description={t('reasonCount', {
              count: formatNumber(reason.trim().length, lang),
              max: formatNumber(DECLINE_REASON_MAX, lang),
            })}
            rows={4}
            data-testid="decline-reason"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending} data-testid="decline-confirm">
              {t('confirmDecline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
