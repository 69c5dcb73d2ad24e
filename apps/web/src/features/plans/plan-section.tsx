import { Alert, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatDate, formatEuro, isInstallerRole } from '@solar/shared';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSubscription } from '../../api/plans';
import { currentLanguage } from '../../i18n';
import { errorMessage } from '../../lib/errors';
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
  const subscription = useSubscription();
  const [pricingOpened, pricing] = useDisclosure(false);
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
            <Badge variant="light" color={data.status === 'active' ? 'teal' : 'orange'}>
              {t(`section.status.${data.status}`)}
            </Badge>
          </Group>
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
              label={t('section.renewsAt')}
              testId="plan-renews"
              value={data.renewsAt ? formatDate(data.renewsAt, lang) : '—'}
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
      </Group>
      <PricingModal opened={pricingOpened} onClose={pricing.close} />
    </SectionCard>
  );
}

/** Settings section of the company's plan (installer roles with a company only). */
export function PlanSection() {
  const { user } = useCurrentUser();
  if (!isInstallerRole(user.role) || user.installerPartner.length === 0) return null;
  return <PlanSectionBody />;
}
