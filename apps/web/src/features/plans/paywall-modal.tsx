import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { CONSTANTS, type PlanName } from '@solar/shared';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSubscription } from '../../api/plans';
import { PlanUsage } from './plan-usage';

/** Why a download was refused, from the server's code (and, for a used-up quota, the plan). */
export type RefusalReason = 'premium' | 'freeLimit' | 'limit' | 'other';

/**
 * The refusal's reason: `premium_required` (PV Sol on the free plan); `download_limit` is the free
 * plan's once-only allowance on Free and the monthly budget on Premium. Never guessed from the file kind.
 */
export function refusalReason(code: string | undefined, plan: PlanName | undefined): RefusalReason {
  if (code === 'premium_required') return 'premium';
  if (code === 'download_limit' && plan) return plan === 'free' ? 'freeLimit' : 'limit';
  return 'other';
}

interface PaywallModalProps {
  opened: boolean;
  onClose: () => void;
  /** The API's (localized) refusal. */
  message: string;
  /** The API's refusal code (`premium_required`, `download_limit`). */
  code: string | undefined;
  onShowPlans: () => void;
}

/** Explains a refused download (402) by its reason, shows the usage and leads to the pricing modal. */
export function PaywallModal({ opened, onClose, message, code, onShowPlans }: PaywallModalProps) {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  const subscription = useSubscription(opened);
  const reason = refusalReason(code, subscription.data?.plan);
  const count = CONSTANTS.freeDownloadCount;
  // Units still left that do not pay for this file (1 left, a PV Sol file needs 2): not "used up".
  const unitsLeft = subscription.data?.usage.objLeft ?? 0;
  const title = {
    premium: t('paywall.premiumTitle'),
    freeLimit: t('paywall.freeLimitTitle'),
    limit: unitsLeft > 0 ? t('paywall.notEnoughTitle') : t('paywall.limitTitle'),
    other: t('paywall.title'),
  }[reason];
  const text = {
    premium: t('paywall.premiumText', { count }),
    freeLimit: t('paywall.freeLimitText', { count }),
    limit: t('paywall.limitText'),
    other: null,
  }[reason];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
    >
      <Stack gap="md" data-testid="paywall" data-reason={reason}>
        <Alert color="orange" variant="light" icon={<IconLock size={18} />} role="alert">
          <Text fw={600} data-testid="paywall-message">
            {message}
          </Text>
        </Alert>
        {text && (
          <Text size="sm" data-testid="paywall-text">
            {text}
          </Text>
        )}
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
