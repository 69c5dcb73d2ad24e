import { type Column, chosenValues, type ViewFilter, type ViewSort } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import { TITLE_KEY } from './board.columns';

/**
 * SQL of `/task/filter` over the stored properties (raw SQL: JSONB operators are clearer than the
 * query builder here). The filter clause mirrors `cellPasses` of packages/shared/src/board/filter.ts
 * exactly; the shared table of cases (filter-cases.ts) runs against both.
 */

/**
 * The records to filter, with their cells decompressed once per row (`bp.p`): a record's
 * properties are usually stored compressed, and PostgreSQL would otherwise decompress them again
 * for every operator that reads a cell.
 */
export const RECORDS_FROM = sql`board_records r CROSS JOIN LATERAL (SELECT r.properties || '{}'::jsonb AS p OFFSET 0) bp`;

/** The stored value of a column as JSONB (`taskName` is the record's name). */
export function cellSql(column: string): SQL {
  if (column === TITLE_KEY) return sql`to_jsonb(r.task_name)`;
  return sql`(bp.p -> ${column} -> 'value')`;
}

const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/** LIKE patterns for case-insensitive containment, wildcards in the chosen text made literal. */
const containsPatterns = (chosen: string[]) =>
  chosen.map((v) => `%${v.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);

/** JSONB arrays that an array cell contains when it includes a chosen value (SPEC §5 "inclusion"). */
function inclusionPatterns(chosen: string[]): string[] {
  const out: string[] = [];
  for (const v of chosen) {
    out.push(JSON.stringify([v]), JSON.stringify([{ value: v }]));
    const n = Number(v);
    if (Number.isFinite(n) && String(n) === v) out.push(JSON.stringify([n]), JSON.stringify([{ value: n }]));
    if (v === 'true' || v === 'false')
      out.push(JSON.stringify([v === 'true']), JSON.stringify([{ value: v === 'true' }]));
  }
  return out;
}

/**
 * SPEC §5: no value, an empty cell, or a match with any chosen value. Written without per-row
 * subqueries (LIKE ANY, = ANY, @> ANY over constant arrays) so a 50,000-record board filters in
 * one pass; PostgreSQL lower-cases both sides, so the case rules are the database's on both.
 */
export function filterSql(filter: Pick<ViewFilter, 'column' | 'value'>): SQL | null {
  const chosen = chosenValues(filter.value);
  if (chosen.length === 0) return null;
  const c = cellSql(filter.column);
  const likes = sql`lower(${pgArray(containsPatterns(chosen))})::text[]`;
  const numbers = chosen.filter((v) => NUMBER_TEXT.test(v)).map((v) => v.trim());
  const booleans = chosen.map((v) => v.toLowerCase()).filter((v) => v === 'true' || v === 'false');
  return sql`(CASE jsonb_typeof(${c})
    WHEN 'null' THEN true
    WHEN 'string' THEN ${c} #>> '{}' = '' OR lower(${c} #>> '{}') LIKE ANY (${likes})
    WHEN 'array' THEN jsonb_array_length(${c}) = 0
      OR ${c} @> ANY (${pgArray(inclusionPatterns(chosen))}::jsonb[])
    WHEN 'object' THEN coalesce(${c} ->> 'value', '') = ''
      OR (jsonb_typeof(${c} -> 'value') IN ('string', 'number', 'boolean')
        AND lower(${c} ->> 'value') LIKE ANY (${likes}))
    WHEN 'number' THEN (${c} #>> '{}')::numeric = ANY (${pgArray(numbers)}::numeric[])
    WHEN 'boolean' THEN ${c} #>> '{}' = ANY (${pgArray(booleans)}::text[])
    ELSE true END)`;
}

/** Every filter together (AND); `true` when none has a value. */
export function filtersSql(filters: readonly ViewFilter[]): SQL {
  const parts = filters.map(filterSql).filter((p): p is SQL => p !== null);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/** A text form for sorting and grouping: strings, a value object's value, an array's first item. */
function textSql(c: SQL): SQL {
  return sql`nullif(lower(CASE jsonb_typeof(${c})
    WHEN 'string' THEN ${c} #>> '{}'
    WHEN 'object' THEN ${c} ->> 'value'
    WHEN 'array' THEN CASE WHEN jsonb_typeof(${c} -> 0) = 'object' THEN ${c} -> 0 ->> 'label' ELSE ${c} ->> 0 END
    WHEN 'boolean' THEN ${c} #>> '{}'
    ELSE NULL END), '')`;
}

/** Position of a select/status value among the column's options (the order users set). */
function optionRankSql(c: SQL, column: Column): SQL {
  const values = (column.options ?? []).map((o) => o.value);
  return sql`array_position(${pgArray(values)}::text[], ${c} #>> '{}')`;
}

/**
 * ORDER BY terms of one sort: options by their order, numbers numerically, the rest by lower-cased
 * text; empty cells always last.
 */
export function sortSql(sort: ViewSort, column: Column | undefined): SQL[] {
  const dir = sort.order === 'desc' ? sql`DESC` : sql`ASC`;
  const c = cellSql(sort.column);
  const terms: SQL[] = [];
  if (column && (column.dataType === 'select' || column.dataType === 'status')) {
    terms.push(sql`${optionRankSql(c, column)} ${dir} NULLS LAST`);
  }
  terms.push(
    sql`(CASE WHEN jsonb_typeof(${c}) = 'number' THEN (${c} #>> '{}')::numeric END) ${dir} NULLS LAST`,
  );
  terms.push(sql`${textSql(c)} ${dir} NULLS LAST`);
  return terms;
}

/** The group a record falls in: the option value (or text) of the group-by column, null when empty. */
export function groupSql(column: string): SQL {
  const c = cellSql(column);
  return sql`nullif(CASE jsonb_typeof(${c})
    WHEN 'string' THEN ${c} #>> '{}'
    WHEN 'object' THEN ${c} ->> 'value'
    WHEN 'number' THEN ${c} #>> '{}'
    WHEN 'boolean' THEN ${c} #>> '{}'
    WHEN 'array' THEN CASE WHEN jsonb_typeof(${c} -> 0) = 'object' THEN ${c} -> 0 ->> 'value' ELSE ${c} ->> 0 END
    ELSE NULL END, '')`;
}

/** Groups ordered like the column's options, then the rest by text, empty last. */
export function groupOrderSql(column: Column | undefined, group: SQL): SQL {
  if (column?.options?.length) {
    const values = column.options.map((o) => o.value);
    return sql`array_position(${pgArray(values)}::text[], ${group}) ASC NULLS LAST, ${group} ASC NULLS LAST`;
  }
  return sql`${group} ASC NULLS LAST`;
}

/** A number property's value, for the kanban sums. */
export function numberSql(column: string): SQL {
  const c = cellSql(column);
  return sql`(CASE WHEN jsonb_typeof(${c}) = 'number' THEN (${c} #>> '{}')::numeric END)`;
}

/**
 * A list as one PostgreSQL array literal parameter (drizzle would expand a JS array into a row of
 * parameters, which `ANY(...)` and `::text[]` do not accept).
 */
export const pgArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** The rows of a raw `db.execute` result (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A timestamp column as ISO text (PGlite gives Date, node-postgres may give text). */
export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Escapes LIKE wildcards in user text. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
