import { CONSTANTS, monthlyUnits, type PlanName, premiumPrice, type Subscription } from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import { cancelStripeSubscription, type PaymentEvent, stripeClient } from '../../lib/payments';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface SubscriptionRow {
  company_id: string;
  plan: PlanName;
  obj_extra: number;
  pvsol_extra: number;
  status: 'active' | 'canceled' | 'past_due';
  provider: 'none' | 'local' | 'stripe';
  provider_subscription_id: string | null;
  provider_customer_id: string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
}

/** The current month as YYYY-MM (UTC); downloads count per calendar month. */
export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The company's subscription row, created as Free when missing; locked FOR UPDATE inside `tx`. */
export async function lockSubscription(tx: DbOrTx, companyId: string): Promise<SubscriptionRow> {
  await tx.execute(sql`INSERT INTO subscriptions (company_id) VALUES (${companyId}) ON CONFLICT DO NOTHING`);
  const [row] = rowsOf<SubscriptionRow>(
    await tx.execute(sql`SELECT * FROM subscriptions WHERE company_id = ${companyId} FOR UPDATE`),
  );
  if (!row) throw new AppError(418, 'something_wrong');
  return row;
}

/** A plan is in force while active and not past its paid period. */
export function effectivePlan(row: SubscriptionRow, now = new Date()): PlanName {
  if (row.plan === 'free' || row.status !== 'active') return 'free';
  if (row.current_period_end && new Date(row.current_period_end).getTime() < now.getTime()) return 'free';
  return row.plan;
}

export async function usageOf(db: DbOrTx, row: SubscriptionRow, now = new Date()) {
  const month = currentMonth(now);
  const [counts] = rowsOf<{ obj: number; pvsol: number; free_obj: number }>(
    await db.execute(sql`SELECT
      count(*) FILTER (WHERE kind = 'obj' AND NOT is_free AND month = ${month})::int AS obj,
      count(*) FILTER (WHERE kind = 'pvsol' AND NOT is_free AND month = ${month})::int AS pvsol,
      count(*) FILTER (WHERE is_free)::int AS free_obj
      FROM downloads WHERE company_id = ${row.company_id}`),
  );
  const objUsed = Number(counts?.obj ?? 0);
  const pvsolUsed = Number(counts?.pvsol ?? 0);
  const freeObjUsed = Number(counts?.free_obj ?? 0);
  const plan = effectivePlan(row, now);
  const budget = monthlyUnits(plan, row.obj_extra, row.pvsol_extra);
  const unitsUsed = objUsed + 2 * pvsolUsed;
  const left = budget === null ? null : Math.max(0, budget - unitsUsed);
  return {
    month,
    objUsed,
    pvsolUsed,
    unitsUsed,
    unitsBudget: budget,
    objLeft: left,
    pvsolLeft: left === null ? null : Math.floor(left / 2),
    freeObjUsed,
    freeObjLeft: Math.max(0, CONSTANTS.freeDownloadCount - freeObjUsed),
  };
}

export async function getSubscription(ctx: AppContext, companyId: string): Promise<Subscription> {
  const { db } = ctx.database;
  await db.execute(sql`INSERT INTO subscriptions (company_id) VALUES (${companyId}) ON CONFLICT DO NOTHING`);
  const [row] = rowsOf<SubscriptionRow>(
    await db.execute(sql`SELECT * FROM subscriptions WHERE company_id = ${companyId}`),
  );
  if (!row) throw new AppError(418, 'something_wrong');
  const plan = effectivePlan(row);
  return {
    plan,
    objExtra: plan === 'premium' ? row.obj_extra : 0,
    pvsolExtra: plan === 'premium' ? row.pvsol_extra : 0,
    status: row.status,
    provider: row.provider,
    renewsAt:
      plan === 'free' || !row.current_period_end ? null : new Date(row.current_period_end).toISOString(),
    cancelAtPeriodEnd: plan === 'premium' && row.cancel_at_period_end,
    monthlyPriceCents: plan === 'premium' ? premiumPrice(row.obj_extra, row.pvsol_extra).monthlyCents : 0,
    usage: await usageOf(db, row),
  };
}

/**
 * A checkout must change the plan: Premium with exactly the extras already in force would bill the
 * company again for nothing (409). A changed configuration (more or fewer extras) is a plan change.
 */
export async function assertPlanChange(db: DbOrTx, companyId: string, obj: number, pvsol: number) {
  const [row] = rowsOf<SubscriptionRow>(
    await db.execute(sql`SELECT * FROM subscriptions WHERE company_id = ${companyId}`),
  );
  if (row && effectivePlan(row) === 'premium' && row.obj_extra === obj && row.pvsol_extra === pvsol) {
    throw new AppError(409, 'plan_unchanged');
  }
}

/** A local test checkout stays payable this long, like a Stripe Checkout session. */
export const LOCAL_CHECKOUT_LIFETIME_MS = 24 * 3_600_000;

/** The status a local checkout session shows: an open one past its lifetime is expired. */
export function localCheckoutStatus(
  session: { status: string; createdAt: Date },
  now = new Date(),
): 'open' | 'complete' | 'expired' {
  if (session.status === 'complete') return 'complete';
  if (now.getTime() - session.createdAt.getTime() > LOCAL_CHECKOUT_LIFETIME_MS) return 'expired';
  return 'open';
}

/** The price of Premium with these extras must be what the client asks to bill (never trusted). */
export function checkPrice(unitAmount: number, obj: number, pvsol: number) {
  if (premiumPrice(obj, pvsol).monthlyCents !== unitAmount) {
    throw badRequest('price_mismatch', { unit_amount: 'price_mismatch' });
  }
}

/**
 * Applies a provider event once: the event id is recorded in the same transaction, so a replayed
 * webhook finds it and changes nothing.
 */
export async function applyPaymentEvent(ctx: AppContext, event: PaymentEvent, provider: 'local' | 'stripe') {
  if (event.type === 'ignored' || !event.companyId) return { applied: false };
  const companyId = event.companyId;
  return ctx.database.db.transaction(async (tx) => {
    const fresh = rowsOf<{ id: string }>(
      await tx.execute(sql`INSERT INTO payment_events (id, type, company_id) VALUES (${event.id}, ${event.type}, ${companyId})
        ON CONFLICT DO NOTHING RETURNING id`),
    );
    if (fresh.length === 0) return { applied: false };
    const row = await lockSubscription(tx, companyId);
    // A change of extras through Stripe Checkout starts a new subscription; the end or change of the
    // one it replaced must not touch the plan in force.
    const current = row.provider_subscription_id;
    if (event.type !== 'activated' && event.subscriptionId && current && event.subscriptionId !== current) {
      return { applied: false };
    }
    // A change through Stripe Checkout started a new subscription: the one it replaces is ended at
    // Stripe after this commits (a job, retried while Stripe cannot be reached), so the company is
    // not billed for both.
    if (
      event.type === 'activated' &&
      provider === 'stripe' &&
      row.provider === 'stripe' &&
      row.status !== 'canceled' &&
      current &&
      event.subscriptionId &&
      event.subscriptionId !== current
    ) {
      await enqueueJob(tx, ctx.config.JOB_QUEUE, CANCEL_REPLACED_SUBSCRIPTION_JOB, {
        companyId,
        subscriptionId: current,
      });
    }
    const periodEnd = event.periodEnd ?? new Date(Date.now() + 31 * 86_400_000);
    if (event.type === 'ended') {
      await tx.execute(sql`UPDATE subscriptions SET plan = 'free', status = 'canceled', obj_extra = 0, pvsol_extra = 0,
        current_period_end = NULL, cancel_at_period_end = false, updated_at = now() WHERE company_id = ${companyId}`);
    } else {
      // A new subscription (a checkout) renews until cancelled; a change carries the provider's flag.
      const cancelAtPeriodEnd = event.type === 'changed' && event.cancelAtPeriodEnd === true;
      await tx.execute(sql`UPDATE subscriptions SET plan = 'premium', status = 'active', obj_extra = ${event.obj},
        pvsol_extra = ${event.pvsol}, provider = ${provider}, current_period_end = ${periodEnd.toISOString()},
        cancel_at_period_end = ${cancelAtPeriodEnd},
        provider_customer_id = coalesce(${event.customerId}, provider_customer_id),
        provider_subscription_id = coalesce(${event.subscriptionId}, provider_subscription_id),
        updated_at = now() WHERE company_id = ${companyId}`);
    }
    return { applied: true };
  });
}

/**
 * Cancels Premium at the end of its paid period (`cancel: true`), or takes the cancellation back
 * while the period runs (`false`). The plan and its downloads stay until `current_period_end`; then
 * the company is on Free (Stripe ends the subscription and says so by webhook; the local test plan
 * runs out). With Stripe the provider is told first, with the row locked: when Stripe cannot be
 * reached nothing changes here and the caller hears 503. Written to the audit log with the change.
 */
export async function setPlanCancellation(
  ctx: AppContext,
  companyId: string,
  userId: string,
  cancel: boolean,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, companyId);
    const plan = effectivePlan(row);
    if (plan === 'free') throw new AppError(409, 'plan_free_not_cancellable');
    if (plan === 'enterprise') throw new AppError(409, 'plan_enterprise_cancel_by_chat');
    if (cancel && row.cancel_at_period_end) throw new AppError(409, 'plan_already_cancelled');
    if (!cancel && !row.cancel_at_period_end) throw new AppError(409, 'plan_not_cancelled');
    if (row.provider === 'stripe' && row.provider_subscription_id) {
      try {
        await ctx.payments.setCancelAtPeriodEnd(row.provider_subscription_id, cancel);
      } catch (err) {
        log.error({ err }, 'stripe cancel_at_period_end failed');
        throw new AppError(503, 'service_unavailable');
      }
    }
    await tx.execute(sql`UPDATE subscriptions SET cancel_at_period_end = ${cancel}, updated_at = now()
      WHERE company_id = ${companyId}`);
    const endsAt = row.current_period_end ? new Date(row.current_period_end).toISOString() : null;
    await recordAudit(tx, {
      companyId,
      userId,
      action: cancel ? 'plan.cancelled' : 'plan.resumed',
      entityId: null,
      before: { plan, cancelAtPeriodEnd: !cancel, endsAt },
      after: { plan, cancelAtPeriodEnd: cancel, endsAt },
    });
  });
}

/** Job: ends at Stripe a subscription that a plan change replaced (applyPaymentEvent). */
export const CANCEL_REPLACED_SUBSCRIPTION_JOB = 'payments-cancel-replaced';

export async function cancelReplacedSubscriptionJob(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
  payload: unknown,
) {
  const { subscriptionId } = payload as { subscriptionId?: unknown };
  if (typeof subscriptionId !== 'string') return;
  // Failing keeps the job for its retries and in the log: the company is billed twice until it runs.
  if (!config.STRIPE_SECRET_KEY) throw new Error(`STRIPE_SECRET_KEY is unset: ${subscriptionId} not ended`);
  await cancelStripeSubscription(
    stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL),
    subscriptionId,
  );
}

/** The company's customer at the payment provider, from its earlier subscription; null before one. */
export async function providerCustomerOf(db: DbOrTx, companyId: string): Promise<string | null> {
  const [row] = rowsOf<{ provider_customer_id: string | null }>(
    await db.execute(sql`SELECT provider_customer_id FROM subscriptions WHERE company_id = ${companyId}`),
  );
  return row?.provider_customer_id ?? null;
}
