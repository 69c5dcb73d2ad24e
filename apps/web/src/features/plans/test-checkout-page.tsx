import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatEuro } from '@solar/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useCompleteLocalCheckout, useLocalCheckout } from '../../api/plans';
import { currentLanguage } from '../../i18n';
import { sameOriginPath } from '../../layout/login-path';
import { PageTitle } from '../../layout/page-title';
import { errorMessage, notifyError } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';

/** /checkout/test?session=…: the local test provider's checkout, clearly marked as a test. */
export function TestCheckoutPage() {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const { user } = useCurrentUser();
  useDocumentTitle(`${t('checkout.title')} · ${tApp('app.name')}`);
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session');
  const session = useLocalCheckout(sessionId);
  const complete = useCompleteLocalCheckout();
  const [card, setCard] = useState({
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    holder: `${user.firstName} ${user.lastName}`.trim(),
  });
  const [missing, setMissing] = useState(false);
  /** The server's refusal of the payment (409: paid already, expired, or already the plan in force). */
  const [refused, setRefused] = useState<string | null>(null);

  const banner = (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertTriangle size={28} />}
      title={
        <Text fz={22} fw={800}>
          {t('checkout.banner')}
        </Text>
      }
      data-testid="test-payment-banner"
    >
      {t('checkout.bannerText')}
    </Alert>
  );

  let body: React.ReactNode;
  if (!sessionId) {
    body = <Alert color="yellow">{t('checkout.missing')}</Alert>;
  } else if (session.isPending) {
    body = (
      <Paper p="lg" aria-busy>
        <Stack gap="sm">
          <Skeleton height={24} width="40%" />
          <Skeleton height={16} />
          <Skeleton height={36} />
        </Stack>
      </Paper>
    );
  } else if (session.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('checkout.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          {errorMessage(session.error, tApp)}
          <Button size="xs" variant="light" color="red" onClick={() => void session.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const data = session.data;
    const amount = formatEuro(data.amountCents / 100, lang);
    // Only an open session is paid; a paid or expired one shows its state and no card form.
    const payable = data.status === 'open' && refused === null;
    const pay = () => {
      if (!card.number.trim() || !card.expiry.trim() || !card.cvc.trim() || !card.holder.trim()) {
        setMissing(true);
        return;
      }
      setMissing(false);
      complete.mutate(data.id, {
        onSuccess: () => window.location.assign(sameOriginPath(data.successUrl, '/profile?checkout=success')),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) setRefused(error.message);
          else notifyError(error, tApp);
        },
      });
    };
    const field = (key: keyof typeof card, label: string, autoComplete: string) => (
      <TextInput
        label={label}
        value={card[key]}
        autoComplete={autoComplete}
        required
        error={missing && !card[key].trim() ? t('checkout.required') : undefined}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setCard((c) => ({ ...c, [key]: value }));
        }}
      />
    );
    body = (
      <Paper p="lg" data-testid="test-checkout">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            pay();
          }}
        >
          <Stack gap="md">
            <div>
              <Text size="sm" c="dimmed">
                {t('checkout.product')}
              </Text>
              <Text fz={28} fw={700} data-testid="checkout-amount">
                {amount}
              </Text>
              <Text size="sm" c="dimmed">
                {t('checkout.amount')}
              </Text>
            </div>
            <div>
              <Text size="sm" fw={600}>
                {t('checkout.extras')}
              </Text>
              <Text size="sm" data-testid="checkout-extras">
                {data.obj || data.pvsol
                  ? t('section.extrasValue', { obj: data.obj, pvsol: data.pvsol })
                  : t('section.noExtras')}
              </Text>
            </div>
            {payable ? (
              <>
                {field('number', t('checkout.cardNumber'), 'cc-number')}
                <SimpleGrid cols={2}>
                  {field('expiry', t('checkout.expiry'), 'cc-exp')}
                  {field('cvc', t('checkout.cvc'), 'cc-csc')}
                </SimpleGrid>
                {field('holder', t('checkout.holder'), 'cc-name')}
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    onClick={() =>
                      window.location.assign(sameOriginPath(data.cancelUrl, '/profile?checkout=cancel'))
                    }
                  >
                    {t('checkout.cancel')}
                  </Button>
                  <Button type="submit" loading={complete.isPending} data-testid="checkout-pay">
                    {t('checkout.pay', { amount })}
                  </Button>
                </Group>
              </>
            ) : (
              <Stack gap="md" align="flex-start">
                <Alert
                  color={data.status === 'complete' ? 'teal' : 'yellow'}
                  data-testid="checkout-state"
                  data-status={data.status}
                  w="100%"
                >
                  {refused ?? (data.status === 'complete' ? t('checkout.completed') : t('checkout.expired'))}
                </Alert>
                <Button component={Link} to="/profile" variant="light" data-testid="checkout-back">
                  {t('checkout.back')}
                </Button>
              </Stack>
            )}
          </Stack>
        </form>
      </Paper>
    );
  }

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <PageTitle>{t('checkout.title')}</PageTitle>
      {banner}
      {body}
    </Stack>
  );
}
