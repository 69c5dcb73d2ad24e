import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';

/** A subscription change, from a Stripe webhook or the local test provider. */
export interface PaymentEvent {
  id: string;
  type: 'activated' | 'changed' | 'ended' | 'ignored';
  companyId: string | null;
  obj: number;
  pvsol: number;
  customerId: string | null;
  subscriptionId: string | null;
  periodEnd: Date | null;
  /** The subscription ends at `periodEnd` instead of renewing (cancelled by the company). */
  cancelAtPeriodEnd?: boolean;
}

export interface CheckoutInput {
  priceId: string;
  companyId: string;
  successUrl: string;
  cancelUrl: string;
  obj: number;
  pvsol: number;
  /** The provider's customer of the company's earlier subscription, so a change bills the same one. */
  customerId?: string | null;
}

/** A price as the provider keeps it: what it bills and the extras it was made for. */
export interface PriceInfo {
  unitAmount: number;
  currency: string;
  /** The billing interval of a recurring price; null for a one-off price. */
  interval: string | null;
  obj: number;
  pvsol: number;
}

/** The card payment provider behind the payment routes. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local' | 'none';
  createPrice(input: { unitAmount: number; obj: number; pvsol: number }): Promise<{ id: string }>;
  /** The price a checkout names, as the provider keeps it; null when it has none of that id. */
  retrievePrice(priceId: string): Promise<PriceInfo | null>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /**
   * Cancels a subscription at the end of its paid period (`cancel: true`) or takes that back
   * (`false`). The local test provider keeps no subscriptions and has nothing to do.
   */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Verifies a webhook's signature and translates the event; throws on a bad signature. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

const meta = (m: Record<string, string> | null | undefined, key: string) => Number(m?.[key] ?? 0) || 0;

/** The official SDK's client; `apiUrl` points it at a stripe-mock or a test server instead of Stripe. */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(secretKey);
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  });
}

/**
 * Ends a subscription that a plan change replaced, at once. The unused rest of its paid month is
 * credited to the customer (`prorate` with `invoice_now` puts the credit on a final invoice, so it
 * goes to the customer's balance and pays towards the new subscription's next invoice). One that is
 * gone already is fine: a retried job, or cancelled by hand in the dashboard.
 */
export async function cancelStripeSubscription(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'resource_missing') return;
    throw err;
  }
}

/** Stripe through the official SDK (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL). */
export function createStripeProvider(
  secretKey: string,
  webhookSecret: string | undefined,
  apiUrl?: string,
): PaymentProvider {
  const stripe = stripeClient(secretKey, apiUrl);
  return {
    name: 'stripe',
    async createPrice({ unitAmount, obj, pvsol }) {
      const price = await stripe.prices.create({
        unit_amount: unitAmount,
        currency: 'eur',
        recurring: { interval: 'month' },
        product_data: { name: 'premium' },
        metadata: { obj: String(obj), pvsol: String(pvsol) },
      });
      return { id: price.id };
    },
    async retrievePrice(priceId) {
      try {
        const price = await stripe.prices.retrieve(priceId);
        return {
          unitAmount: price.unit_amount ?? 0,
          currency: price.currency,
          interval: price.recurring?.interval ?? null,
          obj: meta(price.metadata, 'obj'),
          pvsol: meta(price.metadata, 'pvsol'),
        };
      } catch (err) {
        if ((err as { code?: string }).code === 'resource_missing') return null;
        throw err;
      }
    },
    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.companyId,
        ...(input.customerId ? { customer: input.customerId } : {}),
        metadata: { companyId: input.companyId, obj: String(input.obj), pvsol: String(input.pvsol) },
        subscription_data: {
          metadata: { companyId: input.companyId, obj: String(input.obj), pvsol: String(input.pvsol) },
        },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },
    parseWebhook(rawBody, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      return translateStripeEvent(event);
    },
  };
}

/** Maps the Stripe events we act on; everything else is acknowledged and ignored. */
export function translateStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, customerId: null, subscriptionId: null, periodEnd: null };
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      return {
        ...base,
        type: 'activated',
        companyId: s.metadata?.companyId ?? s.client_reference_id ?? null,
        obj: meta(s.metadata, 'obj'),
        pvsol: meta(s.metadata, 'pvsol'),
        customerId: typeof s.customer === 'string' ? s.customer : null,
        subscriptionId: typeof s.subscription === 'string' ? s.subscription : null,
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const end = (sub as unknown as { current_period_end?: number }).current_period_end;
      return {
        ...base,
        type:
          event.type === 'customer.subscription.deleted' || sub.status === 'canceled' ? 'ended' : 'changed',
        companyId: sub.metadata?.companyId ?? null,
        obj: meta(sub.metadata, 'obj'),
        pvsol: meta(sub.metadata, 'pvsol'),
        customerId: typeof sub.customer === 'string' ? sub.customer : null,
        subscriptionId: sub.id,
        periodEnd: end ? new Date(end * 1000) : null,
        // Also set when the company cancelled in Stripe's own customer portal.
        cancelAtPeriodEnd: sub.cancel_at_period_end === true,
      };
    }
    default:
      return { ...base, type: 'ignored', companyId: null, obj: 0, pvsol: 0 };
  }
}

/**
 * The local test provider, used when no Stripe key is set: prices and sessions live in our database
 * (through the callbacks), and checkout is a page of the portal clearly marked as a test.
 */
export function createLocalProvider(store: {
  savePrice(p: { id: string; unitAmount: number; obj: number; pvsol: number }): Promise<void>;
  findPrice(id: string): Promise<{ unitAmount: number; obj: number; pvsol: number } | null>;
  saveSession(s: CheckoutInput & { id: string }): Promise<void>;
  publicUrl: string;
}): PaymentProvider {
  return {
    name: 'local',
    async createPrice({ unitAmount, obj, pvsol }) {
      const id = `local_price_${randomUUID()}`;
      await store.savePrice({ id, unitAmount, obj, pvsol });
      return { id };
    },
    async retrievePrice(priceId) {
      const price = await store.findPrice(priceId);
      return price ? { ...price, currency: 'eur', interval: 'month' } : null;
    },
    async createCheckoutSession(input) {
      const id = `local_cs_${randomUUID()}`;
      await store.saveSession({ ...input, id });
      return { id, url: `${store.publicUrl}/checkout/test?session=${id}` };
    },
    async setCancelAtPeriodEnd() {
      // The local test plan runs out at its period's end anyway; the flag on our row is all there is.
    },
    parseWebhook() {
      throw new Error('the local test provider has no webhooks');
    },
  };
}

/**
 * No provider: without a Stripe key in production (PAYMENTS_TEST_MODE off) nothing can be bought,
 * rather than Premium for free through the test checkout. Every sale answers 503 in the caller's
 * language; plans already in force and their downloads are unaffected.
 */
export function createUnconfiguredProvider(refuse: () => Error): PaymentProvider {
  return {
    name: 'none',
    async createPrice() {
      throw refuse();
    },
    async retrievePrice() {
      throw refuse();
    },
    async createCheckoutSession() {
      throw refuse();
    },
    async setCancelAtPeriodEnd() {
      // No provider holds a subscription: the flag on our row is all there is.
    },
    parseWebhook() {
      throw refuse();
    },
  };
}
