import {
  addressWithCity,
  CustomerRequest,
  dataOf,
  PartnerLookupParams,
  PartnerLookupResponse,
} from '@solar/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companies } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { translate } from '../../lib/messages';
import { createPartnerProject } from './partner-request';
import { takePartnerLookupSlot, takeQuoteRequestSlot } from './quote-request-limit';

const SHORT_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newShortId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return Array.from(bytes, (b) => SHORT_ID_ALPHABET[b % SHORT_ID_ALPHABET.length]).join('');
}

/**
 * The customer application's quote request (the page 'New project' opens when no external
 * CUSTOMER_APP_URL is set). The request becomes a quote that installers nearby see; with a partner
 * slug it is that company's project instead, which no other company sees (migration 0032) and whose
 * admins and sales people are told (partner-request.ts). The form is public, so each client address may send
 * QUOTE_REQUESTS_PER_HOUR of them within an hour (quote-request-limit.ts); more answer 429 with
 * Retry-After and write nothing, so nobody can flood the installers' leads and their mails. A slug
 * that names no company is ignored: the request goes to the installers nearby like one without.
 */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The request page asks as it opens whether its partner link names a company, to say who gets the
   * request: the company's display name, nothing more, or 404 `partner_not_found`. Each client address
   * may ask PARTNER_LOOKUPS_PER_HOUR times within an hour, found or not (the count comes first, so a
   * 429 tells nothing about the slug), so the slugs cannot be tried out quickly.
   */
  app.get(
    '/public/partner/:slug',
    {
      config: { access: 'public' },
      schema: { params: PartnerLookupParams, response: { 200: PartnerLookupResponse } },
    },
    async (req, reply) => {
      const found = await req.ctx.database.rawTransaction(async (query) => {
        const retryAfter = await takePartnerLookupSlot(
          query,
          req.ip,
          req.ctx.config.PARTNER_LOOKUPS_PER_HOUR,
        );
        if (retryAfter !== null) {
          reply.header('retry-after', String(retryAfter));
          throw new AppError(429, 'too_many_partner_lookups');
        }
        const [company] = await query<{ name: string }>('SELECT name FROM companies WHERE slug = $1', [
          req.params.slug,
        ]);
        return company;
      });
      // Thrown after the transaction: a look-up of an unknown slug is counted like any other.
      if (!found) throw new AppError(404, 'partner_not_found');
      return { data: { name: found.name } };
    },
  );

  app.post(
    '/public/quote-request',
    {
      config: { access: 'public' },
      schema: {
        body: CustomerRequest,
        response: { 200: dataOf(z.object({ shortId: z.string(), message: z.string() })) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      // A rough first estimate the planners refine: 1 kWp per 1,000 kWh, 1,600 € per kWp.
      const kwp = Math.max(3, b.consumption / 1000);
      const shortId = newShortId();
      const partner = b.partner
        ? (
            await req.ctx.database.db
              .select({ id: companies.id, name: companies.name })
              .from(companies)
              .where(eq(companies.slug, b.partner))
          )[0]
        : undefined;
      await req.ctx.database.rawTransaction(async (query) => {
        // Counted in the quote's transaction: a request that fails later leaves no count either.
        const retryAfter = await takeQuoteRequestSlot(query, req.ip, req.ctx.config.QUOTE_REQUESTS_PER_HOUR);
        if (retryAfter !== null) {
          reply.header('retry-after', String(retryAfter));
          throw new AppError(429, 'too_many_quote_requests');
        }
        const [quote] = await query<{ id: string }>(
          `INSERT INTO quotes (short_id, address, postal_code, city, latitude, longitude, status, building_type,
             roof_type, people, consumption, total_cost, rating, price_per_kwh, feed_in_tariff,
             customer_first_name, customer_last_name, customer_email, customer_phone, requested_company_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0.35, 0.082, $14, $15, $16, $17, $18)
           RETURNING id`,
          [
            shortId,
            b.address,
            b.postalCode,
            b.city,
            b.lat,
            b.long,
            partner ? 'INSTALLER_REQUESTED' : 'USER_HAS_ACCESSED',
            b.buildingType,
            b.roofType,
            b.people,
            b.consumption,
            Math.round(kwp * 1600),
            3,
            b.firstName,
            b.lastName,
            b.email,
            b.phone,
            partner?.id ?? null,
          ],
        );
        if (!quote) throw new AppError(418, 'something_wrong');
        if (partner) {
          await createPartnerProject(query, req.ctx.config, {
            companyId: partner.id,
            quoteId: quote.id,
            title: addressWithCity(b.address, b.city),
            customerName: `${b.firstName} ${b.lastName}`,
          });
        }
      });
      // A partner's request goes to that company, not to the installers nearby: the thanks names it.
      const message = partner
        ? translate('quote_request_received_partner', req.lang).replace('{name}', partner.name)
        : translate('quote_request_received', req.lang);
      return { data: { shortId, message } };
    },
  );
};
