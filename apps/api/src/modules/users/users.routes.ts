import {
  BUILDING_TYPES,
  CONSTANTS,
  ConstantsResponse,
  CurrentUserResponse,
  dataOf,
  LanguageRequest,
  MeetingRequest,
  MessageResponse,
  OnboardingRequest,
  PARTNER_TIERS,
  Pagination,
  PersonalDetailsRequest,
  PRICING_STRATEGIES,
  PRODUCT_TYPES,
  QUOTE_FLAGS,
  TeamMember,
  UserSearchQuery,
} from '@solar/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { principalOf } from '../../lib/auth-hook';
import { notFound } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import { translate } from '../../lib/messages';
import { loadUserView, searchUsers, toTeamMember } from './users.repository';

/** Changes fields of the caller's own user row and answers the user as `GET /user` does. */
async function updateOwnProfile(req: FastifyRequest, fields: Partial<typeof users.$inferInsert>) {
  const me = principalOf(req);
  const view = await req.ctx.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, me.id));
    return loadUserView(tx, me.id);
  });
  if (!view) throw notFound('user_not_found');
  return { data: view };
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    { config: { access: 'any' }, schema: { response: { 200: CurrentUserResponse } } },
    async (req) => {
      const view = await loadUserView(req.ctx.database.db, principalOf(req).id);
      if (!view) throw notFound('user_not_found');
      return { data: view };
    },
  );

  app.put(
    '/user/update/personal-details',
    {
      config: { access: 'any' },
      schema: { body: PersonalDetailsRequest, response: { 200: CurrentUserResponse } },
    },
    async (req) => {
      const b = req.body;
      return updateOwnProfile(req, {
        firstName: b.firstName,
        lastName: b.lastName,
        address: b.address,
        phone: b.phone,
        ...(b.image !== undefined ? { image: b.image } : {}),
        ...(b.preferredLanguage ? { preferredLanguage: b.preferredLanguage } : {}),
        ...(b.notifyByEmail !== undefined ? { notifyByEmail: b.notifyByEmail } : {}),
      });
    },
  );

  /**
   * The language the user chose in the sidebar, kept on the profile so what the server sends them
   * (password links, notices) follows it; only the caller's own profile.
   */
  app.put(
    '/user/language',
    {
      config: { access: 'any' },
      schema: { body: LanguageRequest, response: { 200: CurrentUserResponse } },
    },
    async (req) => {
      return updateOwnProfile(req, { preferredLanguage: req.body.preferredLanguage });
    },
  );

  /** The first-login tour (docs/onboarding.md): finished or skipped, or shown again from the help page. */
  app.put(
    '/user/onboarding',
    {
      config: { access: 'any' },
      schema: { body: OnboardingRequest, response: { 200: CurrentUserResponse } },
    },
    async (req) => {
      return updateOwnProfile(req, { onboardedAt: req.body.done ? new Date() : null });
    },
  );

  /**
   * Searches users by name or e-mail (`installerPartner` is the search term, as SPEC §7 writes it).
   * Installer roles search their own company; ADMIN searches everyone.
   */
  app.put(
    '/user/search',
    {
      config: { access: ['ADMIN', 'INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] },
      schema: {
        querystring: UserSearchQuery,
        response: { 200: dataOf(z.object({ docs: z.array(TeamMember), pagination: Pagination })) },
      },
    },
    async (req) => {
      const me = principalOf(req);
      const { installerPartner: term, page, limit } = req.query;
      const companyId = me.role === 'ADMIN' ? null : me.companyId;
      if (me.role !== 'ADMIN' && !companyId) return { data: emptyPage(page, limit) };
      const { rows, total } = await searchUsers(req.ctx.database.db, { term, companyId, page, limit });
      const totalPages = Math.ceil(total / limit);
      return {
        data: {
          docs: rows.map(toTeamMember),
          pagination: { page, limit, total, totalPages, hasNextPage: page < totalPages },
        },
      };
    },
  );

  app.post(
    '/meeting-request',
    { config: { access: 'any' }, schema: { body: MeetingRequest, response: { 200: MessageResponse } } },
    async (req) => {
      const me = principalOf(req);
      const view = await loadUserView(req.ctx.database.db, me.id);
      if (!view) throw notFound('user_not_found');
      const u = view.user;
      const lines = [
        `${u.firstName} ${u.lastName} <${u.email}>`,
        `${u.companyName ?? u.role} · ${u.address}`,
        `Phone: ${req.body.phone || u.phone}`,
        `Preferred time: ${req.body.preferredTime}`,
        '',
        req.body.message,
      ];
      await enqueueJob(req.ctx.database.db, req.ctx.config.JOB_QUEUE, 'send-mail', {
        to: req.ctx.config.SUPPORT_EMAIL,
        subject: `Meeting request: ${u.firstName} ${u.lastName}`,
        text: lines.join('\n'),
      });
      return { data: { message: translate('meeting_requested', req.lang) } };
    },
  );

  app.get(
    '/constant',
    { config: { access: 'any' }, schema: { response: { 200: ConstantsResponse } } },
    async () => ({
      data: {
        freeDownloadCount: CONSTANTS.freeDownloadCount,
        properties: {
          buildingTypes: [...BUILDING_TYPES],
          partnerTiers: [...PARTNER_TIERS],
          quoteFlags: [...QUOTE_FLAGS],
          productTypes: [...PRODUCT_TYPES],
          pricingStrategies: [...PRICING_STRATEGIES],
        },
        customerAppUrl: app.ctx.config.CUSTOMER_APP_URL,
        planning3dUrl: app.ctx.config.PLANNING_3D_URL,
        meetingUrl: app.ctx.config.MEETING_URL ?? '',
      },
    }),
  );
};

function emptyPage(page: number, limit: number) {
  return { docs: [], pagination: { page, limit, total: 0, totalPages: 0, hasNextPage: false } };
}
