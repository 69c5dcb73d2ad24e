import { Alert, Badge, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatDate, formatEuro, isInstallerRole } from '@solar/shared';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSetPlanCancellation, useSubscription } from '../../api/plans';
import { currentLanguage } from '../../i18n';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { SectionCard } from '../profile/section-card';
import { PlanUsage } from './plan-usage';
import { PricingModal } from './pricing-modal';
import { usageTitle } from './quota-texts';

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function PlanSectionBody() {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const { user } = useCurrentUser();
  const subscription = useSubscription();
  const cancellation = useSetPlanCancellation();
  const [pricingOpened, pricing] = useDisclosure(false);
  const [confirmOpened, confirm] = useDisclosure(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const checkoutResult = searchParams.get('checkout');
  const { refetch } = subscription;

  // After the checkout (possibly in another window), reload the plan.
  useEffect(() => {
    if (checkoutResult) void refetch();
  }, [checkoutResult, refetch]);
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  const dismiss = () =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );

  const data = subscription.data;
  const isAdmin = user.role === 'INSTALLER_ADMIN';
  const endDate = data?.renewsAt ? formatDate(data.renewsAt, lang) : '—';
  const setCancelled = (cancel: boolean) =>
    cancellation.mutate(cancel, {
      onSuccess: (next) => {
        confirm.close();
        const date = next.renewsAt ? formatDate(next.renewsAt, lang) : '—';
        notifySuccess(cancel ? t('section.cancelled', { date }) : t('section.resumed', { date }));
      },
      onError: (error) => {
        confirm.close();
        notifyError(error, tApp);
      },
    });
  return (
    <SectionCard id="plan" title={t('section.title')} description={t('section.description')}>
      {checkoutResult === 'success' && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          withCloseButton
          closeButtonLabel={tApp('common.close')}
          onClose={dismiss}
          data-testid="checkout-success"
        >
          {t('section.checkoutSuccess')}
        </Alert>
      )}
      {checkoutResult === 'cancel' && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          withCloseButton
          closeButtonLabel={tApp('common.close')}
          onClose={dismiss}
          data-testid="checkout-cancel"
        >
          {t('section.checkoutCancel')}
        </Alert>
      )}
      {subscription.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={20} width="40%" />
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : subscription.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('section.loadFailed')}>
          <Stack gap="sm" align="flex-start">
            {errorMessage(subscription.error, tApp)}
            <Button size="xs" variant="light" color="red" onClick={() => void subscription.refetch()}>
              {tApp('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : data ? (
        <Stack gap="md" data-testid="plan-details" data-plan={data.plan}>
          <Group gap="xs">
            <Text fw={700} size="lg" data-testid="plan-name">
              {t(`planName.${data.plan}`)}
            </Text>
            <Badge
              variant="light"
              color={data.status === 'active' && !data.cancelAtPeriodEnd ? 'teal' : 'orange'}
              data-testid="plan-status"
            >
              {data.cancelAtPeriodEnd ? t('section.status.ending') : t(`section.status.${data.status}`)}
            </Badge>
          </Group>
          {data.cancelAtPeriodEnd && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconInfoCircle size={18} />}
              data-testid="plan-ending"
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('section.endingText', { date: endDate })}</Text>
                {isAdmin && (
                  <Button
                    size="xs"
                    variant="light"
                    color="orange"
                    onClick={() => setCancelled(false)}
                    loading={cancellation.isPending}
                    data-testid="resume-plan"
                  >
                    {t('section.resume')}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Detail
              label={t('section.extras')}
              testId="plan-extras"
              value={
                data.objExtra || data.pvsolExtra
                  ? t('section.extrasValue', { obj: data.objExtra, pvsol: data.pvsolExtra })
                  : t('section.noExtras')
              }
            />
            <Detail
              label={data.cancelAtPeriodEnd ? t('section.endsAt') : t('section.renewsAt')}
              testId="plan-renews"
              value={endDate}
            />
            <Detail
              label={t('section.monthlyPrice')}
              testId="plan-price"
              value={data.monthlyPriceCents ? formatEuro(data.monthlyPriceCents / 100, lang) : '—'}
            />
          </SimpleGrid>
          <div>
            <Text fw={600} size="sm" mb="xs">
              {usageTitle(t, data)}
            </Text>
            <PlanUsage subscription={data} />
          </div>
        </Stack>
      ) : null}
      <Group>
        <Button variant="light" onClick={pricing.open} data-testid="open-pricing">
          {t('section.changePlan')}
        </Button>
        {isAdmin && data?.plan === 'premium' && !data.cancelAtPeriodEnd && (
          <Button variant="subtle" color="red" onClick={confirm.open} data-testid="cancel-plan">
            {t('section.cancel')}
          </Button>
        )}
      </Group>
      <PricingModal opened={pricingOpened} onClose={pricing.close} />
      <Modal
        opened={confirmOpened}
        onClose={confirm.close}
        title={t('section.cancelTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Stack gap="lg">
          <Text size="sm" data-testid="cancel-plan-text">
            {t('section.cancelText', { date: endDate })}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={confirm.close}
              disabled={cancellation.isPending}
              data-autofocus
            >
              {t('section.keepPlan')}
            </Button>
            <Button
              color="red"
              onClick={() => setCancelled(true)}
              loading={cancellation.isPending}
              data-testid="confirm-cancel-plan"
            >
              {t('section.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}

/** Settings section of the company's plan (installer roles with a company only). */
export function PlanSection() {
  const { user } = useCurrentUser();
  if (!isInstallerRole(user.role) || user.installerPartner.length === 0) return null;
  return <PlanSectionBody />;
}
