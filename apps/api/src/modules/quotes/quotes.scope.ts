import type { QuoteFilters } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
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
};

/** The filter conditions of SPEC §7 quote lists, all in SQL. */
export function filterSql(f: QuoteFilters): SQL {
  return filterParts(f, false).sql;
}

/** Whether `f` sets no filter at all. */
export function noFilter(f: QuoteFilters): boolean {
  return filterParts(f, false).count === 0;
}

/**
 * The filter conditions over an installer's rows of `quote_areas` (alias `a`) alone, when their
 * copies of the quote answer every filter of `f`; null when one needs the quote itself.
 */
export function areaFilterSql(f: QuoteFilters): SQL | null {
  const parts = filterParts(f, true);
  return parts.readsQuote ? null : parts.sql;
}

function filterParts(f: QuoteFilters, onArea: boolean): { sql: SQL; readsQuote: boolean; count: number } {
  let readsQuote = false;
  const quote = (column: SQL) => {
    readsQuote = true;
    return column;
  };
  const col = (name: keyof typeof AREA_COPIES, column: SQL) => (onArea ? AREA_COPIES[name] : quote(column));
  const parts: SQL[] = [sql`true`];
  if (f.search) {
    const pattern = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(${quote(sql`q.address`)} ILIKE ${pattern} OR q.short_id ILIKE ${pattern})`);
  }
  // The column is named only for a filter that is set, so an unset one reads no quote.
  const anyOf = (values: readonly string[] | undefined, column: () => SQL) => {
    if (values?.length) parts.push(sql`${column()} = ANY(${toPgArray(values)}::text[])`);
  };
  anyOf(f.city, () => quote(sql`q.city`));
  anyOf(f.buildingType, () => col('buildingType', sql`q.building_type`));
  anyOf(f.roofType, () => quote(sql`q.roof_type`));
  anyOf(f.status, () => col('status', sql`q.status`));
  anyOf(f.taskStatus, () => quote(sql`q.task_status`));
  anyOf(f.verification, () => col('verification', sql`q.verification`));
  if (f.flags?.length) parts.push(sql`${quote(sql`q.flags`)} && ${toPgArray(f.flags)}::text[]`);
  if (f.costMin !== undefined) parts.push(sql`${col('totalCost', sql`q.total_cost`)} >= ${f.costMin}`);
  if (f.costMax !== undefined) parts.push(sql`${col('totalCost', sql`q.total_cost`)} <= ${f.costMax}`);
  if (f.ratingMin !== undefined)
    parts.push(sql`${onArea ? sql`a.rating` : quote(sql`q.rating`)} >= ${f.ratingMin}`);
  return { sql: sql.join(parts, sql` AND `), readsQuote, count: parts.length - 1 };
}

/** A text[] literal passed as one parameter (works the same on PGlite and node-postgres). */
export function toPgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
