import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CANCEL_REPLACED_SUBSCRIPTION_JOB, cancelReplacedSubscriptionJob } from './payments.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const price = (obj: number, pvsol: number, unit_amount: number) => ({
  unit_amount,
  currency: 'eur',
  recurring: { interval: 'month' },
  product_data: { name: 'premium' },
  metadata: { obj, pvsol },
});

/** create-price, then a checkout session, then the test payment; answers the three responses. */
const buy = async (h: Record<string, string>, obj: number, pvsol: number) => {
  const p = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create-price',
    headers: h,
    payload: price(obj, pvsol, (200 + 100 * obj + 200 * pvsol) * 100),
  });
  if (p.statusCode !== 200) return { price: p };
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session',
    headers: h,
    payload: {
      priceId: p.json().data.id,
      successUrl: 'http://portal.test/profile?checkout=success',
      cancelUrl: 'http://portal.test/profile?checkout=cancel',
    },
  });
  return { price: p, session };
};
const complete = (h: Record<string, string>, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/payments/local-checkout/${id}/complete`, headers: h });

describe('local test provider', () => {
  it('buys Premium with extras through the test checkout, once', async () => {
    const a = await t.createInstallerCompany();
    const h = t.auth(a.admin.token);
    const before = await t.app.inject({ url: '/api/payments/list-subscription', headers: h });
    expect(before.json().data).toMatchObject({ plan: 'free', usage: { freeObjLeft: 3 } });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-price',
      headers: h,
      payload: price(1, 1, 100),
    });
    expect(wrong.statusCode).toBe(400);
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-price',
      headers: h,
      payload: price(1, 1, 50000),
    });
    expect(p.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers: h,
      payload: {
        priceId: p.json().data.id,
        successUrl: 'http://portal.test/profile?paid=1',
        cancelUrl: 'http://portal.test/profile',
      },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().data.url).toMatch(/^http:\/\/portal\.test\/checkout\/test\?session=local_cs_/);
    const id = session.json().data.id;
    const page = await t.app.inject({ url: `/api/payments/local-checkout/${id}`, headers: h });
    expect(page.json().data).toMatchObject({ amountCents: 50000, obj: 1, pvsol: 1, status: 'open' });
    // Another company cannot see or complete it.
    const b = await t.createInstallerCompany();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/payments/local-checkout/${id}/complete`,
          headers: t.auth(b.admin.token),
        })
      ).statusCode,
    ).toBe(404);

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${id}/complete`,
      headers: h,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      plan: 'premium',
      objExtra: 1,
      pvsolExtra: 1,
      monthlyPriceCents: 50000,
      provider: 'local',
      usage: { unitsBudget: 7, objLeft: 7, pvsolLeft: 3 },
    });
    expect(done.json().data.renewsAt).toBeTruthy();
    // A paid session shows as paid and is never paid again.
    const renewsAt = done.json().data.renewsAt;
    const paid = await t.app.inject({ url: `/api/payments/local-checkout/${id}`, headers: h });
    expect(paid.json().data.status).toBe('complete');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${id}/complete`,
      headers: { ...h, 'accept-language': 'de' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'Dieser Bezahlvorgang ist bereits bezahlt',
      code: 'checkout_completed',
    });
    const still = await t.app.inject({ url: '/api/payments/list-subscription', headers: h });
    expect(still.json().data).toMatchObject({ plan: 'premium', renewsAt });
    const events = await t.database.query(`SELECT 1 FROM payment_events WHERE company_id = $1`, [
      a.company.id,
    ]);
    expect(events).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/api/payments/list-subscription', headers: t.auth(a.sales.token) })).json()
        .data.plan,
    ).toBe('premium');
  });

  it('refuses buying the plan the company already has, in its language, but lets it change extras', async () => {
    const a = await t.createInstallerCompany();
    const h = t.auth(a.admin.token);
    const first = await buy(h, 1, 0);
    expect((await complete(h, first.session?.json().data.id)).statusCode).toBe(200);
    const before = (await t.app.inject({ url: '/api/payments/list-subscription', headers: h })).json().data;

    for (const [lang, message] of [
      ['de', 'Sie haben diesen Tarif bereits'],
      ['en', 'You already have this plan'],
      ['es', 'Ya tiene este plan'],
    ] as const) {
      const same = await buy({ ...h, 'accept-language': lang }, 1, 0);
      expect(same.price.statusCode).toBe(409);
      expect(same.price.json()).toMatchObject({ message, code: 'plan_unchanged' });
    }
    // A price made before (another tab) cannot start a checkout for the same plan either.
    const [oldPrice] = await t.database.query<{ id: string }>(
      `SELECT p.id FROM local_prices p JOIN local_checkout_sessions s ON s.price_id = p.id WHERE s.id = $1`,
      [first.session?.json().data.id],
    );
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers: h,
      payload: {
        priceId: oldPrice?.id,
        successUrl: 'http://portal.test/profile',
        cancelUrl: 'http://portal.test/profile',
      },
    });
    expect(reuse.statusCode).toBe(409);
    const unchanged = (await t.app.inject({ url: '/api/payments/list-subscription', headers: h })).json();
    expect(unchanged.data).toEqual(before);

    // One more PV Sol extra is a change: it takes effect on payment.
    const more = await buy(h, 1, 1);
    expect(more.session?.statusCode).toBe(200);
    const changed = await complete(h, more.session?.json().data.id);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      plan: 'premium',
      objExtra: 1,
      pvsolExtra: 1,
      monthlyPriceCents: 50000,
      usage: { unitsBudget: 7 },
    });
  });

  it('refuses an open checkout whose plan the company got meanwhile, and an expired one', async () => {
    const a = await t.createInstallerCompany();
    const h = t.auth(a.admin.token);
    const tab1 = await buy(h, 0, 1);
    const tab2 = await buy(h, 0, 1);
    expect((await complete(h, tab1.session?.json().data.id)).statusCode).toBe(200);
    const second = await complete(h, tab2.session?.json().data.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('plan_unchanged');

    const stale = await buy(h, 2, 0);
    const staleId = stale.session?.json().data.id;
    await t.database.query(
      `UPDATE local_checkout_sessions SET created_at = now() - interval '25 hours' WHERE id = $1`,
      [staleId],
    );
    const page = await t.app.inject({ url: `/api/payments/local-checkout/${staleId}`, headers: h });
    expect(page.json().data.status).toBe('expired');
    const late = await complete(h, staleId);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('checkout_expired');
    const sub = (await t.app.inject({ url: '/api/payments/list-subscription', headers: h })).json().data;
    expect(sub).toMatchObject({ objExtra: 0, pvsolExtra: 1 });
  });

  it('confirms one of two simultaneous payments of a session', async () => {
    const a = await t.createInstallerCompany();
    const h = t.auth(a.admin.token);
    const { session } = await buy(h, 0, 0);
    const id = session?.json().data.id;
    const answers = await Promise.all([complete(h, id), complete(h, id), complete(h, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('lets only the company admin buy', async () => {
    const a = await t.createInstallerCompany();
    for (const token of [a.sales.token, a.installer.token]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/create-price',
        headers: t.auth(token),
        payload: price(0, 0, 20000),
      });
      expect(res.statusCode).toBe(403);
    }
    const city = await t.createPlatformUser('CITY_ADMIN');
    expect(
      (await t.app.inject({ url: '/api/payments/list-subscription', headers: t.auth(city.token) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('cancelling Premium (local test provider)', () => {
  const post = (h: Record<string, string>, what: 'cancel' | 'resume') =>
    t.app.inject({ method: 'POST', url: `/api/payments/${what}-subscription`, headers: h });
  /** Premium with `obj` extras through the local test checkout. */
  const buyPremium = async (h: Record<string, string>, obj: number) => {
    const { session } = await buy(h, obj, 0);
    const done = await complete(h, session?.json().data.id);
    expect(done.statusCode).toBe(200);
    return done.json().data;
  };

  it('keeps the plan until its period ends, can be taken back, and is the admin’s alone', async () => {
    const a = await t.createInstallerCompany();
    const h = { ...t.auth(a.admin.token), 'accept-language': 'de' };
    const free = await post(h, 'cancel');
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({
      code: 'plan_free_not_cancellable',
      message: 'Der Free-Tarif kann nicht gekündigt werden',
    });

    const bought = await buyPremium(h, 1);
    expect(bought).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });
    for (const token of [a.sales.token, a.installer.token]) {
      expect((await post(t.auth(token), 'cancel')).statusCode).toBe(403);
    }

    const cancelled = await post(h, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    // Premium stays, with its extras and downloads, until the paid period ends.
    expect(cancelled.json().data).toMatchObject({
      plan: 'premium',
      objExtra: 1,
      cancelAtPeriodEnd: true,
      renewsAt: bought.renewsAt,
      usage: { unitsBudget: 5 },
    });
    const twice = await post(h, 'cancel');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('plan_already_cancelled');
    const seenBySales = await t.app.inject({
      url: '/api/payments/list-subscription',
      headers: t.auth(a.sales.token),
    });
    expect(seenBySales.json().data.cancelAtPeriodEnd).toBe(true);

    // Another company's admin cancels their own plan only.
    const b = await t.createInstallerCompany();
    const hb = t.auth(b.admin.token);
    await buyPremium(hb, 0);
    const resumed = await post(h, 'resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });
    expect((await post(hb, 'cancel')).statusCode).toBe(200);
    const aAfter = await t.app.inject({ url: '/api/payments/list-subscription', headers: h });
    expect(aAfter.json().data.cancelAtPeriodEnd).toBe(false);
    const notCancelled = await post(h, 'resume');
    expect(notCancelled.statusCode).toBe(409);
    expect(notCancelled.json().code).toBe('plan_not_cancelled');

    // Both decisions are in the company's audit log, with who took them.
    const audit = await t.database.query<{
      action: string;
      user_id: string;
      after: { cancelAtPeriodEnd: boolean };
    }>(
      `SELECT action, user_id, after FROM audit_log WHERE company_id = $1 AND action LIKE 'plan.%' ORDER BY created_at, id`,
      [a.company.id],
    );
    expect(audit.map((e) => [e.action, e.user_id, e.after.cancelAtPeriodEnd])).toEqual([
      ['plan.cancelled', a.admin.user.id, true],
      ['plan.resumed', a.admin.user.id, false],
    ]);
  });

  it('ends in Free when the period is over, and a new checkout renews again', async () => {
    const a = await t.createInstallerCompany();
    const h = t.auth(a.admin.token);
    await buyPremium(h, 0);
    expect((await post(h, 'cancel')).statusCode).toBe(200);
    // A change of extras while cancelled is a new subscription, which renews.
    const changed = await buyPremium(h, 2);
    expect(changed).toMatchObject({ plan: 'premium', objExtra: 2, cancelAtPeriodEnd: false });

    expect((await post(h, 'cancel')).statusCode).toBe(200);
    await t.database.query(
      `UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE company_id = $1`,
      [a.company.id],
    );
    const over = await t.app.inject({ url: '/api/payments/list-subscription', headers: h });
    expect(over.json().data).toMatchObject({ plan: 'free', cancelAtPeriodEnd: false, renewsAt: null });
    expect((await post(h, 'resume')).json().code).toBe('plan_free_not_cancellable');
  });
});

/** The prices of the Stripe account the double answers (as `create-price` makes them, and others). */
const STRIPE_PRICES: Record<string, object> = {
  // Premium with 3 extra OBJ: 200 € + 3 × 100 €.
  price_double: {
    unit_amount: 50_000,
    currency: 'eur',
    recurring: { interval: 'month' },
    metadata: { obj: '3', pvsol: '0' },
  },
  price_base: {
    unit_amount: 20_000,
    currency: 'eur',
    recurring: { interval: 'month' },
    metadata: { obj: '0', pvsol: '0' },
  },
  // Another price of the account: 1 € once.
  price_other: { unit_amount: 100, currency: 'eur', recurring: null, metadata: {} },
};

/**
 * Stands in for Stripe's HTTP API, which this machine cannot reach: the official SDK talks to it
 * (STRIPE_API_URL) and it records what the SDK asked. A subscription named `sub_gone` is unknown.
 */
async function startStripeDouble() {
  const requests: { method: string; path: string; params: URLSearchParams }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const params = new URLSearchParams(body || url.search);
      requests.push({ method: req.method ?? '', path: url.pathname, params });
      const send = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname)?.[1];
      const priceId = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname)?.[1];
      if (req.method === 'GET' && priceId) {
        const price = STRIPE_PRICES[priceId];
        if (price) send(200, { id: priceId, object: 'price', ...price });
        else
          send(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such price' },
          });
      } else if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        send(200, { id: 'cs_double', object: 'checkout.session', url: 'https://checkout.stripe.test/cs' });
      } else if (req.method === 'DELETE' && subscription === 'sub_gone') {
        send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
        });
      } else if (req.method === 'POST' && subscription === 'sub_broken') {
        send(500, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
      } else if (req.method === 'POST' && subscription) {
        send(200, {
          id: subscription,
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: params.get('cancel_at_period_end') === 'true',
        });
      } else if (req.method === 'DELETE' && subscription) {
        send(200, { id: subscription, object: 'subscription', status: 'canceled' });
      } else {
        send(500, { error: { type: 'api_error', message: 'not served by the double' } });
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe('Stripe webhooks', () => {
  const secret = 'whsec_test_secret_for_signatures';
  let s: TestApp;
  let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
  beforeAll(async () => {
    stripe = await startStripeDouble();
    s = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    await s.close();
    await stripe.close();
  });
  const cancelsOf = (subscription: string) =>
    stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription}`);

  const send = (payload: string, signature: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const event = (id: string, type: string, object: object) =>
    JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: 1, data: { object } });

  /** Sends a signed event of the company, its id made unique to the company. */
  const signedFor = (companyId: string) => (id: string, type: string, object: object) => {
    const payload = event(`${id}_${companyId}`, type, object);
    return send(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
  };
  /** A completed checkout session of Premium with `obj` extra OBJ files. */
  const completedFor = (companyId: string, customer: string, subscription: string, obj: string) => ({
    id: `cs_${subscription}`,
    object: 'checkout.session',
    client_reference_id: companyId,
    customer,
    subscription,
    metadata: { companyId, obj, pvsol: '0' },
  });

  it('activates with a valid signature, ignores a replay, refuses a bad signature, and ends', async () => {
    const a = await s.createInstallerCompany();
    const completed = event(`evt_${a.company.id}`, 'checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      client_reference_id: a.company.id,
      customer: 'cus_1',
      subscription: 'sub_1',
      metadata: { companyId: a.company.id, obj: '2', pvsol: '0' },
    });
    const good = Stripe.webhooks.generateTestHeaderString({ payload: completed, secret });
    const res = await send(completed, good);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.applied).toBe(true);
    const sub = await s.app.inject({
      url: '/api/payments/list-subscription',
      headers: s.auth(a.admin.token),
    });
    expect(sub.json().data).toMatchObject({
      plan: 'premium',
      objExtra: 2,
      provider: 'stripe',
      usage: { unitsBudget: 6 },
    });

    const replay = await send(
      completed,
      Stripe.webhooks.generateTestHeaderString({ payload: completed, secret }),
    );
    expect(replay.json().data.applied).toBe(false);

    const forged = event(`evt_forged_${a.company.id}`, 'customer.subscription.deleted', {
      id: 'sub_1',
      object: 'subscription',
      status: 'canceled',
      metadata: { companyId: a.company.id },
    });
    const bad = await send(
      forged,
      Stripe.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_wrong' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      (await s.app.inject({ url: '/api/payments/list-subscription', headers: s.auth(a.admin.token) })).json()
        .data.plan,
    ).toBe('premium');
    expect((await send(forged, 'garbage')).statusCode).toBe(400);

    const ended = await send(forged, Stripe.webhooks.generateTestHeaderString({ payload: forged, secret }));
    expect(ended.json().data.applied).toBe(true);
    const after = await s.app.inject({
      url: '/api/payments/list-subscription',
      headers: s.auth(a.admin.token),
    });
    expect(after.json().data).toMatchObject({ plan: 'free', status: 'canceled' });
  });
  it('a change of extras checks out as the same customer and ends the replaced subscription, once', async () => {
    const a = await s.createInstallerCompany();
    const signed = signedFor(a.company.id);
    const completed = (sub: string, obj: string) => completedFor(a.company.id, 'cus_same', sub, obj);
    const jobs = async () =>
      (
        await s.database.query<{ payload: { subscriptionId: string } }>(
          `SELECT payload FROM jobs WHERE queue = $1 AND kind = $2 AND payload->>'companyId' = $3`,
          [s.config.JOB_QUEUE, CANCEL_REPLACED_SUBSCRIPTION_JOB, a.company.id],
        )
      ).map((j) => j.payload.subscriptionId);
    const checkout = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/payments/create-checkout-session',
        headers: s.auth(a.admin.token),
        payload: {
          priceId: 'price_double',
          successUrl: 'http://portal.test/ok',
          cancelUrl: 'http://portal.test/cancel',
          metadata: { obj: 3, pvsol: 0 },
        },
      });
    const sessions = () => stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');

    // The first checkout has no customer yet: Stripe makes one.
    expect((await checkout()).statusCode).toBe(200);
    expect(sessions().at(-1)?.params.get('customer')).toBeNull();
    await signed('evt_first', 'checkout.session.completed', completed(`sub_a_${a.company.id}`, '0'));
    expect(await jobs()).toEqual([]);

    // The change checks out as that customer, and once paid the old subscription is ended at Stripe
    // with the unused rest of its month credited.
    expect((await checkout()).statusCode).toBe(200);
    expect(sessions().at(-1)?.params.get('customer')).toBe('cus_same');
    await signed('evt_change', 'checkout.session.completed', completed(`sub_b_${a.company.id}`, '3'));
    expect(await jobs()).toEqual([`sub_a_${a.company.id}`]);
    await expect.poll(() => cancelsOf(`sub_a_${a.company.id}`).length, { timeout: 10_000 }).toBe(1);
    const [cancel] = cancelsOf(`sub_a_${a.company.id}`);
    expect(cancel?.params.get('prorate')).toBe('true');
    expect(cancel?.params.get('invoice_now')).toBe('true');
    // A replayed event ends nothing again; the new subscription is left alone.
    await signed('evt_change', 'checkout.session.completed', completed(`sub_b_${a.company.id}`, '3'));
    expect(await jobs()).toHaveLength(1);
    expect(cancelsOf(`sub_b_${a.company.id}`)).toEqual([]);
    const sub = await s.app.inject({
      url: '/api/payments/list-subscription',
      headers: s.auth(a.admin.token),
    });
    expect(sub.json().data).toMatchObject({ plan: 'premium', objExtra: 3, status: 'active' });
  });

  it('takes the extras from the price, not the request (QA: a 200 € price with 100 extra PVSol asked)', async () => {
    const a = await s.createInstallerCompany();
    const checkout = (priceId: string, metadata?: object) =>
      s.app.inject({
        method: 'POST',
        url: '/api/payments/create-checkout-session',
        headers: { ...s.auth(a.admin.token), 'accept-language': 'en' },
        payload: {
          priceId,
          successUrl: 'http://portal.test/ok',
          cancelUrl: 'http://portal.test/cancel',
          ...(metadata ? { metadata } : {}),
        },
      });
    const forged = await checkout('price_base', { obj: 100, pvsol: 100 });
    expect(forged.statusCode).toBe(200);
    const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(session?.params.get('metadata[obj]')).toBe('0');
    expect(session?.params.get('metadata[pvsol]')).toBe('0');
    expect(session?.params.get('subscription_data[metadata][pvsol]')).toBe('0');
    // A price of the account that is not Premium's, and one it does not have, buy nothing.
    const other = await checkout('price_other', { obj: 0, pvsol: 0 });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ priceId: expect.any(String) });
    expect(other.json().code).toBe('price_mismatch');
    const unknown = await checkout('price_nowhere');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('checkout_not_found');
  });

  it('counts a replaced subscription that is gone at Stripe already as ended, and fails on other errors', async () => {
    const config = { STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_API_URL: stripe.url };
    await expect(
      cancelReplacedSubscriptionJob(config, { subscriptionId: 'sub_gone' }),
    ).resolves.toBeUndefined();
    expect(cancelsOf('sub_gone')).toHaveLength(1);
    await expect(
      cancelReplacedSubscriptionJob({ STRIPE_SECRET_KEY: undefined }, { subscriptionId: 'sub_x' }),
    ).rejects.toThrow(/STRIPE_SECRET_KEY/);
    // Stripe out of reach keeps the job failing, for its retries.
    const broken = { ...config, STRIPE_API_URL: 'http://127.0.0.1:9' };
    await expect(cancelReplacedSubscriptionJob(broken, { subscriptionId: 'sub_y' })).rejects.toThrow();
  });

  it('a change of extras through a new checkout survives the end of the subscription it replaced', async () => {
    const a = await s.createInstallerCompany();
    const signed = signedFor(a.company.id);
    const checkout = (sub: string, obj: string) => completedFor(a.company.id, 'cus_change', sub, obj);
    await signed('evt_first', 'checkout.session.completed', checkout('sub_old', '0'));
    await signed('evt_change', 'checkout.session.completed', checkout('sub_new', '1'));
    const oldEnded = await signed('evt_old_end', 'customer.subscription.deleted', {
      id: 'sub_old',
      object: 'subscription',
      status: 'canceled',
      metadata: { companyId: a.company.id },
    });
    expect(oldEnded.json().data.applied).toBe(false);
    const sub = await s.app.inject({
      url: '/api/payments/list-subscription',
      headers: s.auth(a.admin.token),
    });
    expect(sub.json().data).toMatchObject({ plan: 'premium', objExtra: 1, status: 'active' });
    const newEnded = await signed('evt_new_end', 'customer.subscription.deleted', {
      id: 'sub_new',
      object: 'subscription',
      status: 'canceled',
      metadata: { companyId: a.company.id },
    });
    expect(newEnded.json().data.applied).toBe(true);
  });

  it('cancels at Stripe at the period end, takes it back, and follows a cancel made at Stripe', async () => {
    const a = await s.createInstallerCompany();
    const h = s.auth(a.admin.token);
    const signed = signedFor(a.company.id);
    const sub = `sub_cancel_${a.company.id}`;
    await signed('evt_buy', 'checkout.session.completed', completedFor(a.company.id, 'cus_c', sub, '0'));
    const updatesOf = () =>
      stripe.requests
        .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub}`)
        .map((r) => r.params.get('cancel_at_period_end'));

    const cancelled = await s.app.inject({
      method: 'POST',
      url: '/api/payments/cancel-subscription',
      headers: h,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });
    expect(updatesOf()).toEqual(['true']);
    const resumed = await s.app.inject({
      method: 'POST',
      url: '/api/payments/resume-subscription',
      headers: h,
    });
    expect(resumed.json().data.cancelAtPeriodEnd).toBe(false);
    expect(updatesOf()).toEqual(['true', 'false']);

    // Cancelled in Stripe's own customer portal: the webhook's subscription says so.
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    await signed('evt_portal_cancel', 'customer.subscription.updated', {
      id: sub,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: periodEnd,
      metadata: { companyId: a.company.id, obj: '0', pvsol: '0' },
    });
    const seen = await s.app.inject({ url: '/api/payments/list-subscription', headers: h });
    expect(seen.json().data).toMatchObject({
      plan: 'premium',
      cancelAtPeriodEnd: true,
      renewsAt: new Date(periodEnd * 1000).toISOString(),
    });
    // At the period's end Stripe deletes the subscription: Free.
    await signed('evt_period_over', 'customer.subscription.deleted', {
      id: sub,
      object: 'subscription',
      status: 'canceled',
      cancel_at_period_end: true,
      metadata: { companyId: a.company.id },
    });
    const over = await s.app.inject({ url: '/api/payments/list-subscription', headers: h });
    expect(over.json().data).toMatchObject({ plan: 'free', cancelAtPeriodEnd: false });
  });

  it('changes nothing when Stripe cannot take the cancellation', async () => {
    const a = await s.createInstallerCompany();
    const h = { ...s.auth(a.admin.token), 'accept-language': 'en' };
    await signedFor(a.company.id)(
      'evt_buy_broken',
      'checkout.session.completed',
      completedFor(a.company.id, 'cus_b', 'sub_broken', '0'),
    );
    const res = await s.app.inject({ method: 'POST', url: '/api/payments/cancel-subscription', headers: h });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/briefly unavailable/);
    const after = await s.app.inject({ url: '/api/payments/list-subscription', headers: h });
    expect(after.json().data).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });
    const [audit] = await s.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE company_id = $1 AND action LIKE 'plan.%'`,
      [a.company.id],
    );
    expect(audit?.n).toBe(0);
  });

  it('applies the same event delivered five times at once exactly once', async () => {
    const a = await s.createInstallerCompany();
    const id = `evt_burst_${a.company.id}`;
    const completed = event(id, 'checkout.session.completed', {
      id: 'cs_test_burst',
      object: 'checkout.session',
      client_reference_id: a.company.id,
      customer: 'cus_burst',
      subscription: 'sub_burst',
      metadata: { companyId: a.company.id, obj: '1', pvsol: '1' },
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(completed, Stripe.webhooks.generateTestHeaderString({ payload: completed, secret })),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((r) => r.json().data.applied === true)).toHaveLength(1);
    const [events] = await s.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_events WHERE id = $1',
      [id],
    );
    expect(events?.n).toBe(1);
  });
});

describe('without Stripe in production', () => {
  it('sells nothing (503 in the caller’s language) unless test payments are switched on', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const a = await prod.createInstallerCompany();
      const h = { ...prod.auth(a.admin.token), 'accept-language': 'de' };
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/payments/create-price',
        headers: h,
        payload: price(0, 0, 20_000),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'payments_not_configured',
        message: 'Tarife können noch nicht online gekauft werden. Bitte sprechen Sie uns an.',
      });
      const checkout = await prod.app.inject({
        method: 'POST',
        url: '/api/payments/create-checkout-session',
        headers: h,
        payload: { priceId: 'local_price_x', successUrl: 'http://x.test/', cancelUrl: 'http://x.test/' },
      });
      expect(checkout.statusCode).toBe(503);
      // The plan and its usage still read.
      const plan = await prod.app.inject({ url: '/api/payments/list-subscription', headers: h });
      expect(plan.json().data).toMatchObject({ plan: 'free' });
    } finally {
      await prod.close();
    }
    const staging = await createTestApp({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' });
    try {
      const a = await staging.createInstallerCompany();
      const res = await staging.app.inject({
        method: 'POST',
        url: '/api/payments/create-price',
        headers: staging.auth(a.admin.token),
        payload: price(0, 0, 20_000),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await staging.close();
    }
  });
});
