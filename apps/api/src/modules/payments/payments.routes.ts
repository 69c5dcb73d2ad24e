import {
  CreateCheckoutRequest,
  CreatePriceRequest,
  dataOf,
  LocalCheckoutSession,
  premiumPrice,
  Subscription,
} from '@solar/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { localCheckoutSessions, localPrices } from '../../db/schema';
import { principalOf } from '../../lib/auth-hook';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import {
  applyPaymentEvent,
  assertPlanChange,
  checkPrice,
  getSubscription,
  localCheckoutStatus,
  providerCustomerOf,
  setPlanCancellation,
} from './payments.service';

const buyers = { access: ['INSTALLER_ADMIN'] } as const;
const installers = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/create-price',
    {
      config: buyers,
      schema: { body: CreatePriceRequest, response: { 200: dataOf(z.object({ id: z.string() })) } },
    },
    async (req) => {
      const me = principalOf(req);
      if (!me.companyId) throw forbidden();
      const { unit_amount, metadata } = req.body;
      checkPrice(unit_amount, metadata.obj, metadata.pvsol);
      await assertPlanChange(req.ctx.database.db, me.companyId, metadata.obj, metadata.pvsol);
      return { data: await req.ctx.payments.createPrice({ unitAmount: unit_amount, ...metadata }) };
    },
  );

  app.post(
    '/payments/create-checkout-session',
    {
      config: buyers,
      schema: {
        body: CreateCheckoutRequest,
        response: { 200: dataOf(z.object({ id: z.string(), url: z.string() })) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      if (!me.companyId) throw forbidden();
      // The extras come from the price the provider keeps (made by create-price), never from the
      // request: a 200 € price with metadata asking for 100 extra PVSol would otherwise pay for them.
      const price = await req.ctx.payments.retrievePrice(req.body.priceId);
      if (!price) throw badRequest('checkout_not_found', { priceId: 'checkout_not_found' });
      const { obj, pvsol } = price;
      if (!Number.isInteger(obj) || !Number.isInteger(pvsol) || obj < 0 || pvsol < 0)
        throw badRequest('invalid_input');
      // A price of the account that is not Premium's monthly euro price for these extras bills
      // something else than the plan it would give.
      if (price.currency !== 'eur' || price.interval !== 'month') {
        throw badRequest('price_mismatch', { priceId: 'price_mismatch' });
      }
      if (premiumPrice(obj, pvsol).monthlyCents !== price.unitAmount) {
        throw badRequest('price_mismatch', { priceId: 'price_mismatch' });
      }
      await assertPlanChange(req.ctx.database.db, me.companyId, obj, pvsol);
      const session = await req.ctx.payments.createCheckoutSession({
        priceId: req.body.priceId,
        companyId: me.companyId,
        successUrl: req.body.successUrl,
        cancelUrl: req.body.cancelUrl,
        obj,
        pvsol,
        customerId:
          req.ctx.payments.name === 'stripe'
            ? await providerCustomerOf(req.ctx.database.db, me.companyId)
            : null,
      });
      return { data: session };
    },
  );

  app.get(
    '/payments/list-subscription',
    { config: installers, schema: { response: { 200: dataOf(Subscription) } } },
    async (req) => {
      const me = principalOf(req);
      if (!me.companyId) throw forbidden();
      return { data: await getSubscription(req.ctx, me.companyId) };
    },
  );

  // Cancelling Premium at the end of its paid period, and taking that back before it ends.
  for (const [path, cancel] of [
    ['/payments/cancel-subscription', true],
    ['/payments/resume-subscription', false],
  ] as const) {
    app.post(path, { config: buyers, schema: { response: { 200: dataOf(Subscription) } } }, async (req) => {
      const me = principalOf(req);
      if (!me.companyId) throw forbidden();
      await setPlanCancellation(req.ctx, me.companyId, me.id, cancel, req.log);
      return { data: await getSubscription(req.ctx, me.companyId) };
    });
  }

  // The local test provider's checkout: the page reads the session, the buyer confirms it.
  const findLocalSession = async (db: Db, id: string, companyId: string) => {
    const [row] = await db
      .select({ s: localCheckoutSessions, p: localPrices })
      .from(localCheckoutSessions)
      .innerJoin(localPrices, eq(localPrices.id, localCheckoutSessions.priceId))
      .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.companyId, companyId)));
    if (!row) throw notFound('checkout_not_found');
    return row;
  };
  app.get(
    '/payments/local-checkout/:id',
    {
      config: buyers,
      schema: {
        params: z.object({ id: z.string().max(200) }),
        response: { 200: dataOf(LocalCheckoutSession) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      if (!me.companyId) throw forbidden();
      const { s, p } = await findLocalSession(req.ctx.database.db, req.params.id, me.companyId);
      return {
        data: {
          id: s.id,
          status: localCheckoutStatus(s),
          amountCents: p.unitAmount,
          obj: p.obj,
          pvsol: p.pvsol,
          successUrl: s.successUrl,
          cancelUrl: s.cancelUrl,
        },
      };
    },
  );
  app.post(
    '/payments/local-checkout/:id/complete',
    {
      config: buyers,
      schema: { params: z.object({ id: z.string().max(200) }), response: { 200: dataOf(Subscription) } },
    },
    async (req) => {
      const me = principalOf(req);
      if (!me.companyId || req.ctx.payments.name !== 'local') throw forbidden();
      const { db } = req.ctx.database;
      const { s, p } = await findLocalSession(db, req.params.id, me.companyId);
      // A paid session is never paid again, an expired one not at all, and a session for the plan the
      // company has meanwhile (paid in another tab) would bill it twice.
      const status = localCheckoutStatus(s);
      if (status === 'complete') throw new AppError(409, 'checkout_completed');
      if (status === 'expired') throw new AppError(409, 'checkout_expired');
      await assertPlanChange(db, me.companyId, p.obj, p.pvsol);
      // Only one of two concurrent confirmations closes the session (and applies the event).
      const closed = await db
        .update(localCheckoutSessions)
        .set({ status: 'complete' })
        .where(and(eq(localCheckoutSessions.id, s.id), eq(localCheckoutSessions.status, 'open')))
        .returning({ id: localCheckoutSessions.id });
      if (closed.length === 0) throw new AppError(409, 'checkout_completed');
      // The same path a Stripe webhook takes; the event id keeps it to one change per session.
      await applyPaymentEvent(
        req.ctx,
        {
          id: `local_evt_${s.id}`,
          type: 'activated',
          companyId: me.companyId,
          obj: p.obj,
          pvsol: p.pvsol,
          customerId: null,
          subscriptionId: s.id,
          periodEnd: null,
        },
        'local',
      );
      return { data: await getSubscription(req.ctx, me.companyId) };
    },
  );

  // Stripe's webhook needs the raw body to check the signature.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/payments/webhook', { config: { access: 'public' } }, async (req) => {
      if (req.ctx.payments.name !== 'stripe') throw notFound();
      let event: ReturnType<typeof req.ctx.payments.parseWebhook>;
      try {
        event = req.ctx.payments.parseWebhook(
          req.body as Buffer,
          req.headers['stripe-signature'] as string | undefined,
        );
      } catch (err) {
        req.log.warn({ err }, 'stripe webhook refused');
        throw new AppError(400, 'invalid_signature');
      }
      const result = await applyPaymentEvent(req.ctx, event, 'stripe');
      return { data: { received: true, applied: result.applied } };
    });
  });
};
