import type { QuoteFilters } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Bind, inline } from '../../db/shaped';
import type { Principal } from '../../lib/auth-hook';
import { forbidden } from '../../lib/errors';

/**
 * What part of the platform's quotes a caller sees (docs/pipeline.md "Who sees what"): an installer
 * company its rows of `quote_areas` (its service area and its projects, kept by triggers).
 */
export type QuoteScope =
  | { kind: 'all' }
  | { kind: 'city'; city: string }
  | { kind: 'company'; companyId: string };

/** The caller's scope, from the session alone (no statement: the area lives in `quote_areas`). */
export function scopeFor(p: Principal): QuoteScope {
  if (p.role === 'ADMIN') return { kind: 'all' };
  if (p.role === 'CITY_ADMIN') {
    if (!p.city) throw forbidden();
    return { kind: 'city', city: p.city };
  }
  if (!p.companyId) throw forbidden();
  return { kind: 'company', companyId: p.companyId };
}

export function companyOf(scope: QuoteScope): string | null {
  return scope.kind === 'company' ? scope.companyId : null;
}

/**
 * The visibility condition on `q` (quotes) joined with `p` (the caller's project, if any). An
 * installer sees the quotes of its service area and every quote it has a project of: its rows of
 * `quote_areas`, kept by triggers (the exact great-circle distance, and its projects: migrations
 * 0011 and 0012).
 */
export function scopeSql(scope: QuoteScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'city':
      return sql`q.city = ${scope.city}`;
    case 'company':
      return sql`EXISTS (SELECT 1 FROM quote_areas a WHERE a.company_id = ${scope.companyId} AND a.quote_id = q.id)`;
  }
}

/** The caller's project join (nothing for ADMIN and CITY_ADMIN). */
export function projectJoin(scope: QuoteScope): SQL {
  const companyId = companyOf(scope);
  return companyId
    ? sql`LEFT JOIN projects p ON p.quote_id = q.id AND p.company_id = ${companyId} AND NOT p.is_deleted`
    : sql`LEFT JOIN LATERAL (SELECT NULL::uuid AS id, NULL::text AS stage) p ON true`;
}

/** The filters an installer's row of `quote_areas` answers from its copies of the quote (migration 0016). */
const AREA_COPIES = {
  buildingType: sql`a.building_type`,
  status: sql`a.status`,
  verification: sql`a.verification`,
  totalCost: sql`a.total_cost`,
  rating: sql`a.rating`,
};

/** The filter conditions of SPEC §7 quote lists, all in SQL. */
export function filterSql(f: QuoteFilters, bind: Bind = inline): SQL {
  return filterParts(f, false, bind).sql;
}

/** Whether `f` sets no filter at all. */
export function noFilter(f: QuoteFilters): boolean {
  return FILTERS.every((filter) => filter.value(f) === undefined);
}

/**
 * The filter conditions over an installer's rows of `quote_areas` (alias `a`) alone, when their
 * copies of the quote answer every filter of `f`; null when one needs the quote itself.
 */
export function areaFilterSql(f: QuoteFilters, bind: Bind = inline): SQL | null {
  const parts = filterParts(f, true, bind);
  return parts.readsQuote ? null : parts.sql;
}

/**
 * The filters `f` sets, for a shaped statement (db/shaped.ts): their names as the shape's part of
 * the key, and their values by the names the conditions bind them with (`f_<filter>`).
 */
export function filterShape(f: QuoteFilters): { key: string; values: Record<string, unknown> } {
  let key = '';
  const values: Record<string, unknown> = {};
  for (const filter of FILTERS) {
    const value = filter.value(f);
    if (value === undefined) continue;
    key += `${filter.name},`;
    values[`f_${filter.name}`] = value;
  }
  return { key, values };
}

/** How a condition names its columns: the quote's, or the area row's copy where it answers. */
interface Columns {
  /** A column of the quote itself (the area row cannot answer the filter). */
  quote(column: SQL): SQL;
  /** The area row's copy of a quote column, on the area; else the quote's column. */
  copy(name: keyof typeof AREA_COPIES, column: SQL): SQL;
}

/** One filter: its value in `f` (undefined when unset, as one bound value) and its condition on it. */
interface Filter {
  name: string;
  value(f: QuoteFilters): string | number | undefined;
  condition(value: unknown, c: Columns): SQL;
}

/** A filter for a list of values: any of them (one `text[]` value). */
const anyOf = (
  name: 'city' | 'buildingType' | 'roofType' | 'status' | 'taskStatus' | 'verification',
  column: (c: Columns) => SQL,
): Filter => ({
  name,
  value: (f) => (f[name]?.length ? toPgArray(f[name]) : undefined),
  condition: (v, c) => sql`${column(c)} = ANY(${v}::text[])`,
});

/** The filters of SPEC §7, in the order their conditions are written. */
const FILTERS: readonly Filter[] = [
  {
    name: 'search',
    value: (f) => (f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined),
    condition: (v, c) => sql`(${c.quote(sql`q.address`)} ILIKE ${v} OR q.short_id ILIKE ${v})`,
  },
  // A column is named only for a filter that is set, so an unset one reads no quote.
  anyOf('city', (c) => c.quote(sql`q.city`)),
  anyOf('buildingType', (c) => c.copy('buildingType', sql`q.building_type`)),
  anyOf('roofType', (c) => c.quote(sql`q.roof_type`)),
  anyOf('status', (c) => c.copy('status', sql`q.status`)),
  anyOf('taskStatus', (c) => c.quote(sql`q.task_status`)),
  anyOf('verification', (c) => c.copy('verification', sql`q.verification`)),
  {
    name: 'flags',
    value: (f) => (f.flags?.length ? toPgArray(f.flags) : undefined),
    condition: (v, c) => sql`${c.quote(sql`q.flags`)} && ${v}::text[]`,
  },
  {
    name: 'costMin',
    value: (f) => f.costMin,
    condition: (v, c) => sql`${c.copy('totalCost', sql`q.total_cost`)} >= ${v}`,
  },
  {
    name: 'costMax',
    value: (f) => f.costMax,
    condition: (v, c) => sql`${c.copy('totalCost', sql`q.total_cost`)} <= ${v}`,
  },
  {
    name: 'ratingMin',
    value: (f) => f.ratingMin,
    condition: (v, c) => sql`${c.copy('rating', sql`q.rating`)} >= ${v}`,
  },
];

function filterParts(f: QuoteFilters, onArea: boolean, bind: Bind): { sql: SQL; readsQuote: boolean } {
  let readsQuote = false;
  const columns: Columns = {
    quote(column) {
      readsQuote = true;
      return column;
    },
    copy: (name, column) => (onArea ? AREA_COPIES[name] : columns.quote(column)),
  };
  const parts: SQL[] = [sql`true`];
  for (const filter of FILTERS) {
    const value = filter.value(f);
    if (value !== undefined) parts.push(filter.condition(bind(`f_${filter.name}`, value), columns));
  }
  return { sql: sql.join(parts, sql` AND `), readsQuote };
}

/** A text[] literal passed as one parameter (works the same on PGlite and node-postgres). */
export function toPgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
