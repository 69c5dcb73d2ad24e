import {
  type Board,
  type Calculations,
  type Column,
  LANGUAGES,
  type Language,
  type View,
  type ViewCreateRequest,
  type ViewEditRequest,
} from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import { orderedColumns, TASK_BOARD_NAMES } from './board.columns';
import { boardCompany } from './board.policy';
import { assertProject } from './board.records';
import { companyName, loadColumns, syncProjectRecords, toUserProperties } from './board.repository';
import { iso, rowsOf } from './board.sql';
import { VIEW_INDEX_JOB } from './board.view-index';

/** Brings the company's view indexes in line with its views once this transaction commits. */
const scheduleViewIndexes = (ctx: AppContext, db: DbOrTx, companyId: string, board: Board) =>
  enqueueJob(db, ctx.config.JOB_QUEUE, VIEW_INDEX_JOB, { companyId, board });

/**
 * The name of the first view every user gets (SPEC §3: the default tab), in the language the user
 * opens the board in; it is their own view, named as any other once created.
 */
export const DEFAULT_VIEW_NAMES: Record<Language, string> = {
  en: 'Project Management',
  de: 'Projektmanagement',
  es: 'Gestión de proyectos',
};

/**
 * What a user's first view sums in its summary row (docs/board.md "Calculations"): the effort of
 * the tasks board (its estimate column, in whichever language the board was made) or the projects'
 * total cost; nothing when the company has renamed or retyped that column.
 */
export function defaultCalculations(board: Board, columns: Record<string, Column>): Calculations {
  const keys = board === 'projects' ? ['Total cost'] : LANGUAGES.map((l) => TASK_BOARD_NAMES[l].estimate);
  const key = keys.find((k) => columns[k]?.dataType === 'number');
  return key ? { [key]: 'sum' } : {};
}

interface ViewRow {
  id: string;
  board: Board;
  project_id: string | null;
  user_id: string;
  name: string;
  view_type: View['viewType'];
  filters: View['filters'];
  sort: View['sort'];
  hidden_properties: string[];
  group_by: string | null;
  sum_property: string | null;
  order: string[];
  width: Record<string, number>;
  calculations: View['calculations'];
  position: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const toView = (r: ViewRow): View => ({
  _id: r.id,
  board: r.board,
  projectId: r.project_id,
  userId: r.user_id,
  name: r.name,
  viewType: r.view_type,
  filters: r.filters,
  sort: r.sort,
  hiddenProperties: r.hidden_properties,
  groupBy: r.group_by,
  sumProperty: r.sum_property,
  order: r.order,
  width: r.width,
  calculations: r.calculations,
  position: r.position,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

async function listViews(db: DbOrTx, me: Principal, board: Board, projectId: string | null) {
  const project = projectId ? sql`project_id = ${projectId}` : sql`project_id IS NULL`;
  return rowsOf<ViewRow>(
    await db.execute(sql`SELECT * FROM board_views WHERE user_id = ${me.id} AND company_id = ${me.companyId}
      AND board = ${board} AND ${project} ORDER BY position, created_at`),
  ).map(toView);
}

/** A view of the caller (views are personal: another user's view is not found). */
async function ownView(db: DbOrTx, me: Principal, id: string): Promise<View> {
  const [row] = rowsOf<ViewRow>(
    await db.execute(sql`SELECT * FROM board_views WHERE id = ${id} AND user_id = ${me.id}
      AND company_id = ${me.companyId}`),
  );
  if (!row) throw notFound('view_not_found');
  return toView(row);
}

async function insertView(
  db: DbOrTx,
  me: Principal,
  companyId: string,
  input: z.output<typeof ViewCreateRequest>,
): Promise<string> {
  const [next] = rowsOf<{ p: number }>(
    await db.execute(sql`SELECT coalesce(max(position) + 1, 0)::int AS p FROM board_views
      WHERE user_id = ${me.id} AND board = ${input.board}`),
  );
  // SPEC §3: grouped by the status by default (named in the board's language, 'Estado' in Spanish).
  const groupBy =
    input.groupBy === undefined
      ? (orderedColumns((await loadColumns(db, companyId, input.board, me.id)).properties).find(
          (c) => c.dataType === 'status',
        )?.id ?? null)
      : input.groupBy;
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`INSERT INTO board_views (company_id, user_id, board, project_id, name, view_type,
        filters, sort, hidden_properties, group_by, sum_property, "order", width, calculations, position)
      VALUES (${companyId}, ${me.id}, ${input.board}, ${input.projectId ?? null}, ${input.name},
        ${input.viewType}, ${JSON.stringify(input.filters ?? [])}::jsonb, ${JSON.stringify(input.sort ?? [])}::jsonb,
        ${JSON.stringify(input.hiddenProperties ?? [])}::jsonb, ${groupBy}, ${input.sumProperty ?? null},
        ${JSON.stringify(input.order ?? [])}::jsonb, ${JSON.stringify(input.width ?? {})}::jsonb,
        ${JSON.stringify(input.calculations ?? {})}::jsonb, ${next?.p ?? 0})
      RETURNING id`),
  );
  if (!row) throw new AppError(418, 'something_wrong');
  return row.id;
}

/**
 * POST /task/setup: the board ready to show — the company's columns (created with the defaults on
 * first use), the /projects records in step with the saved projects, and the caller's views with
 * the default 'Project Management' view (named in `lang`) when there is none. Idempotent.
 */
export async function setupBoard(
  ctx: AppContext,
  me: Principal,
  input: { board: Board; projectId?: string | null },
  lang: Language,
) {
  const companyId = boardCompany(me);
  return ctx.database.db.transaction(async (tx) => {
    const columns = await loadColumns(tx, companyId, input.board, me.id, lang);
    if (input.projectId) await assertProject(tx, companyId, input.projectId);
    if (input.board === 'projects') await syncProjectRecords(tx, companyId);
    let views = await listViews(tx, me, input.board, input.projectId ?? null);
    if (views.length === 0) {
      await insertView(tx, me, companyId, {
        board: input.board,
        projectId: input.projectId ?? null,
        name: DEFAULT_VIEW_NAMES[lang],
        viewType: 'table',
        calculations: defaultCalculations(input.board, columns.properties),
      });
      views = await listViews(tx, me, input.board, input.projectId ?? null);
    }
    return { properties: toUserProperties(columns, await companyName(tx, companyId)), views };
  });
}

/** GET /view/user-views/{id}: `id` is a board ('tasks', 'projects') or a project (its task views). */
export async function userViews(ctx: AppContext, me: Principal, id: string) {
  const companyId = boardCompany(me);
  if (id === 'tasks' || id === 'projects') return listViews(ctx.database.db, me, id, null);
  await assertProject(ctx.database.db, companyId, id);
  return listViews(ctx.database.db, me, 'tasks', id);
}

/** POST /view/create. */
export async function createView(ctx: AppContext, me: Principal, input: z.output<typeof ViewCreateRequest>) {
  const companyId = boardCompany(me);
  const id = await ctx.database.db.transaction(async (tx) => {
    if (input.projectId) await assertProject(tx, companyId, input.projectId);
    const id = await insertView(tx, me, companyId, input);
    await scheduleViewIndexes(ctx, tx, companyId, input.board);
    return id;
  });
  return ownView(ctx.database.db, me, id);
}

/** PUT /view/edit: any of the view's settings; unknown fields are not accepted by the schema. */
export async function editView(ctx: AppContext, me: Principal, input: z.output<typeof ViewEditRequest>) {
  const companyId = boardCompany(me);
  const db = ctx.database.db;
  const before = await ownView(db, me, input._id);
  const sets: SQL[] = [];
  const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
  if (input.name !== undefined) sets.push(sql`name = ${input.name}`);
  if (input.viewType !== undefined) sets.push(sql`view_type = ${input.viewType}`);
  if (input.filters !== undefined) sets.push(sql`filters = ${json(input.filters)}`);
  if (input.sort !== undefined) sets.push(sql`sort = ${json(input.sort)}`);
  if (input.hiddenProperties !== undefined)
    sets.push(sql`hidden_properties = ${json(input.hiddenProperties)}`);
  if (input.groupBy !== undefined) sets.push(sql`group_by = ${input.groupBy}`);
  if (input.sumProperty !== undefined) sets.push(sql`sum_property = ${input.sumProperty}`);
  if (input.order !== undefined) sets.push(sql`"order" = ${json(input.order)}`);
  if (input.width !== undefined) sets.push(sql`width = ${json(input.width)}`);
  if (input.calculations !== undefined) sets.push(sql`calculations = ${json(input.calculations)}`);
  if (input.position !== undefined) sets.push(sql`position = ${input.position}`);
  sets.push(sql`updated_at = now()`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE board_views SET ${sql.join(sets, sql`, `)}
      WHERE id = ${input._id} AND user_id = ${me.id}`);
    if (input.sort !== undefined || input.groupBy !== undefined) {
      await scheduleViewIndexes(ctx, tx, companyId, before.board);
    }
  });
  return ownView(db, me, input._id);
}

/** DELETE /view/delete/{id}. */
export async function deleteView(ctx: AppContext, me: Principal, id: string) {
  const companyId = boardCompany(me);
  const view = await ownView(ctx.database.db, me, id);
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM board_views WHERE id = ${id} AND user_id = ${me.id}`);
    await scheduleViewIndexes(ctx, tx, companyId, view.board);
  });
}

/** GET /view/user-projects: the company's saved projects with their number of tasks (newest first). */
export async function userProjects(ctx: AppContext, me: Principal) {
  const companyId = boardCompany(me);
  const rows = rowsOf<{ id: string; address: string; short_id: string; task_count: number }>(
    await ctx.database.db.execute(sql`SELECT p.id, q.address, q.short_id,
        (SELECT count(*)::int FROM board_records r WHERE r.company_id = ${companyId} AND r.board = 'tasks'
          AND r.project_id = p.id AND NOT r.is_deleted) AS task_count
      FROM projects p JOIN quotes q ON q.id = p.quote_id
      WHERE p.company_id = ${companyId} AND NOT p.is_deleted
      ORDER BY p.created_at DESC, p.id LIMIT 1000`),
  );
  return rows.map((r) => ({
    _id: r.id,
    address: r.address,
    shortId: r.short_id,
    taskCount: Number(r.task_count),
  }));
}
