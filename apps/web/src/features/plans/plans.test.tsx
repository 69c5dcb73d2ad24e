// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { PlanName, Subscription } from '@solar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planKeys } from '../../api/plans';
import { initTestI18n } from '../../i18n/testing';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import { PaywallModal, refusalReason } from './paywall-modal';
import { PlanUsage } from './plan-usage';
import { downloadCost, quotaSummary, usageTitle } from './quota-texts';

beforeAll(async () => {
  await initTestI18n('de', { de: { plans: de }, en: { plans: en }, es: { plans: es } });
});
afterEach(() => cleanup());

function subscription(plan: PlanName, usage: Partial<Subscription['usage']> = {}): Subscription {
  return {
    plan,
    objExtra: plan === 'premium' ? 1 : 0,
    pvsolExtra: 0,
    status: 'active',
    provider: plan === 'free' ? 'none' : 'local',
    renewsAt: null,
    cancelAtPeriodEnd: false,
    monthlyPriceCents: plan === 'premium' ? 30000 : 0,
    usage: {
      month: '2026-12',
      objUsed: 0,
      pvsolUsed: 0,
      unitsUsed: 0,
      unitsBudget: plan === 'premium' ? 5 : plan === 'free' ? 0 : null,
      objLeft: plan === 'premium' ? 5 : plan === 'free' ? 0 : null,
      pvsolLeft: plan === 'premium' ? 2 : plan === 'free' ? 0 : null,
      freeObjUsed: 0,
      freeObjLeft: 3,
      ...usage,
    },
  };
}

function withProviders(node: ReactNode, sub: Subscription) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(planKeys.subscription, sub);
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">{node}</MantineProvider>
    </QueryClientProvider>,
  );
}

const t = (lng: string) => i18next.getFixedT(lng, 'plans');

describe('PlanUsage', () => {
  it('says "1 usado" but "2 usados" in Spanish', async () => {
    await i18next.changeLanguage('es');
    const sub = subscription('premium', { objUsed: 1, pvsolUsed: 2, unitsUsed: 5, objLeft: 0, pvsolLeft: 0 });
    withProviders(<PlanUsage subscription={sub} />, sub);
    expect(screen.getByTestId('usage-obj').textContent).toContain('1 usado · 0 restantes');
    expect(screen.getByTestId('usage-pvsol').textContent).toContain('2 usados · 0 restantes');
  });
});

describe('the paywall chooses title and text by the refusal', () => {
  it.each([
    ['premium_required', 'free', 'premium'],
    ['download_limit', 'free', 'freeLimit'],
    ['download_limit', 'premium', 'limit'],
    ['download_limit', undefined, 'other'],
    [undefined, 'premium', 'other'],
  ] as const)('%s on %s: %s', (code, plan, reason) => {
    expect(refusalReason(code, plan)).toBe(reason);
  });

  const open = (code: string, message: string, sub: Subscription) =>
    withProviders(
      <PaywallModal opened onClose={() => {}} message={message} code={code} onShowPlans={() => {}} />,
      sub,
    );

  it('free plan, PV Sol, nothing used: Premium required, not "limit reached"', async () => {
    await i18next.changeLanguage('de');
    open('premium_required', 'Bitte wählen Sie den Premium-Tarif', subscription('free'));
    expect(screen.getByRole('dialog', { name: 'Premium-Tarif erforderlich' })).toBeTruthy();
    expect(screen.queryByText(/Download-Limit erreicht/)).toBeNull();
  });

  it('Premium with its budget used up: the monthly quota, never "part of the Premium plan"', async () => {
    await i18next.changeLanguage('es');
    const sub = subscription('premium', { unitsUsed: 5, objUsed: 5, objLeft: 0, pvsolLeft: 0 });
    open('download_limit', 'Ha alcanzado el límite máximo de descargas', sub);
    expect(screen.getByRole('dialog', { name: 'Cuota del mes agotada' })).toBeTruthy();
    expect(screen.getByTestId('paywall-text').textContent).not.toMatch(/forman parte del plan Premium/);
  });

  it('Premium with a unit left that does not pay for a PV Sol file: not enough, not "used up" (QA)', async () => {
    await i18next.changeLanguage('en');
    const sub = subscription('premium', { unitsUsed: 4, objUsed: 2, pvsolUsed: 1, objLeft: 1, pvsolLeft: 0 });
    open('download_limit', 'You reached maximum limit of downloads', sub);
    expect(
      screen.getByRole('dialog', { name: 'Not enough quota left this month for this file' }),
    ).toBeTruthy();
    expect(screen.queryByText("This month's quota is used up")).toBeNull();
  });

  it('free plan with the 3 free downloads used: once-only, not "for this period"', async () => {
    await i18next.changeLanguage('en');
    open(
      'download_limit',
      'You reached maximum limit of downloads',
      subscription('free', { freeObjUsed: 3, freeObjLeft: 0 }),
    );
    expect(screen.getByRole('dialog', { name: 'Free downloads used up' })).toBeTruthy();
    const text = screen.getByTestId('paywall-text').textContent ?? '';
    expect(text).toContain('given once, not every month');
    expect(text).not.toMatch(/this period/);
  });
});

describe('the planning-files card states the plan, what is left and what a download uses', () => {
  it('Premium: units left this month, OBJ 1 unit, PV Sol 2 units', () => {
    const sub = subscription('premium', { unitsUsed: 4, objUsed: 4, objLeft: 1, pvsolLeft: 0 });
    expect(quotaSummary(t('de'), sub)).toBe('Premium-Tarif: in diesem Monat noch 1 Einheit von 5 übrig.');
    expect(downloadCost(t('de'), sub, 'obj')).toBe('Kostet 1 Einheit');
    // 1 unit left does not pay for a PV Sol file (2 units): the server refuses it (QA).
    expect(downloadCost(t('de'), sub, 'pvsol')).toBe(
      'Kostet 2 Einheiten – in diesem Monat nicht mehr genug übrig',
    );
    expect(downloadCost(t('de'), subscription('premium'), 'pvsol')).toBe('Kostet 2 Einheiten');
    const usedUp = subscription('premium', { unitsUsed: 5, objUsed: 5, objLeft: 0, pvsolLeft: 0 });
    expect(downloadCost(t('en'), usedUp, 'obj')).toBe('Uses 1 unit — not enough left this month');
    expect(quotaSummary(t('es'), subscription('premium'))).toBe(
      'Plan Premium: quedan 5 unidades de 5 este mes.',
    );
  });
  it('Free: the free downloads left, once only; PV Sol only with Premium', () => {
    const sub = subscription('free', { freeObjUsed: 1, freeObjLeft: 2 });
    expect(quotaSummary(t('en'), sub)).toBe(
      'Free plan: 2 of 3 free OBJ downloads left (once, not monthly). PV Sol files with Premium only.',
    );
    expect(downloadCost(t('en'), sub, 'obj')).toBe('Uses 1 of the free downloads');
    expect(downloadCost(t('en'), sub, 'pvsol')).toBe('Premium plan only');
    // One left: singular in Spanish ("queda 1", not "quedan 1"); none left: plural again (QA).
    expect(quotaSummary(t('es'), subscription('free', { freeObjUsed: 2, freeObjLeft: 1 }))).toBe(
      'Plan Free: queda 1 de 3 descargas OBJ gratuitas (una sola vez, no cada mes). Archivos PV Sol solo con Premium.',
    );
    expect(quotaSummary(t('es'), subscription('free', { freeObjUsed: 3, freeObjLeft: 0 }))).toMatch(
      /^Plan Free: quedan 0 de 3 /,
    );
    expect(quotaSummary(t('de'), subscription('free', { freeObjUsed: 2, freeObjLeft: 1 }))).toMatch(
      /^Free-Tarif: noch 1 von 3 kostenlosen/,
    );
    // The 3 free downloads used: the next OBJ is refused, so it does not say it uses one (QA).
    const usedUp = subscription('free', { freeObjUsed: 3, freeObjLeft: 0 });
    expect(downloadCost(t('es'), usedUp, 'obj')).toBe(
      'No quedan descargas gratuitas: se necesita el plan Premium',
    );
  });
  it('the settings head the free plan’s usage as once-only, not "this month" (QA)', () => {
    const free = subscription('free', { freeObjUsed: 3, freeObjLeft: 0 });
    expect(usageTitle(t('de'), free)).toBe('Genutzte kostenlose Downloads (einmalig, nicht monatlich)');
    expect(usageTitle(t('en'), free)).not.toMatch(/this month/);
    expect(usageTitle(t('en'), subscription('premium'))).toBe('Usage this month');
  });
  it('Enterprise: unlimited', () => {
    expect(quotaSummary(t('de'), subscription('enterprise'))).toBe(
      'Enterprise-Tarif: unbegrenzte Downloads.',
    );
    expect(downloadCost(t('de'), subscription('enterprise'), 'pvsol')).toBe('Im Tarif enthalten');
  });
});
