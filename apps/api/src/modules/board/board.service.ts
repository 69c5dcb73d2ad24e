import {
  type Board,
  type Column,
  type Language,
  mergeText,
  NOTES_MAX_LENGTH,
  sameCellValue,
  type TaskCreateRequest,
  type TaskFilterRequest,
  type TaskUpdateRequest,
} from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { BYTES_SUFFIX, bytesOf, type TextOrBytes } from '../../db/pg-bytes';
import { genericPlan } from '../../db/plan';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import type { MessageKey } from '../../lib/messages';
import { dataVersion, versionedCache } from '../../lib/versioned-cache';
import { TITLE_KEY } from './board.columns';
import { createdEvents, type RecordEvent, recordEvents, valueChanges } from './board.history';
import { boardCompany } from './board.policy';
import { applyValues, assertProject, endPosition, lockBoardOrder, placeAfter } from './board.records';
import {
  allocateSeq,
  clearKeptColumns,
  companyName,
  findRecords,
  keptColumns,
  loadColumns,
  type RecordRow,
  recomputeRecords,
  syncProjectRecords,
  toTask,
} from './board.repository';
import {
  type CellSource,
  filtersSql,
  groupKeys,
  groupSql,
  likePattern,
  numberSql,
  type OrderKey,
  optionValues,
  orderSql,
  pgArray,
  RECORDS_FROM,
  roundedFilterColumns,
  rowsOf,
  SCAN,
  SORT_TEXT_CHARS,
  sortKeys,
  TABLE,
} from './board.sql';
import { clearKeptStatements, runKept } from './board.statements';
import {
  keptViewIndex,
  shouldAskForIndex,
  VIEW_INDEX_JOB,
  type ViewIndex,
  viewIndexPredicate,
  viewIndexReady,
} from './board.view-index';

type FilterBody = z.output<typeof TaskFilterRequest>;

interface Group {
  value: string | null;
  count: number;
  sum: number | null;
}

/** What a filtered view counts: its records and, when grouped, its groups in order with their sums. */
interface Summary {
  total: number;
  groups: Group[];
}

/**
 * Totals and groups of filtered views, kept while the board data stands still (`board_data_version`
 * moves with any change to records or columns): scrolling a view asks for page after page of the
 * same filter, and only the page itself needs reading again.
 */
const summaries = versionedCache<Summary>('board_data_version', 1_000);

/** Forgets every kept summary and column set (tests). */
export function clearBoardSummaries(): void {
  summaries.clear();
  clearKeptStatements();
  clearKeptColumns();
}

/** The name search, when there is one. */
const searchConditions = (body: FilterBody): SQL[] =>
  body.search?.trim() ? [sql`r.task_name ILIKE ${likePattern(body.search.trim())}`] : [];

/** The name search and the view's filters over the board's `columns`. */
function viewConditions(body: FilterBody, columns: Record<string, Column>, src: CellSource): SQL {
  return sql.join([...searchConditions(body), filtersSql(body.filters, columns, src)], sql` AND `);
}

/**
 * The records a filter selects (company, board, project, trash, name search, the view's filters over
 * the board's `columns`).
 */
export function filterWhere(
  companyId: string,
  body: FilterBody,
  columns: Record<string, Column>,
  src: CellSource,
): SQL {
  const conditions: SQL[] = [
    sql`r.company_id = ${companyId}`,
    sql`r.board = ${body.board}`,
    body.deleted ? sql`r.is_deleted` : sql`NOT r.is_deleted`,
  ];
  if (body.projectId) conditions.push(sql`r.project_id = ${body.projectId}`);
  conditions.push(viewConditions(body, columns, src));
  return sql.join(conditions, sql` AND `);
}

/** Counts the filtered records, by group when the view is grouped (one pass over them). */
async function summarize(
  db: DbOrTx,
  companyId: string,
  body: FilterBody,
  columns: Record<string, Column>,
  groupColumn: Column | undefined,
): Promise<Summary> {
  const where = filterWhere(companyId, body, columns, SCAN);
  if (!body.groupBy) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM ${RECORDS_FROM} WHERE ${where}`),
    );
    return { total: Number(row?.n ?? 0), groups: [] };
  }
  const group = groupSql(body.groupBy);
  const sum = body.sumProperty ? sql`sum(${numberSql(body.sumProperty)})::float8` : sql`NULL::float8`;
  const groups = rowsOf<Group>(
    await db.execute(sql`SELECT * FROM (SELECT ${group} AS value, count(*)::int AS count, ${sum} AS sum
      FROM ${RECORDS_FROM} WHERE ${where} GROUP BY 1) g
      ORDER BY ${sql.join(orderSql(groupKeys(groupColumn, sql`g.value`)), sql`, `)}`),
  ).map((g) => ({ value: g.value, count: Number(g.count), sum: g.sum === null ? null : Number(g.sum) }));
  return { total: groups.reduce((n, g) => n + g.count, 0), groups };
}

/**
 * How a page's cells come back: as objects (parsed by the driver), as the JSON text PostgreSQL
 * writes, which `/task/filter`'s answer carries as it is (neither parsed nor written again: those
 * two were most of the API's work for a page of 50 records of 20 cells), or as `values`: each
 * record written by PostgreSQL as the JSON of a `TaskValues` (`?cells=values`, the board's table).
 */
type CellsAs = 'objects' | 'json' | 'values';

/** How a page reads its cells, and which relation cells it reads record ids from. */
interface PageCells {
  as: CellsAs;
  relationKeys: readonly string[];
  /** With `values`: the keys of the values, in order, and the company's name each record carries. */
  values?: { keys: readonly string[]; companyName: string };
}

/** A page's row, with the ids its relation cells hold (`properties` as `PageCells` says). */
type PageRow = RecordRow & { relation_ids: string[] | null };

/** A page's row when its cells come back as JSON text. */
type JsonRecordRow = Omit<PageRow, 'properties'> & { properties: string };

/** A page's row with `values`: the record as JSON, and the titles its relation cells point to. */
interface ValuesRow {
  /** The record as JSON text, as its bytes from the server (db/pg-bytes.ts). */
  'task:bytes': TextOrBytes;
  related: string | null;
}

/** The strings of a record's relation cells `keys` (the ids of the records they point to). */
const relationStringsSql = (keys: readonly string[]) =>
  sql`SELECT e #>> '{}' AS id FROM unnest(${pgArray(keys)}::text[]) k,
        jsonb_array_elements(CASE WHEN jsonb_typeof(r.properties -> k -> 'value') = 'array'
          THEN r.properties -> k -> 'value' ELSE '[]'::jsonb END) e
        WHERE jsonb_typeof(e) = 'string'`;

/**
 * The ids of records the relation cells `keys` of a record point to (the strings of their arrays),
 * read in SQL, so neither form of the cells needs walking for them.
 */
const relationIdsSql = (keys: readonly string[]) =>
  keys.length ? sql`ARRAY(${relationStringsSql(keys)})` : sql`NULL::text[]`;

const UUID_TEXT = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The titles of the records a record's relation cells point to, as a JSON object by id (null when
 * none): read with the record, so a page is one statement.
 */
const relatedTitlesSql = (keys: readonly string[]) =>
  keys.length
    ? sql`CASE WHEN ${sql.join(
        keys.map(
          (k) => sql`jsonb_typeof(r.properties -> ${k}::text -> 'value') = 'array'
          AND r.properties -> ${k}::text -> 'value' <> '[]'::jsonb`,
        ),
        sql` OR `,
      )} THEN (SELECT json_object_agg(x.id, x.task_name) FROM board_records x
        WHERE x.company_id = r.company_id
          AND x.id = ANY (ARRAY(SELECT s.id::uuid FROM (${relationStringsSql(keys)}) s WHERE s.id ~ ${UUID_TEXT}))
      )::text END`
    : sql`NULL::text`;

/**
 * A record as the JSON text of a `TaskValues`, its values those of `keys` in order: its own fields
 * as the trigger of migration 0017 wrote them when the record was written (`head`, decision 0026),
 * the company's name, and the values as this page asks for them. Written by concatenation:
 * `json_build_object` looked up each argument's output function on every call, half again the time
 * of the whole row (pgbench of a page of 50). The values are an array of JSONB (`array_to_json`, no
 * argument limit for boards with many columns).
 */
function taskValuesSql(v: NonNullable<PageCells['values']>): SQL {
  const values = v.keys.length
    ? sql`array_to_json(ARRAY[${sql.join(
        v.keys.map((k) => sql`r.properties -> ${k}::text -> 'value'`),
        sql`, `,
      )}]::jsonb[])::text`
    : sql`'[]'`;
  return sql`('{' || r.head || ',"companyName":' || ${JSON.stringify(v.companyName)}::text || ',"values":' || ${values} || '}')`;
}

/** A record's columns, without the view's hidden cells (the properties are rebuilt only then). */
function recordColumns(hidden: string[], cells: PageCells): SQL {
  if (cells.as === 'values' && cells.values) {
    return sql`${taskValuesSql(cells.values)} AS "task${sql.raw(BYTES_SUFFIX)}", ${relatedTitlesSql(cells.relationKeys)} AS related`;
  }
  const properties = hidden.length ? sql`r.properties - ${pgArray(hidden)}::text[]` : sql`r.properties`;
  return sql`r.id, r.company_id, r.board, r.project_id, r.view_id,
  r.task_name, r.user_id, r.updated_by, r.is_frontend_visible, r.is_blank, r.is_deleted, r.from_record,
  r.position, r.seq, r.notes, ${cells.as === 'json' ? sql`(${properties})::text` : properties} AS properties,
  ${relationIdsSql(cells.relationKeys)} AS relation_ids, r.created_at, r.updated_at`;
}

const OBJECTS: PageCells = { as: 'objects', relationKeys: [] };

/** A page by sorting every filtered record (no index for the view's order yet). */
async function pageByScan(
  db: DbOrTx,
  companyId: string,
  body: FilterBody,
  columns: Record<string, Column>,
  hidden: string[],
  page: { offset: number; limit: number },
  cells: PageCells,
): Promise<unknown[]> {
  const keys: OrderKey[] = [];
  if (body.groupBy) keys.push(...groupKeys(columns[body.groupBy], groupSql(body.groupBy)));
  for (const s of body.sort) keys.push(...sortKeys(s, columns[s.column]));
  const order = [...orderSql(keys), sql`r.position ASC`, sql`r.seq ASC`];
  return rowsOf<unknown>(
    await db.execute(sql`SELECT ${recordColumns(hidden, cells)} FROM ${RECORDS_FROM}
      WHERE ${filterWhere(companyId, body, columns, SCAN)}
      ORDER BY ${sql.join(order, sql`, `)} LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
}

/**
 * The query of one group's part of a page along the view's index (`group` undefined when the view
 * is not grouped): the index's scope and keys as literals, so the planner matches them.
 */
export function indexedPageSql(
  index: ViewIndex,
  body: FilterBody,
  columns: Record<string, Column>,
  groupColumn: Column | undefined,
  hidden: string[],
  group: Group | undefined,
  offset: number,
  limit: number,
  cells: PageCells = OBJECTS,
): SQL {
  // An index with the view's filters in its predicate is chosen only for exactly those filters:
  // the same text, so PostgreSQL proves them from the predicate instead of checking each row.
  const conditions = index.filters.length
    ? [sql.raw(viewIndexPredicate(index)), ...searchConditions(body)]
    : [sql.raw(index.scope), viewConditions(body, columns, TABLE)];
  // Group keys a condition fixes to a value are left out of the order: the index still gives the
  // rest in order, and PostgreSQL no longer computes them for every row it returns (a third of
  // the page's time). Keys fixed to null (IS NULL) stay: they do not make the key constant.
  let fixed = 0;
  if (group && index.groupText) {
    const is = (text: string | undefined, value: SQL | null) =>
      value === null ? sql`(${sql.raw(text ?? '')}) IS NULL` : sql`(${sql.raw(text ?? '')}) = ${value}`;
    const v = group.value;
    const rank = v === null ? -1 : optionValues(groupColumn).indexOf(v);
    if (index.ranked) conditions.push(is(index.keys[0]?.text, rank >= 0 ? sql`${rank + 1}::int` : null));
    conditions.push(
      is(
        index.keys[index.ranked ? 1 : 0]?.text,
        v === null ? null : sql`${[...v].slice(0, SORT_TEXT_CHARS).join('')}::text`,
      ),
      is(index.groupText, v === null ? null : sql`${v}::text`),
    );
    if (v !== null && (!index.ranked || rank >= 0)) fixed = index.groupKeyCount;
  }
  const order = sql.raw(
    [
      ...index.keys.slice(fixed).map((k) => `(${k.text}) ${k.desc ? 'DESC' : 'ASC'} NULLS LAST`),
      'position ASC',
      'seq ASC',
    ].join(', '),
  );
  return sql`SELECT ${recordColumns(hidden, cells)} FROM board_records r WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * A page along the view's index: group by group (the summary knows how many records each holds),
 * each read in index order from its first record on the page, stopping after the page.
 */
async function pageAlongIndex(
  db: DbOrTx,
  index: ViewIndex,
  body: FilterBody,
  columns: Record<string, Column>,
  groupColumn: Column | undefined,
  summary: Summary,
  hidden: string[],
  page: { offset: number; limit: number },
  cells: PageCells,
): Promise<unknown[]> {
  const options = optionValues(groupColumn);
  const read = async (group: Group | undefined, offset: number, limit: number) => {
    // Everything the statement is built from (the index's name stands for its definition).
    const key = JSON.stringify([
      index.name,
      body.search ?? '',
      body.filters,
      roundedFilterColumns(body.filters, columns),
      options,
      hidden,
      group === undefined ? 0 : [group.value],
      offset,
      limit,
      cells,
    ]);
    // Along the index whatever the values: one plan for every run (db/plan.ts), unless a name
    // search's pattern is among them.
    return rowsOf<unknown>(
      await runKept(db, key, () => {
        const text = indexedPageSql(index, body, columns, groupColumn, hidden, group, offset, limit, cells);
        return body.search?.trim() ? text : genericPlan(text);
      }),
    );
  };
  if (!index.groupText) return read(undefined, page.offset, page.limit);
  const rows: unknown[] = [];
  const end = page.offset + page.limit;
  let start = 0;
  for (const g of summary.groups) {
    if (start >= end) break;
    const from = Math.max(page.offset, start);
    const to = Math.min(end, start + g.count);
    if (from < to) rows.push(...(await read(g, from - start, to - from)));
    start += g.count;
  }
  return rows;
}

/**
 * The ready index that serves a filter's order: the one with its filters in the predicate (a saved
 * view's), else the one of the order alone (a view without filters of the same order; its filters
 * are then checked per row). Neither ready on a large board: asks the job for the view's indexes.
 */
async function readyViewIndex(
  ctx: AppContext,
  companyId: string,
  body: FilterBody,
  columns: Record<string, Column>,
  records: number,
): Promise<ViewIndex | null> {
  const shape = {
    board: body.board,
    projectId: body.projectId ?? null,
    groupBy: body.groupBy ?? null,
    sort: body.sort,
  };
  const filtered = keptViewIndex(companyId, { ...shape, filters: body.filters }, columns);
  if (!filtered) return null;
  const candidates = filtered.filters.length
    ? [filtered, keptViewIndex(companyId, shape, columns)]
    : [filtered];
  for (const candidate of candidates) {
    if (candidate && (await viewIndexReady(ctx.database.db, candidate.name))) return candidate;
  }
  if (shouldAskForIndex(filtered.name, records, ctx.config.BOARD_INDEX_MIN_RECORDS)) {
    await enqueueJob(ctx.database.db, ctx.config.JOB_QUEUE, VIEW_INDEX_JOB, { companyId, board: body.board });
  }
  return null;
}

/** One page of a filter, its rows as `cells` says, with what the answer needs besides them. */
async function filterPage(
  ctx: AppContext,
  me: Principal,
  body: FilterBody,
  page: { page: number; limit: number },
  cellsAs: CellsAs,
) {
  const companyId = boardCompany(me);
  const db = ctx.database.db;
  if (body.board === 'projects') await db.transaction((tx) => syncProjectRecords(tx, companyId));
  // What every page needs besides itself, from memory while the change feed is live: the board's
  // data version (what the kept columns and totals are checked against) and the company's name.
  const [version, name] = await Promise.all([
    dataVersion(db, 'board_data_version'),
    companyName(db, companyId),
  ]);
  const columns = (await keptColumns(db, companyId, body.board, me.id, version)).properties;
  const groupColumn = body.groupBy ? columns[body.groupBy] : undefined;
  const summary = await summaries.get(
    db,
    [
      companyId,
      body.board,
      body.projectId ?? null,
      body.deleted,
      body.search?.trim() ?? '',
      body.filters,
      body.groupBy ?? null,
      body.sumProperty ?? null,
    ],
    () => summarize(db, companyId, body, columns, groupColumn),
    { version },
  );

  const hidden = body.hiddenProperties.filter((k) => k !== TITLE_KEY);
  const relationKeys = relationKeysOf(columns).filter((k) => !hidden.includes(k));
  // With `values`, the cells of the board's columns the view shows (a cell without a column, which
  // no write leaves, is not part of this form).
  const valueKeys = Object.entries(columns)
    .filter(([key]) => key !== TITLE_KEY && !hidden.includes(key))
    .map(([key, c]) => ({ key, type: c.dataType, icon: c.icon }));
  const cells: PageCells = {
    as: cellsAs,
    relationKeys,
    ...(cellsAs === 'values' ? { values: { keys: valueKeys.map((c) => c.key), companyName: name } } : {}),
  };
  const range = { offset: (page.page - 1) * page.limit, limit: page.limit };
  const index = body.deleted ? null : await readyViewIndex(ctx, companyId, body, columns, summary.total);
  let rows: unknown[] = [];
  if (range.offset < summary.total) {
    rows = index
      ? await pageAlongIndex(db, index, body, columns, groupColumn, summary, hidden, range, cells)
      : await pageByScan(db, companyId, body, columns, hidden, range, cells);
  }
  const ids = new Set(cellsAs === 'values' ? [] : (rows as PageRow[]).flatMap((r) => r.relation_ids ?? []));
  const total = summary.total;
  const totalPages = Math.ceil(total / page.limit);
  return {
    name,
    rows,
    cellKeys: valueKeys,
    related: await relatedTitles(ctx, companyId, ids),
    pagination: {
      page: page.page,
      limit: page.limit,
      total,
      totalPages,
      hasNextPage: page.page < totalPages,
    },
    groups: summary.groups,
  };
}

/** One page of records with the view's filters, sort, grouping and hidden cells, as objects. */
export async function filterTasks(
  ctx: AppContext,
  me: Principal,
  body: FilterBody,
  page: { page: number; limit: number },
) {
  const { name, rows, related, pagination, groups } = await filterPage(ctx, me, body, page, 'objects');
  return { tasks: (rows as PageRow[]).map((r) => toTask(r, name)), pagination, groups, related };
}

/**
 * POST /task/filter's answer (`TaskFilterResponse`) as JSON text: `filterTasks` with each record's
 * cells spliced in as PostgreSQL wrote them. The route checks it against the schema where answers
 * are checked (tests, development): the cells are written only by the API, as `Cell`s.
 */
export async function filterTasksJson(
  ctx: AppContext,
  me: Principal,
  body: FilterBody,
  page: { page: number; limit: number },
): Promise<string> {
  const { name, rows, related, pagination, groups } = await filterPage(ctx, me, body, page, 'json');
  const tasks = (rows as JsonRecordRow[]).map((r) => {
    const { properties: _cells, ...task } = toTask({ ...r, properties: {} }, name);
    return `${JSON.stringify(task).slice(0, -1)},"properties":${r.properties}}`;
  });
  return `{"data":{"tasks":[${tasks.join(',')}],"pagination":${JSON.stringify(pagination)},"groups":${JSON.stringify(groups)},"related":${JSON.stringify(related)}}}`;
}

/**
 * POST /task/filter?cells=values's answer (`TaskFilterValuesResponse`) as JSON text: each record
 * written by PostgreSQL with its values in the order of `cells`, and the titles its relation cells
 * point to read with it (one statement a page where `filterTasksJson` needs two).
 */
export async function filterTaskValuesJson(
  ctx: AppContext,
  me: Principal,
  body: FilterBody,
  page: { page: number; limit: number },
): Promise<Buffer> {
  const { rows, cellKeys, pagination, groups } = await filterPage(ctx, me, body, page, 'values');
  const related: Record<string, string> = {};
  // The records as the database wrote them, never decoded into strings on the server (decision 0025).
  const parts: Buffer[] = [Buffer.from(`{"data":{"cells":${JSON.stringify(cellKeys)},"tasks":[`)];
  for (const [i, r] of (rows as ValuesRow[]).entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(bytesOf(r['task:bytes']));
    if (r.related) Object.assign(related, JSON.parse(r.related));
  }
  parts.push(
    Buffer.from(
      `],"pagination":${JSON.stringify(pagination)},"groups":${JSON.stringify(groups)},"related":${JSON.stringify(related)}}}`,
    ),
  );
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(',');

/** The keys of the board's relation columns. */
const relationKeysOf = (columns: Record<string, Column>): string[] =>
  Object.values(columns)
    .filter((c) => c.dataType === 'relation')
    .map((c) => c.id);

/** Titles of the records `ids` name (of the company), for relation cells. */
async function relatedTitles(
  ctx: AppContext,
  companyId: string,
  ids: Set<string>,
): Promise<Record<string, string>> {
  if (ids.size === 0) return {};
  // The titles only: a related record's properties would be read and parsed for nothing.
  const rows = rowsOf<{ id: string; task_name: string }>(
    await ctx.database.db.execute(sql`SELECT id, task_name FROM board_records
      WHERE company_id = ${companyId} AND id = ANY(${pgArray([...ids])}::uuid[])`),
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.task_name]));
}

/** One record of the caller's company, or a 404 (another company's record is not found). */
async function loadTask(db: Parameters<typeof findRecords>[0], companyId: string, id: string) {
  const [row] = await findRecords(db, companyId, sql`r.id = ${id}`);
  if (!row) throw notFound('task_not_found');
  return row;
}

async function taskById(ctx: AppContext, companyId: string, id: string) {
  const row = await loadTask(ctx.database.db, companyId, id);
  return toTask(row, await companyName(ctx.database.db, companyId));
}

/** GET /task/{id}: one record of the caller's company (the drawer, outside the loaded pages). */
export async function getTask(ctx: AppContext, me: Principal, id: string) {
  return taskById(ctx, boardCompany(me), id);
}

/**
 * POST /task/create. Records of /projects come from saved projects and are not created here. Numbers
 * sent as text are read in the request's language `lang`.
 */
export async function createTask(
  ctx: AppContext,
  me: Principal,
  input: z.output<typeof TaskCreateRequest>,
  lang: Language,
) {
  const companyId = boardCompany(me);
  if (input.board === 'projects') throw new AppError(403, 'project_records_fixed');
  const id = await ctx.database.db.transaction(async (tx) => {
    const columns = (await loadColumns(tx, companyId, input.board, me.id)).properties;
    if (input.projectId) await assertProject(tx, companyId, input.projectId);
    // The view the record was made in: one of the company's views of this board, never another's.
    if (input.viewId) {
      const [view] = rowsOf<{ id: string }>(
        await tx.execute(sql`SELECT id FROM board_views WHERE id = ${input.viewId}
          AND company_id = ${companyId} AND board = ${input.board}`),
      );
      if (!view) throw notFound('view_not_found');
    }
    const properties = await applyValues(tx, companyId, columns, {}, input.properties ?? {}, lang);
    let position: number;
    if (input.afterId === undefined) position = await endPosition(tx, companyId, input.board);
    else {
      await lockBoardOrder(tx, companyId, input.board);
      [position] = (await placeAfter(tx, companyId, input.board, input.afterId, 1)).positions as [number];
    }
    const seq = await allocateSeq(tx, companyId, 1);
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`INSERT INTO board_records (company_id, board, project_id, view_id, task_name, user_id,
          updated_by, is_blank, position, seq, notes, properties)
        VALUES (${companyId}, ${input.board}, ${input.projectId ?? null}, ${input.viewId ?? null},
          ${input.taskName}, ${me.id}, ${me.id}, ${input.taskName.trim() === '' && !input.properties},
          ${position}, ${seq}, ${input.notes ?? ''}, ${JSON.stringify(properties)}::jsonb)
        RETURNING id`),
    );
    if (!row) throw new AppError(418, 'something_wrong');
    await recordEvents(tx, companyId, me.id, createdEvents([row.id]), ctx.config);
    await recomputeRecords(tx, companyId, sql`r.id = ${row.id}`, { dependents: true });
    return row.id;
  });
  return taskById(ctx, companyId, id);
}

export type UpdateInput = z.output<typeof TaskUpdateRequest>;

/**
 * Applies one update to a loaded record inside a transaction; answers what it changed, for the
 * record's history (the caller writes the events of its operation at once: `recordEvents`).
 */
export async function applyUpdate(
  tx: Parameters<typeof findRecords>[0],
  me: Principal,
  companyId: string,
  row: RecordRow,
  input: UpdateInput,
  columns: Record<string, Column>,
  lang: Language,
) {
  const titleColumn = columns[TITLE_KEY];
  if (input.taskName !== undefined && titleColumn?.synced) {
    throw badRequest('invalid_input', { taskName: 'read_only_property' });
  }
  if (input.projectId && row.board === 'tasks') await assertProject(tx, companyId, input.projectId);
  if (input.projectId !== undefined && row.board === 'projects')
    throw new AppError(403, 'project_records_fixed');
  if (input.isDeleted !== undefined && row.board === 'projects')
    throw new AppError(403, 'project_records_fixed');
  const values: Record<string, unknown> = { ...(input.properties ?? {}) };
  if (input.pressButton) {
    const button = columns[input.pressButton];
    const target = button?.button ? columns[button.button.setProperty] : undefined;
    if (button?.dataType !== 'button' || !target || !button.button) {
      throw badRequest('invalid_input', { pressButton: 'invalid_button' });
    }
    values[target.id] = button.button.setValue;
  }
  const properties = await applyValues(tx, companyId, columns, row.properties ?? {}, values, lang);
  await tx.execute(sql`UPDATE board_records SET
      task_name = ${input.taskName ?? row.task_name},
      notes = ${input.notes ?? row.notes},
      position = ${input.position ?? row.position},
      project_id = ${input.projectId === undefined ? row.project_id : input.projectId},
      is_deleted = ${input.isDeleted ?? row.is_deleted},
      deleted_at = ${input.isDeleted === true ? sql`now()` : input.isDeleted === false ? null : sql`deleted_at`},
      is_blank = false,
      properties = ${JSON.stringify(properties)}::jsonb,
      updated_by = ${me.id}, updated_at = now()
    WHERE id = ${row.id} AND company_id = ${companyId}`);
  const events: RecordEvent[] = [];
  const changes = valueChanges(
    { taskName: row.task_name, notes: row.notes, properties: row.properties ?? {} },
    { taskName: input.taskName, notes: input.notes, properties },
    Object.keys(values),
  );
  if (changes.length) {
    // The whole notes go with the event for the mentions they hold (its changes keep 500 characters).
    const notes =
      input.notes !== undefined && input.notes !== row.notes ? { from: row.notes, to: input.notes } : null;
    events.push({ recordId: row.id, kind: 'changed', changes, ...(notes ? { notes } : {}) });
  }
  if (input.isDeleted === true && !row.is_deleted) events.push({ recordId: row.id, kind: 'deleted' });
  if (input.isDeleted === false && row.is_deleted) events.push({ recordId: row.id, kind: 'restored' });
  return events;
}

/**
 * Refuses an edit made on values that are no longer stored (`expected`, the record drawer): someone
 * else changed those fields meanwhile. Each such field is named (`properties.<key>` for a property),
 * so the editor sees which ones and can keep theirs or take the other.
 */
function assertUnchanged(row: RecordRow, expected: UpdateInput['expected']) {
  if (!expected) return;
  const changed: Record<string, MessageKey> = {};
  if (expected.taskName !== undefined && expected.taskName !== row.task_name)
    changed.taskName = 'changed_meanwhile';
  if (expected.notes !== undefined && expected.notes !== row.notes) changed.notes = 'changed_meanwhile';
  for (const [key, value] of Object.entries(expected.properties ?? {})) {
    if (!sameCellValue(value, row.properties?.[key]?.value))
      changed[`properties.${key}`] = 'changed_meanwhile';
  }
  if (Object.keys(changed).length > 0) throw new AppError(409, 'edit_conflict', changed);
}

/**
 * An update whose notes were written on notes that someone else has changed since (`expected.notes`
 * is no longer stored): where the two changed different lines, the update carries both (mergeText)
 * and expects the stored notes, so it goes through. Otherwise it stays as it is and is refused.
 */
function withMergedNotes(row: RecordRow, input: UpdateInput): UpdateInput {
  const seen = input.expected?.notes;
  if (input.notes === undefined || seen === undefined || seen === row.notes) return input;
  const merged = mergeText(seen, input.notes, row.notes);
  if (merged === null || merged.length > NOTES_MAX_LENGTH) return input;
  return { ...input, notes: merged, expected: { ...input.expected, notes: row.notes } };
}

/**
 * PUT /task/update/{id}. The record is locked first: two updates of one record (a colleague's and
 * yours) take turns, and each writes its fields over the other's stored values, never over the values
 * it read before the other committed (which would undo the other's change of another field). Numbers
 * sent as text are read in the request's language `lang` (`1.234,5` in German, `1,234.5` in English).
 */
export async function updateTask(
  ctx: AppContext,
  me: Principal,
  id: string,
  input: UpdateInput,
  lang: Language,
) {
  const companyId = boardCompany(me);
  await ctx.database.db.transaction(async (tx) => {
    await lockRecords(tx, companyId, [id]);
    const row = await loadTask(tx, companyId, id);
    const update = withMergedNotes(row, input);
    assertUnchanged(row, update.expected);
    const columns = (await loadColumns(tx, companyId, row.board, me.id)).properties;
    await recordEvents(
      tx,
      companyId,
      me.id,
      await applyUpdate(tx, me, companyId, row, update, columns, lang),
      ctx.config,
    );
    await recomputeRecords(tx, companyId, sql`r.id = ${id}`, { dependents: true });
  });
  return taskById(ctx, companyId, id);
}

/**
 * Locks records in one order (by id) before changing several: two bulk changes of overlapping records
 * then wait for each other instead of deadlocking (found by the PostgreSQL outage test's load).
 */
export async function lockRecords(tx: Parameters<typeof findRecords>[0], companyId: string, ids: string[]) {
  await tx.execute(sql`SELECT id FROM board_records WHERE company_id = ${companyId}
    AND id = ANY(${pgArray(ids)}::uuid[]) ORDER BY id FOR UPDATE`);
}

/** PUT /task/update/multiple: the same update on many records, all or none. */
export async function updateTasks(
  ctx: AppContext,
  me: Principal,
  ids: string[],
  update: Omit<UpdateInput, 'position' | 'pressButton'>,
  lang: Language,
) {
  const companyId = boardCompany(me);
  const unique = [...new Set(ids)];
  await ctx.database.db.transaction(async (tx) => {
    await lockRecords(tx, companyId, unique);
    const rows = await findRecords(tx, companyId, sql`r.id = ANY(${pgArray(unique)}::uuid[])`);
    if (rows.length !== unique.length) throw notFound('task_not_found');
    const columnsByBoard = new Map<Board, Record<string, Column>>();
    const events: RecordEvent[] = [];
    for (const row of rows) {
      let columns = columnsByBoard.get(row.board);
      if (!columns) {
        columns = (await loadColumns(tx, companyId, row.board, me.id)).properties;
        columnsByBoard.set(row.board, columns);
      }
      events.push(...(await applyUpdate(tx, me, companyId, row, update, columns, lang)));
    }
    await recordEvents(tx, companyId, me.id, events, ctx.config);
    await recomputeRecords(tx, companyId, sql`r.id = ANY(${pgArray(unique)}::uuid[])`, { dependents: true });
  });
  const db = ctx.database.db;
  const name = await companyName(db, companyId);
  const rows = await findRecords(db, companyId, sql`r.id = ANY(${pgArray(unique)}::uuid[])`);
  return rows.map((r) => toTask(r, name));
}

/** POST /task/delete/multiple: soft delete (undo with isDeleted false). */
export async function deleteTasks(ctx: AppContext, me: Principal, taskIds: string[]) {
  const companyId = boardCompany(me);
  const unique = [...new Set(taskIds)];
  return ctx.database.db.transaction(async (tx) => {
    await lockRecords(tx, companyId, unique);
    const rows = await findRecords(tx, companyId, sql`r.id = ANY(${pgArray(unique)}::uuid[])`);
    if (rows.length !== unique.length) throw notFound('task_not_found');
    if (rows.some((r) => r.board === 'projects')) throw new AppError(403, 'project_records_fixed');
    await tx.execute(sql`UPDATE board_records SET is_deleted = true, deleted_at = now(), updated_by = ${me.id},
      updated_at = now() WHERE company_id = ${companyId} AND id = ANY(${pgArray(unique)}::uuid[])`);
    const binned = rows
      .filter((r) => !r.is_deleted)
      .map((r) => ({ recordId: r.id, kind: 'deleted' as const }));
    await recordEvents(tx, companyId, me.id, binned, ctx.config);
    // Rollups that counted these records change.
    await recomputeRecords(tx, companyId, sql`r.id = ANY(${pgArray(unique)}::uuid[])`, { dependents: true });
    return unique.length;
  });
}

/**
 * POST /task/duplicate: a copy of each record right after it (answered in the order of `ids`) (its name, notes and cells; the copy is
 * new: made now, by the caller, with the next running number), all or none. The /projects board's
 * records stand for saved projects and are not copied.
 */
export async function duplicateTasks(ctx: AppContext, me: Principal, board: Board, ids: string[]) {
  const companyId = boardCompany(me);
  if (board === 'projects') throw new AppError(403, 'project_records_fixed');
  const unique = [...new Set(ids)];
  const copies = await ctx.database.db.transaction(async (tx) => {
    await lockBoardOrder(tx, companyId, board);
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id FROM board_records WHERE company_id = ${companyId} AND board = ${board}
        AND NOT is_deleted AND id = ANY(${pgArray(unique)}::uuid[]) ORDER BY position, seq`),
    );
    if (rows.length !== unique.length) throw notFound('task_not_found');
    const first = await allocateSeq(tx, companyId, rows.length);
    const made: string[] = [];
    for (const [i, row] of rows.entries()) {
      // Each copy goes between its original and the record after it.
      const [position] = (await placeAfter(tx, companyId, board, row.id, 1)).positions as [number];
      const [copy] = rowsOf<{ id: string }>(
        await tx.execute(sql`INSERT INTO board_records (company_id, board, project_id, view_id, task_name, user_id,
            updated_by, is_blank, position, seq, notes, properties)
          SELECT company_id, board, project_id, view_id, task_name, ${me.id}, ${me.id}, false, ${position},
            ${first + i}, notes, properties
          FROM board_records WHERE id = ${row.id} AND company_id = ${companyId}
          RETURNING id`),
      );
      if (!copy) throw new AppError(418, 'something_wrong');
      made.push(copy.id);
    }
    await recordEvents(tx, companyId, me.id, createdEvents(made), ctx.config);
    await recomputeRecords(tx, companyId, sql`r.id = ANY(${pgArray(made)}::uuid[])`, { dependents: true });
    // The originals' order: a copy follows its original in the answer too.
    return unique.map((id) => made[rows.findIndex((r) => r.id === id)] as string);
  });
  const db = ctx.database.db;
  const name = await companyName(db, companyId);
  const found = await findRecords(db, companyId, sql`r.id = ANY(${pgArray(copies)}::uuid[])`);
  const byId = new Map(found.map((r) => [r.id, toTask(r, name)]));
  // The copy of each given record, in the order given.
  return copies.map((id) => byId.get(id) as ReturnType<typeof toTask>);
}
