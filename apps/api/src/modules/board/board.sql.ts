import { type Column, chosenValues, type ViewFilter, type ViewSort } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import { TITLE_KEY } from './board.columns';

/**
 * SQL of `/task/filter` over the stored properties (raw SQL: JSONB operators are clearer than the
 * query builder here). The filter clause mirrors `cellPasses` of packages/shared/src/board/filter.ts
 * exactly; the shared table of cases (filter-cases.ts) runs against both.
 */

/** The stored value of a column as JSONB (`taskName` is the record's name). */
export function cellSql(column: string): SQL {
  if (column === TITLE_KEY) return sql`to_jsonb(r.task_name)`;
  return sql`(r.properties -> ${column} -> 'value')`;
}

const NUMBER_TEXT = '^\\s*-?\\d+(\\.\\d+)?\\s*$';

/** SPEC §5: no value, an empty cell, or a match with any chosen value. */
export function filterSql(filter: Pick<ViewFilter, 'column' | 'value'>): SQL | null {
  const chosen = chosenValues(filter.value);
  if (chosen.length === 0) return null;
  const c = cellSql(filter.column);
  const vals = sql`${pgArray(chosen)}::text[]`;
  return sql`(
    ${c} IS NULL OR jsonb_typeof(${c}) = 'null'
    OR (jsonb_typeof(${c}) = 'string' AND ${c} #>> '{}' = '')
    OR (jsonb_typeof(${c}) = 'array' AND jsonb_array_length(${c}) = 0)
    OR (jsonb_typeof(${c}) = 'object' AND coalesce(${c} ->> 'value', '') = '')
    OR (jsonb_typeof(${c}) = 'string' AND EXISTS (
      SELECT 1 FROM unnest(${vals}) v WHERE strpos(lower(${c} #>> '{}'), lower(v)) > 0))
    OR (jsonb_typeof(${c}) = 'object' AND jsonb_typeof(${c} -> 'value') IN ('string', 'number', 'boolean')
      AND EXISTS (SELECT 1 FROM unnest(${vals}) v WHERE strpos(lower(${c} ->> 'value'), lower(v)) > 0))
    OR (jsonb_typeof(${c}) = 'number' AND EXISTS (
      SELECT 1 FROM unnest(${vals}) v
      WHERE v ~ ${NUMBER_TEXT} AND (${c} #>> '{}')::numeric = trim(v)::numeric))
    OR (jsonb_typeof(${c}) = 'boolean' AND EXISTS (
      SELECT 1 FROM unnest(${vals}) v WHERE lower(v) = ${c} #>> '{}'))
    OR (jsonb_typeof(${c}) = 'array' AND EXISTS (
      SELECT 1 FROM jsonb_array_elements(${c}) e, unnest(${vals}) v
      WHERE (CASE WHEN jsonb_typeof(e) = 'object' THEN e -> 'value' ELSE e END) IS NOT NULL
        AND jsonb_typeof(CASE WHEN jsonb_typeof(e) = 'object' THEN e -> 'value' ELSE e END)
          IN ('string', 'number', 'boolean')
        AND (CASE WHEN jsonb_typeof(e) = 'object' THEN e -> 'value' ELSE e END) #>> '{}' = v))
  )`;
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

/** Escapes LIKE wildcards in user text. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
