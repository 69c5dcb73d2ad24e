import { createHash } from 'node:crypto';
import type { Board, Column, ViewFilter, ViewSort } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client';
import { companyTenant } from '../../db/tenant';
import {
  columnOf,
  filterSql,
  groupSql,
  indexGroupKeys,
  type OrderKey,
  rowsOf,
  sortKeys,
  TABLE,
} from './board.sql';

/**
 * Indexes for saved board views (docs/decisions/0006-board-view-indexes.md). A view's order — its
 * group, then its sorts — is computed from the JSONB cells, so no fixed index can serve it; like
 * the grids that index a view's sort on demand, each saved view of a company gets a partial
 * expression index over exactly the expressions `/task/filter` orders by. A page of a grouped view
 * then reads one group at a time along the index and stops after the page.
 *
 * A view's filters are the index's predicate too: the index holds only the records the view shows,
 * so a page walks exactly its records, and PostgreSQL proves the query's filter clauses from the
 * predicate and no longer checks them per row.
 *
 * The expressions are written with their values as literals (escaped by drizzle, quotes doubled),
 * the same text in the index and in the query, so the planner matches them.
 */

const dialect = new PgDialect();

/** A query fragment as SQL text, every parameter written as a literal. */
export const inlineSql = (q: SQL): string => dialect.sqlToQuery(sql`${q}`.inlineParams()).sql;

/** At most this many view indexes per company and board (the newest views' shapes win). */
export const MAX_VIEW_INDEXES = 12;

/**
 * Boards smaller than this (setting BOARD_INDEX_MIN_RECORDS) are sorted without a view index: a
 * few thousand records sort in milliseconds, and each index costs every write of the table a
 * little and the planner a look.
 */
export const INDEX_MIN_RECORDS = 2_000;

/** What of a view decides its index. */
export interface ViewShape {
  board: Board;
  projectId: string | null;
  groupBy: string | null;
  sort: readonly ViewSort[];
  /** The view's filters (those without a value filter nothing and are left out). */
  filters?: readonly ViewFilter[];
}

export interface ViewIndex {
  name: string;
  /** The records the index holds (company, board, project, not deleted), as SQL text. */
  scope: string;
  /**
   * The view's filters as SQL text, each a condition of the index's predicate beside the scope
   * (sorted, so the same filters in any order make the same index); empty for an index of the
   * order alone.
   */
  filters: string[];
  /** Keys in index order: the group's keys (without the whole group), then the sorts'. */
  keys: { text: string; desc: boolean }[];
  /** How many leading keys belong to the group. */
  groupKeyCount: number;
  /** The group's full value (the order key the index leaves out), when the view is grouped. */
  groupText: string | null;
  /** The options rank key is present (the group column has options). */
  ranked: boolean;
}

const keyText = (k: OrderKey) => ({ text: inlineSql(k.expr), desc: k.desc });

/** The index a view would use, or null when the list index serves it (no group, no sort). */
export function viewIndexFor(
  companyId: string,
  shape: ViewShape,
  columns: Record<string, Column>,
): ViewIndex | null {
  if (!shape.groupBy && shape.sort.length === 0) return null;
  const keys: { text: string; desc: boolean }[] = [];
  let groupText: string | null = null;
  let ranked = false;
  if (shape.groupBy) {
    const group = indexGroupKeys(shape.groupBy, columns[shape.groupBy], TABLE);
    ranked = group.length === 2;
    keys.push(...group.map(keyText));
    groupText = inlineSql(groupSql(shape.groupBy, TABLE));
  }
  const groupKeyCount = keys.length;
  for (const s of shape.sort) keys.push(...sortKeys(s, columns[s.column], TABLE).map(keyText));
  // PostgreSQL takes at most 32 columns in an index (position and seq are two).
  if (keys.length > 30) return null;
  const scope = inlineSql(
    sql.join(
      [
        sql`company_id = ${companyId}::uuid`,
        sql`board = ${shape.board}`,
        sql`NOT is_deleted`,
        ...(shape.projectId ? [sql`project_id = ${shape.projectId}::uuid`] : []),
      ],
      sql` AND `,
    ),
  );
  const filters = [
    ...new Set(
      (shape.filters ?? [])
        .map((f) => filterSql(f, columnOf(columns, f.column), TABLE))
        .filter((f): f is SQL => f !== null)
        .map(inlineSql),
    ),
  ].sort();
  // An index of the order alone keeps the name it had before filters joined the predicate.
  const hash = createHash('sha256')
    .update(JSON.stringify(filters.length ? [scope, keys, filters] : [scope, keys]))
    .digest('hex')
    .slice(0, 24);
  return { name: `board_view_${hash}`, scope, filters, keys, groupKeyCount, groupText, ranked };
}

/**
 * `viewIndexFor`, kept per column set (the kept columns of a board are one object while its data
 * version stands still): every page of a view would otherwise write the same SQL text again.
 */
const knownIndexes = new WeakMap<Record<string, Column>, Map<string, ViewIndex | null>>();

export function keptViewIndex(
  companyId: string,
  shape: ViewShape,
  columns: Record<string, Column>,
): ViewIndex | null {
  let known = knownIndexes.get(columns);
  if (!known) {
    known = new Map();
    knownIndexes.set(columns, known);
  }
  const key = JSON.stringify([
    companyId,
    shape.board,
    shape.projectId,
    shape.groupBy,
    shape.sort,
    shape.filters ?? [],
  ]);
  if (known.has(key)) return known.get(key) ?? null;
  const index = viewIndexFor(companyId, shape, columns);
  if (known.size >= 200) known.clear();
  known.set(key, index);
  return index;
}

/** The index's predicate: the records in its scope that pass its filters (the scope first: cheap). */
export const viewIndexPredicate = (index: ViewIndex): string => [index.scope, ...index.filters].join(' AND ');

/** The index's definition (`CONCURRENTLY` on a server, where writes go on while it is built). */
export function viewIndexDdl(index: ViewIndex, concurrently: boolean): string {
  const columns = index.keys.map((k) => `(${k.text}) ${k.desc ? 'DESC' : 'ASC'} NULLS LAST`);
  return `CREATE INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF NOT EXISTS ${index.name}
    ON board_records (${[...columns, 'position', 'seq'].join(', ')}) WHERE ${viewIndexPredicate(index)}`;
}

/** Names of the view indexes that exist and are ready, kept by this process once seen. */
const ready = new Set<string>();

/** Whether `name` exists and is valid (a concurrent build in progress is not yet). */
export async function viewIndexReady(db: DbOrTx, name: string): Promise<boolean> {
  if (ready.has(name)) return true;
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`SELECT i.indisvalid AND i.indisready AS ok FROM pg_class c
      JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = ${name}`),
  );
  if (row?.ok) ready.add(name);
  return Boolean(row?.ok);
}

/** The marker in an index's comment that ties it to its company and board. */
const marker = (companyId: string, board: Board) => `board view index ${companyId} ${board}`;

/**
 * Makes the company's view indexes of `board` match its saved views: creates the missing ones and
 * drops those no view needs any more (a changed sort, a deleted view, renamed options). Runs as a
 * job (board-view-indexes), as the tables' owner.
 */
export function syncViewIndexes(
  database: Database,
  companyId: string,
  board: Board,
  opts: { minRecords?: number } = {},
): Promise<void> {
  // Under the company's row-level security: it reads only that company's views and records. One
  // sync at a time per company and board in this process, each from the views as they are then.
  const key = `${companyId} ${board}`;
  const run = (syncing.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => syncCompanyIndexes(database.as(companyTenant(companyId)), companyId, board, opts.minRecords));
  syncing.set(key, run);
  void run
    .finally(() => {
      if (syncing.get(key) === run) syncing.delete(key);
    })
    .catch(() => undefined);
  return run;
}

const syncing = new Map<string, Promise<void>>();

async function syncCompanyIndexes(
  database: Database,
  companyId: string,
  board: Board,
  minRecords = INDEX_MIN_RECORDS,
): Promise<void> {
  const db = database.db;
  const [size] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM board_records
      WHERE company_id = ${companyId} AND board = ${board} AND NOT is_deleted`),
  );
  const large = Number(size?.n ?? 0) >= minRecords;
  const [props] = rowsOf<{ properties: Record<string, Column> }>(
    await db.execute(
      sql`SELECT properties FROM board_properties WHERE company_id = ${companyId} AND board = ${board}`,
    ),
  );
  const columns = props?.properties ?? {};
  const views = rowsOf<{
    project_id: string | null;
    group_by: string | null;
    sort: ViewSort[];
    filters: ViewFilter[] | null;
  }>(
    await db.execute(sql`SELECT project_id, group_by, sort, filters FROM board_views
      WHERE company_id = ${companyId} AND board = ${board} ORDER BY updated_at DESC`),
  );
  const wanted = new Map<string, ViewIndex>();
  for (const v of large ? views : []) {
    const index = viewIndexFor(
      companyId,
      { board, projectId: v.project_id, groupBy: v.group_by, sort: v.sort, filters: v.filters ?? [] },
      columns,
    );
    if (index && !wanted.has(index.name) && wanted.size < MAX_VIEW_INDEXES) wanted.set(index.name, index);
  }
  const existing = rowsOf<{ name: string; valid: boolean }>(
    await db.execute(sql`SELECT c.relname AS name, i.indisvalid AS valid FROM pg_class c
      JOIN pg_index i ON i.indexrelid = c.oid
      WHERE c.relname LIKE 'board\\_view\\_%' AND obj_description(c.oid, 'pg_class') = ${marker(companyId, board)}`),
  );
  const concurrently = database.kind === 'postgres';
  for (const e of existing) {
    // An index left invalid by a failed concurrent build is dropped and built again.
    if (wanted.has(e.name) && e.valid) continue;
    ready.delete(e.name);
    await database.ownerStatement(`DROP INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF EXISTS ${e.name}`);
  }
  const have = new Set(existing.filter((e) => e.valid).map((e) => e.name));
  for (const index of wanted.values()) {
    if (have.has(index.name)) continue;
    await database.ownerStatement(viewIndexDdl(index, concurrently));
    await database.ownerStatement(
      `COMMENT ON INDEX ${index.name} IS ${inlineSql(sql`${marker(companyId, board)}`)}`,
    );
  }
}

/** Index names this process asked to build lately (a filter asks at most once a minute per index). */
const asked = new Map<string, number>();

/** Whether a filter over a large board should ask for its view's index now. */
export function shouldAskForIndex(
  name: string,
  records: number,
  minRecords = INDEX_MIN_RECORDS,
  now = Date.now(),
): boolean {
  if (records < minRecords) return false;
  const last = asked.get(name);
  if (last !== undefined && now - last < 60_000) return false;
  if (asked.size > 10_000) asked.clear();
  asked.set(name, now);
  return true;
}

/** The job that brings a company's view indexes of a board in line with its views. */
export const VIEW_INDEX_JOB = 'board-view-indexes';

export interface ViewIndexJob {
  companyId: string;
  board: Board;
}
