import { type MaxMin, QUOTE_COUNT_CAP, type QuoteFilters, type QuoteListQuery } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { genericPlan } from '../../db/plan';
import { type Bind, type Shaped, shapedStatements } from '../../db/shaped';
import { badRequest } from '../../lib/errors';
import { KeptBody } from '../../lib/kept-body';
import { versionedCache } from '../../lib/versioned-cache';
import { quoteJsonSql } from './quotes.repository';
import { areaFilterSql, filterShape, filterSql, noFilter, type QuoteScope } from './quotes.scope';

/**
 * The quote search (docs/decisions/0005-quote-search-at-scale.md): pages by keyset, every sort on an
 * index with `id` as the tiebreaker, an installer's service area read from `quote_areas` in rating
 * order, and totals counted up to QUOTE_COUNT_CAP and cached for a minute.
 */

type SortColumn = QuoteListQuery['sortColumn'];

/** Each sort column in SQL, with the cast its cursor value needs and that value from the page's `k`. */
const SORTS: Record<SortColumn, { column: SQL; cast: SQL; of: (k: unknown) => number | string }> = {
  'profiles.green.rating': { column: sql`q.rating`, cast: sql`double precision`, of: Number },
  totalCost: { column: sql`q.total_cost`, cast: sql`double precision`, of: Number },
  consumption: { column: sql`q.consumption`, cast: sql`double precision`, of: Number },
  people: { column: sql`q.people`, cast: sql`integer`, of: Number },
  pricePerKwh: { column: sql`q.price_per_kwh`, cast: sql`double precision`, of: Number },
  city: { column: sql`q.city`, cast: sql`text`, of: String },
  // Kept as PostgreSQL wrote it (microseconds included), so the next page starts exactly after it.
  createdAt: {
    column: sql`q.created_at`,
    cast: sql`timestamptz`,
    of: (k) => (k instanceof Date ? k.toISOString() : String(k)),
  },
};

/** Where the next page starts: the last row's sort value and id. */
export interface QuoteCursor {
  value: number | string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: QuoteCursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

/** The cursor of a request; a cursor that was not made here is a 400 on `cursor`. */
export function decodeCursor(text: string): QuoteCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [value, id] = parsed as unknown[];
      if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string') {
        if (typeof id === 'string' && UUID.test(id)) return { value, id };
      }
    }
  } catch {
    // Falls through to the validation error.
  }
  throw badRequest('invalid_input', { cursor: 'invalid_cursor' });
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A page's row: its sort value, its id and the quote as JSON text in the API's shape. */
interface QuotePageRow {
  k: unknown;
  id: string;
  doc: string;
}

/** `(column, id) < / > (value, id)`: the rows after the cursor in the sort's direction. */
function afterCursor(
  column: SQL,
  id: SQL,
  cast: SQL,
  cursor: QuoteCursor | null,
  desc: boolean,
  bind: Bind,
): SQL {
  if (!cursor) return sql`true`;
  const op = desc ? sql`<` : sql`>`;
  const value = bind('cursorValue', cursor.value);
  return sql`(${column}, ${id}) ${op} (${value}::${cast}, ${bind('cursorId', cursor.id)}::uuid)`;
}

/** The page statements' texts, one a shape (db/shaped.ts). */
const pageStatements = shapedStatements();

/**
 * One page of the caller's quotes in the requested order. An installer's quotes (its service area
 * and its projects) are its rows of `quote_areas`, read along `(company_id, rating, quote_id)` for
 * the default sort. The platform roles read `quotes` along the sort column's index.
 */
export async function findQuotePage(
  db: DbOrTx,
  scope: QuoteScope,
  filters: QuoteFilters,
  page: QuoteListQuery,
): Promise<{ docs: string[]; nextCursor: string | null }> {
  const cursor = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = rowsOf<QuotePageRow>(
    await pageStatements.run(db, quotePageStatement(scope, filters, page, cursor)),
  );
  const hasNext = rows.length > page.limit;
  const shown = hasNext ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return {
    docs: shown.map((r) => r.doc),
    nextCursor:
      hasNext && last ? encodeCursor({ value: SORTS[page.sortColumn].of(last.k), id: last.id }) : null,
  };
}

/** The page's statement as a shape (scope, sort, set filters, cursor or not) and its values. */
export function quotePageStatement(
  scope: QuoteScope,
  filters: QuoteFilters,
  page: QuoteListQuery,
  cursor: QuoteCursor | null,
): Shaped {
  // With a cursor the page starts after it; without, `page` skips the rows before it.
  const offset = cursor ? 0 : (page.page - 1) * page.limit;
  const take = page.limit + 1; // one more than shown says whether a next page exists
  const span = { read: offset + take, take, offset };
  const shape = filterShape(filters);
  return {
    key: `${scope.kind}|${page.sortColumn}|${page.sortOrder}|${cursor ? 'after' : 'at'}|${shape.key}`,
    values: {
      ...shape.values,
      ...span,
      company: scope.kind === 'company' ? scope.companyId : null,
      city: scope.kind === 'city' ? scope.city : null,
      cursorValue: cursor?.value ?? null,
      cursorId: cursor?.id ?? null,
    },
    build: (bind) => buildQuotePage(scope, filters, page, cursor, span, bind),
  };
}

/** The page's statement, its values put in by `bind`; what else it reads of its inputs is its shape. */
function buildQuotePage(
  scope: QuoteScope,
  filters: QuoteFilters,
  page: QuoteListQuery,
  cursor: QuoteCursor | null,
  span: { read: number; take: number; offset: number },
  bind: Bind,
): SQL {
  const sort = SORTS[page.sortColumn];
  const desc = page.sortOrder === 'desc';
  const dir = desc ? sql`DESC` : sql`ASC`;
  const where = filterSql(filters, bind);
  // One plan for every run (db/plan.ts) where the values cannot change the best one: an installer's
  // area (its own rows, at most tens of thousands, read in its rating index or sorted) without an
  // address pattern; all quotes, or a city's in rating order, without filters (each along its
  // index). A filter's or a small city's values can make another index the better one there.
  const steady =
    scope.kind === 'company'
      ? !filters.search
      : noFilter(filters) && (scope.kind === 'all' || page.sortColumn === 'profiles.green.rating');
  const plan = (statement: SQL) => (steady ? genericPlan(statement) : statement);
  const doc = quoteJsonSql(scope);
  const take = bind('take', span.take);
  const offset = bind('offset', span.offset);
  if (scope.kind === 'company') {
    const company = bind('company', scope.companyId);
    const projectJoin = sql`LEFT JOIN projects p ON p.quote_id = q.id AND p.company_id = ${company} AND NOT p.is_deleted`;
    // The default sort reads the company's own copy of the rating, in index order.
    const byRating = page.sortColumn === 'profiles.green.rating';
    const key = byRating ? sql`a.rating` : sort.column;
    const id = byRating ? sql`a.quote_id` : sql`q.id`;
    // In rating order with filters the area's rows answer (their copies of the quote, migration
    // 0016), the page is read from the rating index alone; otherwise each row's quote is read.
    const onArea = byRating ? areaFilterSql(filters, bind) : null;
    const source = onArea ? sql`quote_areas a` : sql`quote_areas a JOIN quotes q ON q.id = a.quote_id`;
    return plan(sql`SELECT v.k, v.id, ${doc} AS doc FROM (
          SELECT a.quote_id AS id, ${key} AS k FROM ${source}
          WHERE a.company_id = ${company} AND ${onArea ?? where} AND ${afterCursor(key, id, sort.cast, cursor, desc, bind)}
          ORDER BY ${key} ${dir}, ${id} ${dir} LIMIT ${bind('read', span.read)}
        ) v JOIN quotes q ON q.id = v.id ${projectJoin}
        ORDER BY v.k ${dir}, v.id ${dir} LIMIT ${take} OFFSET ${offset}`);
  }
  const scopeWhere = scope.kind === 'city' ? sql`q.city = ${bind('city', scope.city)}` : sql`true`;
  return plan(sql`SELECT ${sort.column} AS k, q.id, ${doc} AS doc FROM quotes q
        LEFT JOIN LATERAL (SELECT NULL::uuid AS id, NULL::text AS stage) p ON true
        WHERE ${scopeWhere} AND ${where} AND ${afterCursor(sort.column, sql`q.id`, sort.cast, cursor, desc, bind)}
        ORDER BY ${sort.column} ${dir}, q.id ${dir} LIMIT ${take} OFFSET ${offset}`);
}

/** The rows a scope sees, as `v(id)`: the area and the projects for an installer. */
export function visibleIds(scope: QuoteScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`SELECT id FROM quotes`;
    case 'city':
      return sql`SELECT id FROM quotes WHERE city = ${scope.city}`;
    case 'company':
      return sql`SELECT quote_id AS id FROM quote_areas WHERE company_id = ${scope.companyId}`;
  }
}

/** Count and sums of the filtered set, reading at most QUOTE_COUNT_CAP + 1 rows. */
export async function countQuoteTotals(
  db: DbOrTx,
  scope: QuoteScope,
  filters: QuoteFilters,
): Promise<MaxMin> {
  const from =
    scope.kind === 'all' ? sql`quotes q` : sql`(${visibleIds(scope)}) v JOIN quotes q ON q.id = v.id`;
  const [totals] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`SELECT count(*)::int AS count, coalesce(sum(s.total_cost), 0) AS total_cost,
      coalesce(min(s.total_cost), 0) AS min_cost, coalesce(max(s.total_cost), 0) AS max_cost,
      coalesce(sum(s.consumption), 0) AS total_consumption
      FROM (SELECT q.total_cost, q.consumption FROM ${from} WHERE ${filterSql(filters)}
        LIMIT ${QUOTE_COUNT_CAP + 1}) s`),
  );
  const count = Number(totals?.count ?? 0);
  if (count > QUOTE_COUNT_CAP) {
    return {
      count: QUOTE_COUNT_CAP,
      isCapped: true,
      totalCost: 0,
      minCost: 0,
      maxCost: 0,
      totalConsumption: 0,
    };
  }
  return {
    count,
    isCapped: false,
    totalCost: Number(totals?.total_cost ?? 0),
    minCost: Number(totals?.min_cost ?? 0),
    maxCost: Number(totals?.max_cost ?? 0),
    totalConsumption: Number(totals?.total_consumption ?? 0),
  };
}

const totalsCache = versionedCache<MaxMin>('quote_data_version', 2_000);
/** Map answers as kept bytes with their compressed forms (each up to about 1 MB plain). */
const mapCache = versionedCache<KeptBody>('quote_data_version', 32);

/**
 * The totals of a search, counted (up to the cap) unless known: counting reads the whole filtered
 * set of the scope, the costliest part of a search.
 */
export function findQuoteTotals(db: DbOrTx, scope: QuoteScope, filters: QuoteFilters): Promise<MaxMin> {
  return totalsCache.get(db, totalsKey(scope, filters), () => countQuoteTotals(db, scope, filters));
}

/** The totals of a search when kept and known current at once (a hit answered without a promise), else undefined. */
export function keptQuoteTotals(db: DbOrTx, scope: QuoteScope, filters: QuoteFilters): MaxMin | undefined {
  return totalsCache.peek(db, totalsKey(scope, filters));
}

/**
 * The totals' key: the scope, and the values of the filters that are set (what the count depends on;
 * a cursor or a page does not count). A request of no filters (the listing's first screen, the
 * totals badge) writes no JSON: writing `[scope, filters]` out was about 4 % of the totals route's
 * work, the kept answer's whole cost.
 */
export function totalsKey(scope: QuoteScope, filters: QuoteFilters): string {
  const of =
    scope.kind === 'all'
      ? 'all'
      : scope.kind === 'city'
        ? `city:${scope.city}`
        : `company:${scope.companyId}`;
  const set = filterShape(filters);
  return set.key === '' ? of : `${of}|${JSON.stringify(set.values)}`;
}

/** Forgets every cached total (tests). */
export function clearQuoteTotals(): void {
  totalsCache.clear();
}

/**
 * A map answer kept as bytes (an installer's colleagues open the same map), with its compressed
 * forms made once (decision 0016), so a hit costs the version check and the send.
 */
export function cachedMapBody(db: DbOrTx, key: unknown, build: () => Promise<unknown>): Promise<KeptBody> {
  return mapCache.get(db, key, async () => new KeptBody(JSON.stringify(await build())));
}
