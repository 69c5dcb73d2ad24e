import { CustomerDeclineRequest, dataOf } from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { declineOffer } from './customer-decline.service';
import { callerOf } from './customer-preview';
import { acceptOffer, createCustomerLink, getCustomerView, openOfferPdf } from './customer-view.service';

const Token = z.string().min(20).max(600);

/**
 * The customer's view of an offer, reached by a signed, expiring link (docs/offers.md). Public, but a
 * logged-in user of the owning company, a platform ADMIN or a CITY_ADMIN sees a preview and may not
 * accept or decline (customer-preview.ts).
 */
export const customerViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/offers/customer-link',
    {
      config: { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] },
      schema: {
        body: z.object({ projectId: z.uuid() }),
        response: { 200: dataOf(z.object({ url: z.string(), token: z.string(), expiresAt: z.string() })) },
      },
    },
    async (req) => ({ data: await createCustomerLink(req.ctx, principalOf(req), req.body.projectId) }),
  );

  app.get(
    '/customer-view',
    { config: { access: 'public' }, schema: { querystring: z.object({ token: Token }) } },
    async (req) => ({ data: await getCustomerView(req.ctx, req.query.token, await callerOf(req)) }),
  );

  app.get(
    '/customer-view/pdf',
    { config: { access: 'public' }, schema: { querystring: z.object({ token: Token }) } },
    async (req, reply) => {
      const file = await openOfferPdf(req.ctx, req.query.token);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      return reply.send(file.stream);
    },
  );

  app.post(
    '/customer-view/accept',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({
          token: Token,
          offerId: z.uuid(),
          fullName: z.string().trim().min(3, { error: 'required' }).max(200),
          consent: z.literal(true, { error: 'consent_required' }),
        }),
      },
    },
    async (req) => ({
      data: await acceptOffer(req.ctx, {
        ...req.body,
        ip: req.ip,
        lang: req.lang,
        caller: await callerOf(req),
      }),
    }),
  );

  app.post(
    '/customer-view/decline',
    { config: { access: 'public' }, schema: { body: CustomerDeclineRequest } },
    async (req) => ({
      data: await declineOffer(req.ctx, {
        ...req.body,
        ip: req.ip,
        caller: await callerOf(req),
      }),
    }),
  );
};
