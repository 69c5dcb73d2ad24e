import {
  type Cell,
  isComputedType,
  type Language,
  MAX_TEMPLATE_TASKS,
  type TaskTemplate,
  type TaskTemplateCreateRequest,
  type TemplateTask,
} from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { TITLE_KEY } from './board.columns';
import { createdEvents, recordEvents } from './board.history';
import { boardCompany } from './board.policy';
import { assertProject, endPosition } from './board.records';
import {
  allocateSeq,
  companyName,
  findRecords,
  loadColumns,
  recomputeRecords,
  toTask,
} from './board.repository';
import { filtersSql, likePattern, pgArray, rowsOf } from './board.sql';
import { normaliseValue } from './board.values';

interface TemplateRow {
  id: string;
  user_id: string | null;
  name: string;
  tasks: TemplateTask[];
  project_id: string | null;
  address: string | null;
  created_at: Date | string;
}

const toTemplate = (r: TemplateRow, company: string): TaskTemplate => ({
  _id: r.id,
  name: r.name,
  userId: r.user_id,
  companyName: company,
  tasks: r.tasks,
  quoteID: r.project_id ? { _id: r.project_id, mapboxAddress: { complete: r.address ?? '' } } : null,
  createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
});

async function findTemplates(db: DbOrTx, companyId: string, where = sql`true`, limit = 1000, offset = 0) {
  return rowsOf<TemplateRow>(
    await db.execute(sql`SELECT t.id, t.user_id, t.name, t.tasks, t.project_id, q.address, t.created_at
      FROM task_templates t LEFT JOIN projects p ON p.id = t.project_id LEFT JOIN quotes q ON q.id = p.quote_id
      WHERE t.company_id = ${companyId} AND t.deleted_at IS NULL AND ${where}
      ORDER BY t.created_at DESC, t.id LIMIT ${limit} OFFSET ${offset}`),
  );
}

async function oneTemplate(db: DbOrTx, companyId: string, id: string) {
  const [row] = await findTemplates(db, companyId, sql`t.id = ${id}`, 1);
  if (!row) throw notFound('template_not_found');
  return row;
}

/** A template saved without a name is called '<prefix> N' in the language it was saved in (SPEC §9's 'Task set N'). */
export const TASK_SET_PREFIX: Record<Language, string> = {
  en: 'Task set',
  de: 'Aufgabenvorlage',
  es: 'Conjunto de tareas',
};

/** '<prefix> N' with the first N not yet taken by the company. */
async function nextName(db: DbOrTx, companyId: string, lang: Language): Promise<string> {
  const prefix = TASK_SET_PREFIX[lang];
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT name FROM task_templates WHERE company_id = ${companyId} AND name LIKE ${`${prefix} %`}`,
    ),
  );
  const taken = new Set(rows.map((r) => r.name));
  let n = rows.length + 1;
  while (taken.has(`${prefix} ${n}`)) n += 1;
  return `${prefix} ${n}`;
}

/**
 * POST /task-templates/create: the tasks that the given filter shows (at most 200, in board order)
 * become a template; computed cells and relations are left out, since they belong to the source.
 */
export async function createTemplate(
  ctx: AppContext,
  me: Principal,
  input: z.output<typeof TaskTemplateCreateRequest>,
  lang: Language = 'de',
) {
  const companyId = boardCompany(me);
  const f = input.filterData;
  const id = await ctx.database.db.transaction(async (tx) => {
    if (f.projectId) await assertProject(tx, companyId, f.projectId);
    const columns = (await loadColumns(tx, companyId, 'tasks', me.id, lang)).properties;
    const conditions = [sql`r.board = 'tasks'`, sql`NOT r.is_deleted`, filtersSql(f.filters ?? [], columns)];
    if (f.projectId) conditions.push(sql`r.project_id = ${f.projectId}`);
    if (f.search?.trim()) conditions.push(sql`r.task_name ILIKE ${likePattern(f.search.trim())}`);
    const rows = await findRecords(
      tx,
      companyId,
      sql`${sql.join(conditions, sql` AND `)} ORDER BY r.position, r.seq LIMIT ${MAX_TEMPLATE_TASKS}`,
      { filtered: true },
    );
    if (rows.length === 0) throw badRequest('template_no_tasks');
    const tasks: TemplateTask[] = rows.map((r) => ({
      taskName: r.task_name,
      notes: r.notes,
      properties: Object.fromEntries(
        Object.entries(r.properties ?? {}).filter(
          ([, cell]) => !isComputedType(cell.type) && cell.type !== 'relation',
        ),
      ) as Record<string, Cell>,
    }));
    const name = input.name?.trim() || (await nextName(tx, companyId, lang));
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`INSERT INTO task_templates (company_id, user_id, name, tasks, project_id)
        VALUES (${companyId}, ${me.id}, ${name}, ${JSON.stringify(tasks)}::jsonb, ${f.projectId ?? null})
        RETURNING id`),
    );
    if (!row) throw new AppError(418, 'something_wrong');
    return row.id;
  });
  const db = ctx.database.db;
  return toTemplate(await oneTemplate(db, companyId, id), await companyName(db, companyId));
}

/** POST /task-templates/list. */
export async function listTemplates(ctx: AppContext, me: Principal, page: { page: number; limit: number }) {
  const companyId = boardCompany(me);
  const db = ctx.database.db;
  const rows = await findTemplates(db, companyId, sql`true`, page.limit, (page.page - 1) * page.limit);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM task_templates WHERE company_id = ${companyId} AND deleted_at IS NULL`,
    ),
  );
  const total = Number(count?.n ?? 0);
  const name = await companyName(db, companyId);
  const totalPages = Math.ceil(total / page.limit);
  return {
    docs: rows.map((r) => toTemplate(r, name)),
    pagination: {
      page: page.page,
      limit: page.limit,
      total,
      totalPages,
      hasNextPage: page.page < totalPages,
    },
  };
}

/**
 * POST /task-templates/import-to-project: the template's tasks become new tasks of the project, at
 * the end of the board. Cells whose property no longer exists or no longer fits are left empty; a
 * number kept as text is read in the request's language `lang`.
 */
export async function importTemplate(
  ctx: AppContext,
  me: Principal,
  projectId: string,
  templateId: string,
  lang: Language,
) {
  const companyId = boardCompany(me);
  const ids = await ctx.database.db.transaction(async (tx) => {
    await assertProject(tx, companyId, projectId);
    const template = await oneTemplate(tx, companyId, templateId);
    const columns = (await loadColumns(tx, companyId, 'tasks', me.id)).properties;
    const first = await allocateSeq(tx, companyId, template.tasks.length);
    let position = await endPosition(tx, companyId, 'tasks');
    const rows = template.tasks.map((t, i) => {
      const properties: Record<string, Cell> = {};
      for (const [key, cell] of Object.entries(t.properties)) {
        const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
        if (!column || key === TITLE_KEY || column.dataType !== cell.type) continue;
        try {
          properties[key] = {
            type: column.dataType,
            icon: column.icon,
            value: normaliseValue(column, cell.value, lang),
          };
        } catch {
          // A value that no longer fits its column stays empty.
        }
      }
      position += 1;
      return { name: t.taskName, notes: t.notes, seq: first + i, position, properties };
    });
    if (rows.length === 0) return [];
    const inserted = rowsOf<{ id: string }>(
      await tx.execute(sql`INSERT INTO board_records (company_id, board, project_id, task_name, user_id, updated_by,
          seq, position, notes, properties)
        SELECT ${companyId}, 'tasks', ${projectId}, x.name, ${me.id}, ${me.id}, x.seq, x.position, x.notes, x.properties
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS x(name text, notes text, seq bigint, position float8, properties jsonb)
        RETURNING id`),
    );
    const newIds = inserted.map((r) => r.id);
    await recordEvents(tx, companyId, me.id, createdEvents(newIds), ctx.config);
    await recomputeRecords(tx, companyId, sql`r.id = ANY(${pgArray(newIds)}::uuid[])`);
    return newIds;
  });
  const db = ctx.database.db;
  const name = await companyName(db, companyId);
  const rows = ids.length
    ? await findRecords(db, companyId, sql`r.id = ANY(${pgArray(ids)}::uuid[]) ORDER BY r.position`)
    : [];
  return rows.map((r) => toTask(r, name));
}

/** POST /task-templates/delete: all of the company's, or none; soft (POST /task-templates/restore undoes it). */
export async function deleteTemplates(ctx: AppContext, me: Principal, templateIds: string[]) {
  const companyId = boardCompany(me);
  const unique = [...new Set(templateIds)];
  await ctx.database.db.transaction(async (tx) => {
    const found = await findTemplates(tx, companyId, sql`t.id = ANY(${pgArray(unique)}::uuid[])`);
    if (found.length !== unique.length) throw notFound('template_not_found');
    await tx.execute(sql`UPDATE task_templates SET deleted_at = now()
      WHERE company_id = ${companyId} AND id = ANY(${pgArray(unique)}::uuid[])`);
  });
}

/** POST /task-templates/restore: the undo of a delete, all of them or none. */
export async function restoreTemplates(ctx: AppContext, me: Principal, templateIds: string[]) {
  const companyId = boardCompany(me);
  const unique = [...new Set(templateIds)];
  return ctx.database.db.transaction(async (tx) => {
    const restored = rowsOf<{ id: string }>(
      await tx.execute(sql`UPDATE task_templates SET deleted_at = NULL
        WHERE company_id = ${companyId} AND deleted_at IS NOT NULL AND id = ANY(${pgArray(unique)}::uuid[])
        RETURNING id`),
    );
    if (restored.length !== unique.length) throw notFound('template_not_found');
    return restored.length;
  });
}

/** PUT /task-templates/update/{id}: rename. */
export async function renameTemplate(ctx: AppContext, me: Principal, id: string, name: string) {
  const companyId = boardCompany(me);
  const db = ctx.database.db;
  await oneTemplate(db, companyId, id);
  await db.execute(
    sql`UPDATE task_templates SET name = ${name} WHERE id = ${id} AND company_id = ${companyId}`,
  );
  return toTemplate(await oneTemplate(db, companyId, id), await companyName(db, companyId));
}
