import type {
  ChangeRequest,
  ChangeRequestStatus,
  MaxMin,
  QuoteFilters,
  QuoteListQuery,
  QuoteUpdateRequest,
} from '@solar/shared';
import { sql } from 'drizzle-orm';
import { changeRequests, quotes } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { writeListAnswer } from '../../lib/response-serializer';
import { findQuoteById, toQuote } from './quotes.repository';
import { scopeFor } from './quotes.scope';
import { findQuotePage, findQuoteTotals, keptQuoteTotals } from './quotes.search';

/** A page of the caller's quotes with the search's totals: the answer's JSON text (`QuoteListResponse`). */
export async function listQuotes(
  ctx: AppContext,
  me: Principal,
  filters: QuoteFilters,
  paging: QuoteListQuery,
) {
  const { db } = ctx.database;
  const scope = scopeFor(me);
  const [{ docs, nextCursor }, maxMin] = await Promise.all([
    findQuotePage(db, scope, filters, paging),
    findQuoteTotals(db, scope, filters),
  ]);
  const pagination = {
    page: paging.page,
    limit: paging.limit,
    total: maxMin.count,
    totalPages: Math.ceil(maxMin.count / paging.limit),
    // From the page itself, so it holds beyond a capped count too.
    hasNextPage: nextCursor !== null,
    nextCursor,
  };
  // The quotes as PostgreSQL wrote them (quoteJsonSql); the totals hold the schema's properties.
  return writeListAnswer(docs, pagination, maxMin);
}

/** The number of quotes a search finds, up to QUOTE_COUNT_CAP (`isCapped` beyond). */
export async function totalQuotes(ctx: AppContext, me: Principal, filters: QuoteFilters) {
  return totalsAnswer(await findQuoteTotals(ctx.database.db, scopeFor(me), filters));
}

/**
 * The totals when they are kept and known current without asking the database, else undefined: the
 * route answers such a hit in the same turn, without a promise (decision 0015).
 */
export function keptTotalQuotes(ctx: AppContext, me: Principal, filters: QuoteFilters) {
  const kept = keptQuoteTotals(ctx.database.db, scopeFor(me), filters);
  return kept && totalsAnswer(kept);
}

function totalsAnswer(totals: MaxMin) {
  return { total: totals.count, isCapped: totals.isCapped };
}

export async function getQuote(ctx: AppContext, me: Principal, id: string) {
  const { db } = ctx.database;
  const scope = scopeFor(me);
  const row = await findQuoteById(db, scope, id);
  if (!row) throw notFound('quote_not_found');
  return toQuote(row, scope);
}

/** ADMIN changes a quote's planning status, verification, coverage, flags and marks. */
export async function updateQuote(ctx: AppContext, me: Principal, input: QuoteUpdateRequest) {
  if (me.role !== 'ADMIN') throw forbidden();
  const { db } = ctx.database;
  const set: Partial<typeof quotes.$inferInsert> = { updatedAt: new Date() };
  if (input.taskStatus) set.taskStatus = input.taskStatus;
  if (input.verification) set.verification = input.verification;
  if (input.solarCoverage) set.solarCoverage = input.solarCoverage;
  if (input.flagOfQuote) set.flags = input.flagOfQuote;
  if (input.isDuplicate !== undefined) set.isDuplicate = input.isDuplicate;
  if (input.isBlacklisted !== undefined) set.isBlacklisted = input.isBlacklisted;
  const updated = await db
    .update(quotes)
    .set(set)
    .where(sql`${quotes.id} = ${input.id}`)
    .returning({ id: quotes.id });
  if (updated.length === 0) throw notFound('quote_not_found');
  return getQuote(ctx, me, input.id);
}

export async function createChangeRequest(
  ctx: AppContext,
  me: Principal,
  quoteId: string,
  input: { reason: ChangeRequest['reason']; comment: string },
): Promise<ChangeRequest> {
  const { db } = ctx.database;
  await getQuote(ctx, me, quoteId); // visible to the caller, or 404
  if (!me.companyId) throw forbidden();
  const [row] = await db
    .insert(changeRequests)
    .values({ quoteId, companyId: me.companyId, userId: me.id, reason: input.reason, comment: input.comment })
    .returning({ id: changeRequests.id });
  if (!row) throw notFound();
  const [created] = await listChangeRequestRows(ctx, sql`cr.id = ${row.id}`);
  if (!created) throw notFound();
  return created;
}

async function listChangeRequestRows(
  ctx: AppContext,
  where: ReturnType<typeof sql>,
  orderBy = sql`cr.created_at DESC, cr.id`,
): Promise<ChangeRequest[]> {
  const result = await ctx.database.db.execute(sql`
    SELECT cr.id, cr.quote_id, q.short_id, q.address, c.name AS company_name, cr.reason, cr.comment, cr.status,
      cr.created_at, cr.resolved_at,
      COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.email) AS resolved_by_name
    FROM change_requests cr JOIN quotes q ON q.id = cr.quote_id JOIN companies c ON c.id = cr.company_id
      LEFT JOIN users u ON u.id = cr.resolved_by
    WHERE ${where} ORDER BY ${orderBy} LIMIT 500`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    _id: String(r.id),
    quoteId: String(r.quote_id),
    shortId: String(r.short_id),
    address: String(r.address),
    companyName: String(r.company_name),
    reason: r.reason as ChangeRequest['reason'],
    comment: String(r.comment),
    status: r.status as ChangeRequest['status'],
    createdAt: new Date(r.created_at as string).toISOString(),
    resolvedAt: r.resolved_at ? new Date(r.resolved_at as string).toISOString() : null,
    resolvedByName: r.resolved_by_name ? String(r.resolved_by_name) : null,
  }));
}

/** The newest 500 change requests of one status: open ones newest first, resolved ones latest resolved first. */
export function listChangeRequests(ctx: AppContext, status: ChangeRequestStatus) {
  const orderBy = status === 'resolved' ? sql`cr.resolved_at DESC NULLS LAST, cr.id` : undefined;
  return listChangeRequestRows(ctx, sql`cr.status = ${status}`, orderBy);
}

/** Marks an open change request resolved, by whom and when; 404 when it is not open (or not there). */
export async function resolveChangeRequest(ctx: AppContext, me: Principal, id: string) {
  await ctx.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(changeRequests)
      .set({ status: 'resolved', resolvedBy: me.id, resolvedAt: new Date() })
      .where(sql`${changeRequests.id} = ${id} AND ${changeRequests.status} = 'open'`)
      .returning({ companyId: changeRequests.companyId, resolvedAt: changeRequests.resolvedAt });
    if (!updated) throw notFound('change_request_not_found');
    // In the requesting company's log: its admin sees that the portal took care of it.
    await recordAudit(tx, {
      companyId: updated.companyId,
      userId: me.id,
      action: 'change_request.resolved',
      entityId: id,
      before: { status: 'open' },
      after: { status: 'resolved', resolvedAt: updated.resolvedAt },
    });
  });
}

/**
 * Opens a resolved change request again (the undo of resolving): back to open, who resolved it and
 * when are cleared from the request and kept in the audit log; 404 when it is not resolved (or not
 * there).
 */
export async function reopenChangeRequest(ctx: AppContext, me: Principal, id: string) {
  await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        companyId: changeRequests.companyId,
        resolvedBy: changeRequests.resolvedBy,
        resolvedAt: changeRequests.resolvedAt,
      })
      .from(changeRequests)
      .where(sql`${changeRequests.id} = ${id} AND ${changeRequests.status} = 'resolved'`)
      .for('update');
    if (!before) throw notFound('change_request_not_found');
    await tx
      .update(changeRequests)
      .set({ status: 'open', resolvedBy: null, resolvedAt: null })
      .where(sql`${changeRequests.id} = ${id}`);
    await recordAudit(tx, {
      companyId: before.companyId,
      userId: me.id,
      action: 'change_request.reopened',
      entityId: id,
      before: { status: 'resolved', resolvedBy: before.resolvedBy, resolvedAt: before.resolvedAt },
      after: { status: 'open' },
    });
  });
}
