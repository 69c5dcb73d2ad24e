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
  it('a change of extras through a new checkout survives the end of the subscription it replaced', async () => {
    const a = await s.createInstallerCompany();
    const signed = async (id: string, type: string, object: object) => {
      const payload = event(`${id}_${a.company.id}`, type, object);
      return send(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
    };
    const checkout = (sub: string, obj: string) => ({
      id: `cs_${sub}`,
      object: 'checkout.session',
      client_reference_id: a.company.id,
      customer: 'cus_change',
      subscription: sub,
      metadata: { companyId: a.company.id, obj, pvsol: '0' },
    });
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
