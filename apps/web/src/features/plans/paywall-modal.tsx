import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSubscription } from '../../api/plans';
import { PlanUsage } from './plan-usage';

interface PaywallModalProps {
  opened: boolean;
  onClose: () => void;
  /** The API's (localized) refusal. */
  message: string;
  kind: 'obj' | 'pvsol';
  onShowPlans: () => void;
}

/** Explains a refused download (402), shows the usage and leads to the pricing modal. */
export function PaywallModal({ opened, onClose, message, kind, onShowPlans }: PaywallModalProps) {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  const subscription = useSubscription(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('paywall.title')}
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
    >
      <Stack gap="md" data-testid="paywall">
        <Alert color="orange" variant="light" icon={<IconLock size={18} />} role="alert">
          <Text fw={600} data-testid="paywall-message">
            {message}
          </Text>
        </Alert>
        <Text size="sm">{kind === 'pvsol' ? t('paywall.premium') : t('paywall.limit')}</Text>
        <div>
          <Text fw={600} size="sm" mb="xs">
            {t('paywall.usage')}
          </Text>
          {subscription.data ? (
            <PlanUsage subscription={subscription.data} />
          ) : (
            <Skeleton height={40} aria-hidden />
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('paywall.close')}
          </Button>
          <Button onClick={onShowPlans} data-testid="paywall-show-plans">
            {t('paywall.showPlans')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
