import { CONSTANTS, type PlanningFileKind, type Subscription, UNIT_COST } from '@solar/shared';
import type { TFunction } from 'i18next';

type PlansT = TFunction<'plans'>;

/** The planning-files card's line on the plan and what is left: this month's units, or the free downloads. */
export function quotaSummary(t: PlansT, subscription: Subscription): string {
  const { plan, usage } = subscription;
  if (plan === 'free') {
    // Plural by what is left: "queda 1", "quedan 2".
    return t('files.planFree', { count: usage.freeObjLeft, total: CONSTANTS.freeDownloadCount });
  }
  if (usage.unitsBudget === null) return t('files.planUnlimited');
  return t('files.planBudget', {
    plan: t(`planName.${plan}`),
    count: usage.objLeft ?? 0,
    total: usage.unitsBudget,
  });
}

/**
 * What downloading a file of this kind uses of the plan (nothing again once downloaded), and when
 * what is left does not cover it, that it will be refused (the server's `download_limit`).
 */
export function downloadCost(t: PlansT, subscription: Subscription, kind: PlanningFileKind): string {
  const { usage } = subscription;
  if (subscription.plan === 'free') {
    if (kind === 'pvsol') return t('files.costPremiumOnly');
    return usage.freeObjLeft > 0 ? t('files.costFree') : t('files.costFreeUsedUp');
  }
  if (usage.unitsBudget === null) return t('files.costNone');
  const unitsLeft = usage.objLeft ?? 0;
  if (unitsLeft < UNIT_COST[kind]) return t('files.costNotEnough', { count: UNIT_COST[kind] });
  return t('files.costUnits', { count: UNIT_COST[kind] });
}

/**
 * The heading over the plan's usage in the settings: Premium and Enterprise count this month, the
 * free plan's downloads are once-only, so "this month" would misread last month's downloads.
 */
export function usageTitle(t: PlansT, subscription: Subscription): string {
  return subscription.plan === 'free' ? t('section.usageFree') : t('section.usage');
}
