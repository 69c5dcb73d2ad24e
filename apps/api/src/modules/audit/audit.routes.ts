import { AuditListResponse, AuditQuery } from '@solar/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog, users } from '../../db/schema';
import { principalOf } from '../../lib/auth-hook';
import { forbidden } from '../../lib/errors';

/** The keyset's time, at the millisecond a cursor can carry (PostgreSQL keeps microseconds). */
const at = sql`date_trunc('milliseconds', ${auditLog.createdAt})`;

/**
 * GET /audit (docs/security.md "Audit log"): who changed a stage, a price or an access right, and
 * when. A company admin reads the company's entries; ADMIN reads every company's (or one).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: ['INSTALLER_ADMIN', 'ADMIN'] },
      schema: { querystring: AuditQuery, response: { 200: AuditListResponse } },
    },
    async (req) => {
      const me = principalOf(req);
      const conditions: SQL[] = [];
      if (me.role === 'ADMIN') {
        if (req.query.companyId) conditions.push(eq(auditLog.companyId, req.query.companyId));
      } else {
        if (!me.companyId) throw forbidden();
        conditions.push(eq(auditLog.companyId, me.companyId));
      }
      if (req.query.cursor) {
        const [time, id] = req.query.cursor.split('|') as [string, string];
        const when = new Date(time).toISOString();
        conditions.push(
          sql`(${at} < ${when}::timestamptz OR (${at} = ${when}::timestamptz AND ${auditLog.id} < ${id}))`,
        );
      }
      const rows = await req.ctx.database.db
        .select({
          id: auditLog.id,
          companyId: auditLog.companyId,
          action: auditLog.action,
          entityId: auditLog.entityId,
          userId: auditLog.userId,
          first: users.firstName,
          last: users.lastName,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(at), desc(auditLog.id))
        .limit(req.query.limit + 1);
      const page = rows.slice(0, req.query.limit);
      const last = page[page.length - 1];
      return {
        data: {
          docs: page.map((r) => ({
            _id: r.id,
            companyId: r.companyId,
            action: r.action,
            entityId: r.entityId,
            userId: r.userId,
            userName: r.userId ? `${r.first ?? ''} ${r.last ?? ''}`.trim() : null,
            before: r.before,
            after: r.after,
            createdAt: r.createdAt.toISOString(),
          })),
          nextCursor:
            rows.length > req.query.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
        },
      };
    },
  );
};
