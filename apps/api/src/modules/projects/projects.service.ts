import {
  canMoveStage,
  type SavedProject,
  type SavedProjectUpdate,
  type SavedSearchBody,
  STAGE_TRANSITIONS,
  STAGES,
  type Stage,
} from '@solar/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { offerDeclines, projects, quotes, stageHistory, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { companyOf, type Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { writeListAnswer } from '../../lib/response-serializer';
import { versionedCache } from '../../lib/versioned-cache';
import { notify } from '../notifications/notifications.service';
import { findQuoteById } from '../quotes/quotes.repository';
import { scopeFor } from '../quotes/quotes.scope';
import {
  countByStage,
  findProject,
  findProjects,
  projectWhere,
  toSavedProject,
  totalsOf,
} from './projects.repository';

/**
 * A search's count and total cost, kept while `quote_data_version` stands still (any change to
 * quotes, or to a project's company, quote, deletion, stage or responsible user, moves it): paging
 * through results reads only the pages.
 */
const projectTotals = versionedCache<{ count: number; totalCost: number }>('quote_data_version', 2_000);

/** How many projects the company has (not deleted), kept as a search's totals are. */
async function companyProjects(db: DbOrTx, companyId: string): Promise<number> {
  const all = await projectTotals.get(db, [companyId, {}], () => totalsOf(db, projectWhere(companyId, {})));
  return all.count;
}

/** A page of the company's saved projects with the search's totals: the answer's JSON text (`SavedListResponse`). */
export async function searchProjects(
  ctx: AppContext,
  me: Principal,
  body: SavedSearchBody,
  q: { page: number; limit: number; sortColumn: string; sortOrder: 'asc' | 'desc' },
) {
  const { db } = ctx.database;
  const companyId = companyOf(me);
  const rows = await findProjects(
    db,
    companyId,
    body,
    { ...q, offset: (q.page - 1) * q.limit },
    await companyProjects(db, companyId),
  );
  const totals = await projectTotals.get(db, [companyId, body], () =>
    totalsOf(db, projectWhere(companyId, body)),
  );
  const totalPages = Math.ceil(totals.count / q.limit);
  const pagination = {
    page: q.page,
    limit: q.limit,
    total: totals.count,
    totalPages,
    hasNextPage: q.page < totalPages,
  };
  return writeListAnswer(
    rows.map((r) => r.doc),
    pagination,
    totals,
  );
}

export async function getProject(ctx: AppContext, me: Principal, id: string) {
  const { db } = ctx.database;
  const row = await findProject(db, companyOf(me), id);
  if (!row) throw notFound('project_not_found');
  const history = await db
    .select({
      from: stageHistory.fromStage,
      to: stageHistory.toStage,
      at: stageHistory.createdAt,
      byCustomer: stageHistory.byCustomer,
      first: users.firstName,
      last: users.lastName,
    })
    .from(stageHistory)
    .leftJoin(users, eq(users.id, stageHistory.userId))
    .where(eq(stageHistory.projectId, id))
    .orderBy(stageHistory.createdAt, stageHistory.id);
  const [decline] = await db
    .select()
    .from(offerDeclines)
    .where(eq(offerDeclines.projectId, id))
    .orderBy(desc(offerDeclines.declinedAt))
    .limit(1);
  return {
    ...toSavedProject(row),
    customerDecline: decline
      ? {
          offerVersion: decline.offerVersion,
          reason: decline.reason,
          declinedAt: decline.declinedAt.toISOString(),
        }
      : null,
    history: history.map((h) => ({
      from: h.from as Stage | null,
      to: h.to as Stage,
      by: [h.first, h.last].filter(Boolean).join(' '),
      byCustomer: h.byCustomer,
      at: h.at.toISOString(),
    })),
  };
}

/** Saves a visible quote as the company's project (idempotent: an existing project is returned). */
export async function saveQuote(ctx: AppContext, me: Principal, quoteId: string) {
  const { db } = ctx.database;
  const companyId = companyOf(me);
  const scope = scopeFor(me);
  const quote = await findQuoteById(db, scope, quoteId);
  if (!quote) throw notFound('quote_not_found');
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: projects.id, isDeleted: projects.isDeleted })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.quoteId, quoteId)));
    if (existing) {
      if (existing.isDeleted) {
        await tx
          .update(projects)
          .set({ isDeleted: false, updatedAt: new Date() })
          .where(eq(projects.id, existing.id));
      }
      return existing.id;
    }
    const [created] = await tx
      .insert(projects)
      .values({ companyId, quoteId, responsibleUserId: me.id })
      .returning();
    if (!created) throw new AppError(418, 'something_wrong');
    await tx
      .insert(stageHistory)
      .values({ projectId: created.id, fromStage: null, toStage: 'ACQUISITION', userId: me.id });
    return created.id;
  });
  return getProject(ctx, me, id);
}

/** Moves a project to another stage, if the rule and the role allow it, and records the move. */
async function moveStage(tx: Tx, me: Principal, projectId: string, from: Stage, to: Stage) {
  if (from === to) return;
  const stages = { from: `stage_${from}`, to: `stage_${to}` };
  if (!STAGE_TRANSITIONS[from].includes(to)) throw new AppError(400, 'stage_move_refused', undefined, stages);
  // A refusal for the role, not of the move itself: 403, so the web reads the user again (the role may
  // have changed since the screen was drawn); the message still names both stages.
  if (!canMoveStage(me.role, from, to)) throw new AppError(403, 'stage_move_role', undefined, stages);
  await applyStageMove(tx, { projectId, from, to, userId: me.id });
}

/**
 * The stage move itself, for a user's move (after the role rule) and the customer's (a decline through
 * the customer view, `userId` null): refuses what `STAGE_TRANSITIONS` does not allow, then sets the
 * stage and writes its `stage_history` row and the audit-log entry (`after` may say more, e.g. the
 * customer's reason) — in the caller's transaction.
 */
export async function applyStageMove(
  tx: Tx,
  move: {
    projectId: string;
    from: Stage;
    to: Stage;
    userId: string | null;
    /** The customer's own move (a decline in the customer view); `userId` is then null. */
    byCustomer?: boolean;
    detail?: Record<string, unknown>;
  },
) {
  const { projectId, from, to, userId } = move;
  if (!STAGE_TRANSITIONS[from].includes(to)) {
    throw new AppError(400, 'stage_move_refused', undefined, { from: `stage_${from}`, to: `stage_${to}` });
  }
  const [moved] = await tx
    .update(projects)
    .set({
      stage: to,
      isMatched: sql`${projects.isMatched} OR ${to !== 'ACQUISITION'}`,
      updatedAt: new Date(),
    })
    .where(eq(projects.id, projectId))
    .returning({ companyId: projects.companyId });
  await tx
    .insert(stageHistory)
    .values({ projectId, fromStage: from, toStage: to, userId, byCustomer: move.byCustomer ?? false });
  if (moved) {
    await recordAudit(tx, {
      companyId: moved.companyId,
      userId,
      action: 'project.stage',
      entityId: projectId,
      before: { stage: from },
      after: { stage: to, ...move.detail },
    });
  }
}

export async function updateProject(ctx: AppContext, me: Principal, id: string, input: SavedProjectUpdate) {
  const { db } = ctx.database;
  const companyId = companyOf(me);
  await db.transaction(async (tx) => {
    const [project] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.companyId, companyId), eq(projects.isDeleted, false)))
      .for('update');
    if (!project) throw notFound('project_not_found');
    if (input.responsibleUserId) {
      const [member] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, input.responsibleUserId),
            eq(users.companyId, companyId),
            eq(users.isDisabled, false),
          ),
        );
      if (!member)
        throw badRequest('responsible_not_in_company', { responsibleUserId: 'responsible_not_in_company' });
    }
    const set: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
    if (input.responsibleUserId !== undefined) set.responsibleUserId = input.responsibleUserId;
    if (input.customerTarget !== undefined) set.customerTarget = input.customerTarget;
    if (input.notes !== undefined) set.notes = input.notes;
    await tx.update(projects).set(set).where(eq(projects.id, id));
    if (input.projectStatus) await moveStage(tx, me, id, project.stage as Stage, input.projectStatus);
    if (input.responsibleUserId && input.responsibleUserId !== project.responsibleUserId) {
      const [quote] = await tx
        .select({ address: quotes.address })
        .from(quotes)
        .where(eq(quotes.id, project.quoteId));
      await notify(tx, ctx.config, [
        {
          companyId,
          userId: input.responsibleUserId,
          actorId: me.id,
          kind: 'project_assigned',
          projectId: id,
          title: quote?.address ?? '',
        },
      ]);
    }
  });
  return getProject(ctx, me, id);
}

export async function updateComponents(ctx: AppContext, me: Principal, id: string, components: unknown[]) {
  const updated = await ctx.database.db
    .update(projects)
    .set({ components, updatedAt: new Date() })
    .where(and(eq(projects.id, id), eq(projects.companyId, companyOf(me)), eq(projects.isDeleted, false)))
    .returning({ id: projects.id });
  if (updated.length === 0) throw notFound('project_not_found');
  return getProject(ctx, me, id);
}

/** Soft-deletes the company's projects among `ids`; others' ids are ignored (never revealed). */
/**
 * PUT /saved-project/delete: all of the listed projects or none, like the catalogue's and the board's
 * bulk deletes: an id that is not one of the company's projects (another company's, unknown) refuses
 * the whole call with 404 rather than answering "deleted" for what was left alone. One already
 * deleted counts as deleted. Returns how many were asked for (distinct ids).
 */
export async function deleteProjects(ctx: AppContext, me: Principal, ids: string[]) {
  if (me.role === 'INSTALLER') throw forbidden();
  const companyId = companyOf(me);
  const unique = [...new Set(ids)];
  await ctx.database.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, unique), eq(projects.companyId, companyId)))
      .for('update');
    if (found.length !== unique.length) throw notFound('project_not_found');
    await tx
      .update(projects)
      .set({ isDeleted: true, updatedAt: new Date() })
      .where(
        and(inArray(projects.id, unique), eq(projects.companyId, companyId), eq(projects.isDeleted, false)),
      );
  });
  return unique.length;
}

/** The kanban: the company's projects grouped by stage, each bucket bounded to `limit`. */
export async function matchedBuckets(
  ctx: AppContext,
  me: Principal,
  body: SavedSearchBody,
  q: { page: number; limit: number },
) {
  const { db } = ctx.database;
  const companyId = companyOf(me);
  const buckets = {} as Record<Stage, SavedProject[]>;
  const counts = {} as Record<Stage, number>;
  const all = await companyProjects(db, companyId);
  for (const stage of STAGES) {
    const stageBody = { ...body, stage: [stage] };
    const where = projectWhere(companyId, stageBody);
    const rows = await findProjects(
      db,
      companyId,
      stageBody,
      { sortColumn: 'updatedAt', sortOrder: 'desc', limit: q.limit, offset: (q.page - 1) * q.limit },
      all,
    );
    buckets[stage] = rows.map((r) => JSON.parse(r.doc) as SavedProject);
    counts[stage] = (await totalsOf(db, where)).count;
  }
  const total = Math.max(...Object.values(counts));
  const totalPages = Math.ceil(total / q.limit);
  return {
    buckets,
    counts,
    pagination: { page: q.page, limit: q.limit, total, totalPages, hasNextPage: q.page < totalPages },
  };
}

export async function dashboardStats(ctx: AppContext, me: Principal) {
  const { db } = ctx.database;
  const companyId = companyOf(me);
  const counts = await countByStage(db, companyId);
  const value = await db.execute(sql`SELECT coalesce(sum(q.total_cost), 0) AS v FROM projects p
    JOIN quotes q ON q.id = p.quote_id
    WHERE p.company_id = ${companyId} AND NOT p.is_deleted AND p.stage IN ('OFFER_PROVIDED', 'INSTALLER_SIGNED')`);
  const offered =
    counts.OFFER_PROVIDED + counts.INSTALLER_SIGNED + counts.PROJECT_REALIZED + counts.OFFER_NOT_ACCEPTED;
  const signed = counts.INSTALLER_SIGNED + counts.PROJECT_REALIZED;
  const monthly = await db.execute(sql`
    SELECT to_char(m, 'YYYY-MM') AS month,
      (SELECT count(*)::int FROM projects p WHERE p.company_id = ${companyId} AND NOT p.is_deleted
         AND date_trunc('month', p.created_at) = m) AS created,
      -- Each project once a month (signed again after 'not accepted' is still one), deleted ones not, as 'created'.
      (SELECT count(DISTINCT h.project_id)::int FROM stage_history h JOIN projects p ON p.id = h.project_id
         WHERE p.company_id = ${companyId} AND NOT p.is_deleted AND h.to_stage = 'INSTALLER_SIGNED'
           AND date_trunc('month', h.created_at) = m) AS signed
    FROM generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') m
    ORDER BY m`);
  return {
    counts,
    pipelineValue: Number((value as unknown as { rows: { v: number }[] }).rows[0]?.v ?? 0),
    conversionRate: offered === 0 ? 0 : signed / offered,
    monthly: (monthly as unknown as { rows: { month: string; created: number; signed: number }[] }).rows.map(
      (r) => ({
        month: r.month,
        created: Number(r.created),
        signed: Number(r.signed),
      }),
    ),
  };
}
