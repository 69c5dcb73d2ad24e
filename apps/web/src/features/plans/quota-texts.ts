import { CONSTANTS, type PlanningFileKind, type Subscription, UNIT_COST } from '@solar/shared';
import type { TFunction } from 'i18next';

type PlansT = TFunction<'plans'>;

/** The planning-files card's line on the plan and what is left: this month's units, or the free downloads. */
export function quotaSummary(t: PlansT, subscription: Subscription): string {
  const { plan, usage } = subscription;
  if (plan === 'free') {
    return t('files.planFree', { left: usage.freeObjLeft, total: CONSTANTS.freeDownloadCount });
  }
  if (usage.unitsBudget === null) return t('files.planUnlimited');
  return t('files.planBudget', {
    plan: t(`planName.${plan}`),
    count: usage.objLeft ?? 0,
    total: usage.unitsBudget,
  });
}

/** What downloading a file of this kind uses of the plan (nothing again once downloaded). */
export function downloadCost(t: PlansT, subscription: Subscription, kind: PlanningFileKind): string {
  if (subscription.plan === 'free') return kind === 'obj' ? t('files.costFree') : t('files.costPremiumOnly');
  if (subscription.usage.unitsBudget === null) return t('files.costNone');
  return t('files.costUnits', { count: UNIT_COST[kind] });
}
