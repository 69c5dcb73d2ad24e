import {
  type Board,
  type Cell,
  type Column,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  type Task,
  type UserProperties,
} from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { LiveCache, liveCacheOf } from '../../lib/change-feed';
import { versionedCache } from '../../lib/versioned-cache';
import { defaultColumns, TITLE_KEY, toColumnMap } from './board.columns';
import { type ComputeRecord, computeRecord, relationIds } from './board.compute';
import { iso, pgArray, RECORDS_FROM, rowsOf } from './board.sql';

/** Board data access, always scoped by company (ARCHITECTURE.md "Tenancy"). Raw SQL for JSONB. */

export interface RecordRow {
  id: string;
  company_id: string;
  board: Board;
  project_id: string | null;
  view_id: string | null;
  task_name: string;
  user_id: string | null;
  updated_by: string | null;
  is_frontend_visible: boolean;
  is_blank: boolean;
  is_deleted: boolean;
  from_record: string | null;
  position: number;
  seq: number | string;
  notes: string;
  properties: Record<string, Cell>;
  created_at: Date | string;
  updated_at: Date | string;
  company_name?: string;
}

export function toTask(row: RecordRow, companyName: string): Task {
  return {
    _id: row.id,
    board: row.board,
    projectId: row.project_id,
    viewId: row.view_id,
    taskName: row.task_name,
    userId: row.user_id,
    companyName,
    isFrontendVisible: row.is_frontend_visible,
    isBlank: row.is_blank,
    isDeleted: row.is_deleted,
    fromRecord: row.from_record,
    position: Number(row.position),
    seq: Number(row.seq),
    notes: row.notes,
    properties: row.properties ?? {},
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A company's name, kept in memory while the change feed is live (a rename drops it everywhere). */
export async function companyName(db: DbOrTx, companyId: string): Promise<string> {
  const load = async () => {
    const [row] = rowsOf<{ name: string }>(
      await db.execute(sql`SELECT name FROM companies WHERE id = ${companyId}`),
    );
    return row?.name ?? '';
  };
  const kept = liveCacheOf(
    db,
    'company-names',
    (feed) => new LiveCache<string>(feed, 'company', 10_000, 60_000),
  );
  return kept ? kept.get(companyId, load) : load();
}

interface PropertiesRow {
  id: string;
  user_id: string | null;
  board: Board;
  properties: Record<string, Column>;
}

/**
 * The board's column definitions, created with the defaults on first use. A change of them reads
 * with `forUpdate` inside its transaction: the row stays locked until the change is written, so two
 * changes at once (two columns' settings, an option added by an import) apply one after the other
 * instead of the later write putting back the list the earlier one read.
 */
export async function loadColumns(
  db: DbOrTx,
  companyId: string,
  board: Board,
  userId: string | null,
  lang?: Language,
  opts: { forUpdate?: boolean } = {},
): Promise<PropertiesRow> {
  const lock = opts.forUpdate ? sql` FOR UPDATE` : sql``;
  const found = rowsOf<PropertiesRow>(
    await db.execute(
      sql`SELECT id, user_id, board, properties FROM board_properties WHERE company_id = ${companyId} AND board = ${board}${lock}`,
    ),
  );
  if (found[0]) return found[0];
  const columns = defaultColumns(board, lang ?? (await languageOf(db, userId)));
  const inserted = rowsOf<PropertiesRow>(
    await db.execute(sql`INSERT INTO board_properties (company_id, board, user_id, properties)
      VALUES (${companyId}, ${board}, ${userId}, ${JSON.stringify(toColumnMap(columns))}::jsonb)
      ON CONFLICT (company_id, board) DO UPDATE SET updated_at = board_properties.updated_at
      RETURNING id, user_id, board, properties`),
  );
  return inserted[0] as PropertiesRow;
}

/**
 * The language a board is first created in when the request does not say: the user's own
 * (the sidebar's language switch keeps it on their profile), else German (SPEC §9).
 */
async function languageOf(db: DbOrTx, userId: string | null): Promise<Language> {
  if (!userId) return DEFAULT_LANGUAGE;
  const [row] = rowsOf<{ lang: string }>(
    await db.execute(sql`SELECT preferred_language AS lang FROM users WHERE id = ${userId}`),
  );
  return LANGUAGES.find((l) => l === row?.lang) ?? DEFAULT_LANGUAGE;
}

/**
 * A board's columns as {@link loadColumns} reads them, kept while the board data stands still
 * (`board_data_version` moves with any change to its records or columns): the board's pages and
 * GET /user-properties read them on every request.
 */
const columnsCache = versionedCache<PropertiesRow>('board_data_version', 1_000);

export function keptColumns(
  db: DbOrTx,
  companyId: string,
  board: Board,
  userId: string | null,
  version?: string,
): Promise<PropertiesRow> {
  return columnsCache.get(db, [companyId, board], () => loadColumns(db, companyId, board, userId), {
    version,
  });
}

/** Forgets every kept column set (tests). */
export function clearKeptColumns(): void {
  columnsCache.clear();
}

export async function saveColumns(
  db: DbOrTx,
  companyId: string,
  board: Board,
  properties: Record<string, Column>,
): Promise<void> {
  await db.execute(sql`UPDATE board_properties SET properties = ${JSON.stringify(properties)}::jsonb,
    updated_at = now() WHERE company_id = ${companyId} AND board = ${board}`);
}

export function toUserProperties(row: PropertiesRow, name: string): UserProperties {
  return {
    _id: row.id,
    userId: row.user_id,
    companyName: name,
    board: row.board,
    properties: row.properties,
  };
}

/** Reserves `n` running numbers of the company; returns the first. */
export async function allocateSeq(db: DbOrTx, companyId: string, n: number): Promise<number> {
  const [row] = rowsOf<{ first: string | number }>(
    await db.execute(sql`INSERT INTO board_counters (company_id, next_seq) VALUES (${companyId}, ${n + 1})
      ON CONFLICT (company_id) DO UPDATE SET next_seq = board_counters.next_seq + ${n}
      RETURNING next_seq - ${n} AS first`),
  );
  return Number(row?.first ?? 1);
}

/**
 * A record's columns as `RecordRow` has them: not `r.*`, which would also read `head`, the page's
 * JSON of the record kept by migration 0017 (decision 0026), for nothing.
 */
const RECORD_COLUMNS = sql`r.id, r.company_id, r.board, r.project_id, r.view_id, r.task_name, r.user_id,
  r.updated_by, r.is_frontend_visible, r.is_blank, r.is_deleted, r.from_record, r.position, r.seq, r.notes,
  r.properties, r.created_at, r.updated_at`;

/** Records of the company; `filtered` when `where` reads cells (filtersSql needs `bp`). */
export async function findRecords(
  db: DbOrTx,
  companyId: string,
  where: SQL,
  opts: { filtered?: boolean } = {},
): Promise<RecordRow[]> {
  const from = opts.filtered ? RECORDS_FROM : sql`board_records r`;
  return rowsOf<RecordRow>(
    await db.execute(
      sql`SELECT ${RECORD_COLUMNS} FROM ${from} WHERE r.company_id = ${companyId} AND ${where}`,
    ),
  );
}

async function userNames(db: DbOrTx, companyId: string): Promise<Map<string, string>> {
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(
      sql`SELECT id, trim(first_name || ' ' || last_name) AS name FROM users WHERE company_id = ${companyId}`,
    ),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

const toCompute = (r: RecordRow): ComputeRecord => ({
  id: r.id,
  taskName: r.task_name,
  seq: Number(r.seq),
  properties: r.properties ?? {},
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  userId: r.user_id,
  updatedBy: r.updated_by,
});

/**
 * Recomputes and stores the derived cells of the given records (`where` selects them within the
 * company), then of the records whose relations point at them (their rollups read these), one level.
 */
export async function recomputeRecords(
  db: DbOrTx,
  companyId: string,
  where: SQL,
  opts: { dependents?: boolean } = {},
): Promise<void> {
  const records = await findRecords(db, companyId, where);
  if (records.length === 0) return;
  const columnsByBoard = new Map<Board, Record<string, Column>>();
  for (const board of ['tasks', 'projects'] as const) {
    columnsByBoard.set(board, (await loadColumns(db, companyId, board, null)).properties);
  }
  const names = await userNames(db, companyId);
  const wanted = new Set<string>();
  for (const r of records) {
    for (const id of relationIds(r.properties ?? {}, columnsByBoard.get(r.board) ?? {})) wanted.add(id);
  }
  const related = new Map<string, { taskName: string; properties: Record<string, Cell> }>();
  const ids = [...wanted];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await findRecords(
      db,
      companyId,
      sql`r.id = ANY(${pgArray(chunk)}::uuid[]) AND NOT r.is_deleted`,
    );
    for (const row of rows)
      related.set(row.id, { taskName: row.task_name, properties: row.properties ?? {} });
  }
  const changed: { id: string; p: Record<string, Cell> }[] = [];
  for (const r of records) {
    const next = computeRecord(toCompute(r), {
      columns: columnsByBoard.get(r.board) ?? {},
      related,
      userNames: names,
    });
    if (JSON.stringify(next) !== JSON.stringify(r.properties ?? {})) changed.push({ id: r.id, p: next });
  }
  for (let i = 0; i < changed.length; i += 500) {
    const chunk = changed.slice(i, i + 500);
    await db.execute(sql`UPDATE board_records r SET properties = x.p
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(id uuid, p jsonb)
      WHERE r.id = x.id AND r.company_id = ${companyId}`);
  }
  if (opts.dependents) {
    const dependents = await dependentRecordIds(
      db,
      companyId,
      records.map((r) => r.id),
      columnsByBoard,
    );
    const own = new Set(records.map((r) => r.id));
    const others = dependents.filter((id) => !own.has(id));
    if (others.length) await recomputeRecords(db, companyId, sql`r.id = ANY(${pgArray(others)}::uuid[])`);
  }
}

/** Records with a rollup whose relation points at any of `ids` (GIN containment per relation key). */
async function dependentRecordIds(
  db: DbOrTx,
  companyId: string,
  ids: string[],
  columnsByBoard: Map<Board, Record<string, Column>>,
): Promise<string[]> {
  const checks: SQL[] = [];
  for (const [board, columns] of columnsByBoard) {
    const relationKeys = new Set(
      Object.values(columns)
        .filter((c) => c.dataType === 'rollup' && c.rollup)
        .map((c) => c.rollup?.relationProperty as string),
    );
    for (const key of relationKeys) {
      for (const id of ids.slice(0, 200)) {
        checks.push(
          sql`(r.board = ${board} AND r.properties @> ${JSON.stringify({ [key]: { value: [id] } })}::jsonb)`,
        );
      }
    }
  }
  if (checks.length === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT r.id FROM board_records r WHERE r.company_id = ${companyId}
      AND NOT r.is_deleted AND (${sql.join(checks, sql` OR `)})`),
  );
  return rows.map((r) => r.id);
}

/**
 * Keeps the /projects board in step with the company's saved projects: one record per project, its
 * synced cells (name = address, Status = stage, City, Total cost, Customer target) refreshed, and
 * records of deleted projects deleted. Cheap when nothing changed (two indexed statements).
 */
export async function syncProjectRecords(db: DbOrTx, companyId: string): Promise<void> {
  const columns = (await loadColumns(db, companyId, 'projects', null)).properties;
  const icon = (key: string) => columns[key]?.icon ?? '';
  const synced = sql`jsonb_build_object(
    'Status', jsonb_build_object('type', 'status', 'icon', ${icon('Status')}::text, 'value', p.stage),
    'City', jsonb_build_object('type', 'text', 'icon', ${icon('City')}::text, 'value', q.city),
    'Total cost', jsonb_build_object('type', 'number', 'icon', ${icon('Total cost')}::text, 'value', q.total_cost),
    'Customer target', jsonb_build_object('type', 'multi-select', 'icon', ${icon('Customer target')}::text,
      'value', to_jsonb(p.customer_target)))`;
  const missing = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT p.id FROM projects p WHERE p.company_id = ${companyId} AND NOT p.is_deleted
      AND NOT EXISTS (SELECT 1 FROM board_records r WHERE r.company_id = ${companyId}
        AND r.board = 'projects' AND r.project_id = p.id)`),
  );
  if (missing.length) {
    const first = await allocateSeq(db, companyId, missing.length);
    const ids = missing.map((m) => m.id);
    await db.execute(sql`INSERT INTO board_records
        (company_id, board, project_id, task_name, user_id, seq, position, properties, created_at)
      SELECT ${companyId}, 'projects', p.id, q.address, p.responsible_user_id,
        ${first} - 1 + x.n, e.p + x.n, ${synced}, p.created_at
      FROM unnest(${pgArray(ids)}::uuid[]) WITH ORDINALITY AS x(id, n)
      JOIN projects p ON p.id = x.id JOIN quotes q ON q.id = p.quote_id
      -- After the board's last record, wherever records were moved to (docs/board.md).
      CROSS JOIN (SELECT coalesce(max(position), 0) AS p FROM board_records
        WHERE company_id = ${companyId} AND board = 'projects') e
      ON CONFLICT DO NOTHING`);
    await recomputeRecords(
      db,
      companyId,
      sql`r.board = 'projects' AND r.project_id = ANY(${pgArray(ids)}::uuid[])`,
    );
  }
  await db.execute(sql`UPDATE board_records r
    SET task_name = q.address, properties = r.properties || ${synced},
      is_deleted = p.is_deleted, deleted_at = CASE WHEN p.is_deleted THEN now() END
    FROM projects p JOIN quotes q ON q.id = p.quote_id
    WHERE r.company_id = ${companyId} AND r.board = 'projects' AND r.project_id = p.id
      AND (r.task_name IS DISTINCT FROM q.address OR r.is_deleted IS DISTINCT FROM p.is_deleted
        OR r.properties -> 'Status' ->> 'value' IS DISTINCT FROM p.stage
        OR r.properties -> 'City' ->> 'value' IS DISTINCT FROM q.city
        OR (r.properties -> 'Total cost' ->> 'value')::float8 IS DISTINCT FROM q.total_cost
        OR r.properties -> 'Customer target' -> 'value' IS DISTINCT FROM to_jsonb(p.customer_target))`);
}

export { TITLE_KEY };
