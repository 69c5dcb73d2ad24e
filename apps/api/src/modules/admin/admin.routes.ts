import {
  CompanyCreateRequest,
  CompanyListQuery,
  CompanyListResponse,
  dataOf,
  InstallerDetails,
  PageQuery,
  Pagination,
  TeamMember,
} from '@solar/shared';
import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailMessages } from '../../db/schema';
import { createCompany, listCompanies } from './admin.service';

const MailMessage = z.object({
  id: z.number(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

/**
 * ADMIN reads what the built-in mail catcher received (when no SMTP_URL is set), lists the installer
 * companies and onboards a new one with its first admin.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/companies',
    {
      config: { access: ['ADMIN'] },
      schema: { querystring: CompanyListQuery, response: { 200: CompanyListResponse } },
    },
    async (req) => ({ data: await listCompanies(req.ctx, req.query) }),
  );

  app.post(
    '/admin/companies',
    {
      config: { access: ['ADMIN'] },
      schema: {
        body: CompanyCreateRequest,
        response: { 200: dataOf(z.object({ company: InstallerDetails, owner: TeamMember })) },
      },
    },
    async (req) => ({ data: await createCompany(req.ctx, req.body, req.lang) }),
  );

  app.get(
    '/admin/mails',
    {
      config: { access: ['ADMIN'] },
      schema: {
        querystring: PageQuery,
        response: { 200: dataOf(z.object({ docs: z.array(MailMessage), pagination: Pagination })) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const rows = await req.ctx.database.db
        .select()
        .from(mailMessages)
        .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const [count] = await req.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(mailMessages);
      const total = count?.n ?? 0;
      const totalPages = Math.ceil(total / limit);
      return {
        data: {
          docs: rows.map((m) => ({
            id: m.id,
            from: m.fromAddress,
            to: m.toAddress,
            subject: m.subject,
            text: m.text,
            createdAt: m.createdAt.toISOString(),
          })),
          pagination: { page, limit, total, totalPages, hasNextPage: page < totalPages },
        },
      };
    },
  );
};
