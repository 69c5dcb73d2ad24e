import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

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
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${id}/complete`,
      headers: h,
    });
    expect(again.json().data.plan).toBe('premium');
    const events = await t.database.query(`SELECT 1 FROM payment_events WHERE company_id = $1`, [
      a.company.id,
    ]);
    expect(events).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/api/payments/list-subscription', headers: t.auth(a.sales.token) })).json()
        .data.plan,
    ).toBe('premium');
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

describe('Stripe webhooks', () => {
  const secret = 'whsec_test_secret_for_signatures';
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_not_used_for_webhooks',
      STRIPE_WEBHOOK_SECRET: secret,
    });
  });
  afterAll(() => s.close());

  const send = (payload: string, signature: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const event = (id: string, type: string, object: object) =>
    JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: 1, data: { object } });

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
