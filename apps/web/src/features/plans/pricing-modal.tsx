import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  ENTERPRISE_LABEL_EURO,
  EXTRA_OBJ_EURO,
  EXTRA_PVSOL_EURO,
  FREE_LABEL_EURO,
  formatEuro,
  formatNumber,
  type PlanName,
  PREMIUM_BASE_EURO,
  premiumPrice,
  premiumQuantities,
} from '@solar/shared';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planKeys, useStartCheckout, useSubscription } from '../../api/plans';
import { currentLanguage } from '../../i18n';
import { MeetingModal } from '../../layout/meeting-modal';
import { notifyError } from '../../lib/errors';
import { localeNumberInputProps } from '../../lib/number-input';
import { useSingleFlight } from '../../lib/single-flight';
import { useCurrentUser } from '../auth/session';

/** The cards' prices, shown in the UI language's currency format like every other amount. */
const CARD_PRICE: Record<PlanName, number> = {
  free: FREE_LABEL_EURO,
  premium: PREMIUM_BASE_EURO,
  enterprise: ENTERPRISE_LABEL_EURO,
};

const FEATURES: Record<PlanName, readonly string[]> = {
  free: ['f1', 'f2', 'f3', 'f4', 'f5'],
  premium: ['f1', 'f2', 'f3', 'f4', 'f5'],
  enterprise: ['f1', 'f2', 'f3'],
};

function info(message: string) {
  notifications.show({ color: 'blue', message, withBorder: true });
}

/**
 * Whole euros without decimals, anything else with cents; `formatEuro` joins the number and '€' by a
 * no-break space, so a wrapped line never leaves '€' alone on the next ('(je +100 €)' on a phone).
 */
function euro(value: number, lang: ReturnType<typeof currentLanguage>) {
  return formatEuro(value, lang, Number.isInteger(value) ? 0 : 2);
}

interface ExtraInputProps {
  kind: 'obj' | 'pvsol';
  value: number;
  onChange: (value: number) => void;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
}

function ExtraInput({ kind, value, onChange, checked, onCheckedChange, disabled }: ExtraInputProps) {
  const { t } = useTranslation('plans');
  const lang = currentLanguage();
  const label =
    kind === 'obj'
      ? t('pricing.extraObj', { amount: euro(EXTRA_OBJ_EURO, lang) })
      : t('pricing.extraPvsol', { amount: euro(EXTRA_PVSOL_EURO, lang) });
  const qtyLabel = kind === 'obj' ? t('pricing.extraObjQty') : t('pricing.extraPvsolQty');
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Checkbox
        label={label}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.currentTarget.checked)}
        data-testid={`extra-${kind}`}
        style={{ flex: 1 }}
      />
      <NumberInput
        aria-label={qtyLabel}
        value={value}
        min={0}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        {...localeNumberInputProps()}
        clampBehavior="strict"
        disabled={disabled || !checked}
        onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
        w={80}
        size="xs"
        data-testid={`extra-${kind}-qty`}
      />
    </Group>
  );
}

/** The pricing modal of SPEC §2 and §9: Free, Premium with its calculator, Enterprise by chat. */
export function PricingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const { user } = useCurrentUser();
  const canBuy = user.role === 'INSTALLER_ADMIN';
  const subscription = useSubscription(opened && user.installerPartner.length > 0);
  const currentPlan = subscription.data?.plan ?? 'free';
  const [meetingOpened, setMeetingOpened] = useState(false);
  const [objOn, setObjOn] = useState(false);
  const [pvsolOn, setPvsolOn] = useState(false);
  const [obj, setObj] = useState(0);
  const [pvsol, setPvsol] = useState(0);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const checkout = useStartCheckout();
  // One checkout per click: a double click made two prices and two checkout sessions.
  const flight = useSingleFlight();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const [prefilled, setPrefilled] = useState(false);

  // Each opening starts from the plan in force: Premium's extras ticked with their quantities.
  const current = subscription.data;
  useEffect(() => {
    if (!opened) {
      setPrefilled(false);
      return;
    }
    if (prefilled || !current) return;
    const currentObj = current.plan === 'premium' ? current.objExtra : 0;
    const currentPvsol = current.plan === 'premium' ? current.pvsolExtra : 0;
    setObj(currentObj);
    setObjOn(currentObj > 0);
    setPvsol(currentPvsol);
    setPvsolOn(currentPvsol > 0);
    setPrefilled(true);
  }, [opened, prefilled, current]);

  const price = premiumPrice(obj, pvsol);
  const quantities = premiumQuantities(obj, pvsol);
  const onPremium = current?.plan === 'premium';
  // The configuration in force cannot be bought again (the server refuses it too: 409).
  const isCurrentConfig = onPremium && obj === current.objExtra && pvsol === current.pvsolExtra;
  const extrasText = (o: number, p: number) =>
    o || p ? t('section.extrasValue', { obj: o, pvsol: p }) : t('section.noExtras');

  const toggle = (kind: 'obj' | 'pvsol', checked: boolean) => {
    // SPEC §5: unchecking an extra resets its quantity to 0; checking starts at 1.
    const setOn = kind === 'obj' ? setObjOn : setPvsolOn;
    const setQty = kind === 'obj' ? setObj : setPvsol;
    setOn(checked);
    setQty(checked ? 1 : 0);
  };

  const chooseFree = () => {
    info(currentPlan === 'free' ? t('toast.alreadyFree') : t('toast.selectPremium'));
  };
  const chooseEnterprise = () => {
    info(t('toast.enterprise'));
    setMeetingOpened(true);
  };
  const choosePremium = () =>
    flight((done) => {
      setBlockedUrl(null);
      checkout.mutate(
        { monthlyCents: price.monthlyCents, obj, pvsol },
        {
          onSettled: done,
          onSuccess: (session) => {
            const win = window.open(session.url, '_blank');
            if (win) info(t('pricing.checkoutOpened'));
            else setBlockedUrl(session.url);
          },
          onError: (error) => {
            void queryClient.invalidateQueries({ queryKey: planKeys.subscription });
            notifyError(error, tApp);
          },
        },
      );
    });

  const planCard = (plan: PlanName, body: React.ReactNode, action: React.ReactNode) => (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid={`plan-card-${plan}`}
      style={
        plan === 'premium'
          ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
          : undefined
      }
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            {t(`planName.${plan}`)}
          </Title>
          {currentPlan === plan && subscription.data && (
            <Badge variant="light" color="teal">
              {t('pricing.current')}
            </Badge>
          )}
        </Group>
        <div>
          <Text fz={28} fw={700} lh={1.1}>
            {euro(CARD_PRICE[plan], lang)}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`pricing.${plan}.period`)}
          </Text>
        </div>
        <List
          spacing={4}
          size="sm"
          icon={<IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />}
        >
          {FEATURES[plan].map((f) => (
            <List.Item key={f}>{t(`pricing.${plan}.${f}` as 'pricing.free.f1')}</List.Item>
          ))}
        </List>
        {body}
        <div style={{ marginTop: 'auto' }}>{action}</div>
      </Stack>
    </Paper>
  );

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={t('pricing.title')}
        size={1100}
        fullScreen={phone}
        // Escape in the meeting booking opened from here closes that one only, not both at once.
        closeOnEscape={!meetingOpened}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
        data-testid="pricing-modal"
      >
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t('pricing.subtitle')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {planCard(
              'free',
              null,
              <Button variant="default" fullWidth onClick={chooseFree} data-testid="choose-free">
                {t('pricing.choose', { plan: t('planName.free') })}
              </Button>,
            )}
            {planCard(
              'premium',
              <Stack gap="xs">
                <Divider label={t('pricing.extras')} labelPosition="left" />
                <ExtraInput
                  kind="obj"
                  value={obj}
                  checked={objOn}
                  onCheckedChange={(c) => toggle('obj', c)}
                  onChange={setObj}
                  disabled={!canBuy}
                />
                <ExtraInput
                  kind="pvsol"
                  value={pvsol}
                  checked={pvsolOn}
                  onCheckedChange={(c) => toggle('pvsol', c)}
                  onChange={setPvsol}
                  disabled={!canBuy}
                />
                <Paper bg="var(--mantine-color-default-hover)" p="sm" radius="sm" aria-live="polite">
                  <Text fw={700} size="lg" data-testid="premium-monthly">
                    {t('pricing.monthly', { amount: euro(price.monthly, lang) })}
                  </Text>
                  <Text size="sm" data-testid="premium-yearly">
                    {t('pricing.yearly', { amount: euro(price.yearly, lang) })}
                  </Text>
                  <Text size="sm" data-testid="premium-two-years">
                    {t('pricing.twoYears', { amount: euro(price.twoYears, lang) })}
                  </Text>
                  <Text size="sm" c="dimmed" mt={4} data-testid="premium-quantities">
                    {t('pricing.quantities', {
                      objFiles: formatNumber(quantities.objFiles, lang),
                      pvsolFiles: formatNumber(quantities.pvsolFiles, lang),
                    })}
                  </Text>
                </Paper>
              </Stack>,
              canBuy ? (
                <Stack gap="xs">
                  {onPremium && !isCurrentConfig && (
                    <Paper withBorder p="sm" radius="sm" data-testid="premium-change">
                      <Text fw={600} size="sm">
                        {t('pricing.changeTitle')}
                      </Text>
                      <Text size="sm">
                        {t('pricing.changeExtras', {
                          from: extrasText(current.objExtra, current.pvsolExtra),
                          to: extrasText(obj, pvsol),
                        })}
                      </Text>
                      <Text size="sm">
                        {t('pricing.changePrice', {
                          from: euro(current.monthlyPriceCents / 100, lang),
                          to: euro(price.monthly, lang),
                        })}
                      </Text>
                      <Text size="sm">
                        {t('pricing.changeUnits', {
                          from: formatNumber(current.usage.unitsBudget ?? 0, lang),
                          to: formatNumber(quantities.units, lang),
                        })}
                      </Text>
                      <Text size="xs" c="dimmed" mt={4}>
                        {t('pricing.changeWhen')}
                      </Text>
                    </Paper>
                  )}
                  {isCurrentConfig && (
                    <Text size="sm" c="dimmed" data-testid="premium-unchanged">
                      {t('pricing.unchanged')}
                    </Text>
                  )}
                  <Button
                    fullWidth
                    onClick={choosePremium}
                    loading={checkout.isPending}
                    disabled={isCurrentConfig}
                    data-testid="choose-premium"
                  >
                    {isCurrentConfig
                      ? t('pricing.current')
                      : onPremium
                        ? t('pricing.changePlan')
                        : t('pricing.choose', { plan: t('planName.premium') })}
                  </Button>
                  {blockedUrl && (
                    <Alert color="yellow" variant="light" p="xs">
                      <Text size="sm">
                        {t('pricing.popupBlocked')}{' '}
                        <Anchor href={blockedUrl} target="_blank" rel="noopener">
                          {t('pricing.openCheckout')}
                        </Anchor>
                      </Text>
                    </Alert>
                  )}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" data-testid="premium-ask-admin">
                  {t('pricing.askAdmin')}
                </Text>
              ),
            )}
            {planCard(
              'enterprise',
              null,
              <Button variant="light" fullWidth onClick={chooseEnterprise} data-testid="choose-enterprise">
                {t('pricing.choose', { plan: t('planName.enterprise') })}
              </Button>,
            )}
          </SimpleGrid>
        </Stack>
      </Modal>
      <MeetingModal opened={meetingOpened} onClose={() => setMeetingOpened(false)} />
    </>
  );
}
