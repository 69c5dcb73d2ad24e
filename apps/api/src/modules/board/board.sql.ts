import {
  type Column,
  chosenValues,
  computedNumberRange,
  isComputedNumberType,
  type ViewFilter,
  type ViewSort,
} from '@solar/shared';
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

/**
 * Where the cells are read from: `props` the properties object, `title` the record's name; with
 * `indexKeys` the sort and group keys are the LEAKPROOF functions of migration 0013 (the same
 * values as the inline expressions), which an index condition may use under row-level security.
 */
export interface CellSource {
  props: SQL;
  title: SQL;
  indexKeys: boolean;
}

/** Cells of `RECORDS_FROM` (a scan over many records: inline expressions, no function calls). */
export const SCAN: CellSource = { props: sql`bp.p`, title: sql`r.task_name`, indexKeys: false };

/**
 * Cells named by the table's own columns, unqualified: the form an expression index is written in
 * (board.view-index.ts), so a query over `board_records` alone matches the index's expressions.
 */
export const TABLE: CellSource = { props: sql`properties`, title: sql`task_name`, indexKeys: true };

/** The board's column `key`, if it has one (never an inherited property of the object). */
export const columnOf = (columns: Record<string, Column>, key: string): Column | undefined =>
  Object.hasOwn(columns, key) ? columns[key] : undefined;

/** The stored value of a column as JSONB (`taskName` is the record's name). */
export function cellSql(column: string, src: CellSource = SCAN): SQL {
  if (column === TITLE_KEY) return sql`to_jsonb(${src.title})`;
  return sql`(${src.props} -> ${column} -> 'value')`;
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
 * The numbers a filter's number cells match: equal ones, or for a formula's or rollup's column the
 * ranges of numbers that round to the chosen ones (`computedNumberRange` in packages/shared, the rule
 * `cellPasses` applies to such cells). The condition of any other column is the same text as before
 * that rule, so its saved views keep their indexes.
 */
function numberMatchSql(cellNumber: SQL, chosen: string[], column: Column | undefined): SQL {
  if (column && isComputedNumberType(column.dataType)) {
    const ranges = chosen.map(computedNumberRange).filter((r): r is string => r !== null);
    return sql`${cellNumber} <@ ANY (${pgArray(ranges)}::numrange[])`;
  }
  const numbers = chosen.filter((v) => NUMBER_TEXT.test(v)).map((v) => v.trim());
  return sql`${cellNumber} = ANY (${pgArray(numbers)}::numeric[])`;
}

/**
 * SPEC §5: no value, an empty cell, or a match with any chosen value. Written without per-row
 * subqueries (LIKE ANY, = ANY, @> ANY over constant arrays) so a 50,000-record board filters in
 * one pass; PostgreSQL lower-cases both sides, so the case rules are the database's on both.
 * `column` is the filtered column of the board (none for the name or a column it no longer has).
 */
export function filterSql(
  filter: Pick<ViewFilter, 'column' | 'value'>,
  column: Column | undefined,
  src: CellSource = SCAN,
): SQL | null {
  const chosen = chosenValues(filter.value);
  if (chosen.length === 0) return null;
  const c = cellSql(filter.column, src);
  // An array of lower() calls, not lower() of an array literal cast to text[]: that cast is not
  // IMMUTABLE, and a saved view's filters are an index's predicate (board.view-index.ts).
  const likes = sql`ARRAY[${sql.join(
    containsPatterns(chosen).map((p) => sql`lower(${p})`),
    sql`, `,
  )}]::text[]`;
  const booleans = chosen.map((v) => v.toLowerCase()).filter((v) => v === 'true' || v === 'false');
  return sql`(CASE jsonb_typeof(${c})
    WHEN 'null' THEN true
    WHEN 'string' THEN ${c} #>> '{}' = '' OR lower(${c} #>> '{}') LIKE ANY (${likes})
    WHEN 'array' THEN jsonb_array_length(${c}) = 0
      OR ${c} @> ANY (${pgArray(inclusionPatterns(chosen))}::jsonb[])
    WHEN 'object' THEN coalesce(${c} ->> 'value', '') = ''
      OR (jsonb_typeof(${c} -> 'value') IN ('string', 'number', 'boolean')
        AND lower(${c} ->> 'value') LIKE ANY (${likes}))
    WHEN 'number' THEN ${numberMatchSql(sql`(${c} #>> '{}')::numeric`, chosen, column)}
    WHEN 'boolean' THEN ${c} #>> '{}' = ANY (${pgArray(booleans)}::text[])
    ELSE true END)`;
}

/**
 * The filtered columns whose numbers `filterSql` compares rounded (formula and rollup columns), as
 * one string: a key naming a statement with filters must name these too, since the same filters
 * are other SQL once such a column changes type. Empty (and nothing made) when there are none.
 */
export function roundedFilterColumns(
  filters: readonly ViewFilter[],
  columns: Record<string, Column>,
): string {
  let keys = '';
  for (const f of filters) {
    if (isComputedNumberType(columnOf(columns, f.column)?.dataType)) keys += `${f.column}\u0000`;
  }
  return keys;
}

/** Every filter together (AND) over the board's `columns`; `true` when none has a value. */
export function filtersSql(
  filters: readonly ViewFilter[],
  columns: Record<string, Column>,
  src: CellSource = SCAN,
): SQL {
  const parts = filters
    .map((f) => filterSql(f, columnOf(columns, f.column), src))
    .filter((p): p is SQL => p !== null);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/**
 * How many characters of a text take part in sorting (and in an index's group key): an index entry
 * must stay under about 2,700 bytes whatever a user types.
 */
export const SORT_TEXT_CHARS = 100;

/**
 * A text form for sorting: strings, a value object's value, an array's first item; lower-cased, its
 * first SORT_TEXT_CHARS characters.
 */
function textSql(c: SQL): SQL {
  return sql`left(nullif(lower(CASE jsonb_typeof(${c})
    WHEN 'string' THEN ${c} #>> '{}'
    WHEN 'object' THEN ${c} ->> 'value'
    WHEN 'array' THEN CASE WHEN jsonb_typeof(${c} -> 0) = 'object' THEN ${c} -> 0 ->> 'label' ELSE ${c} ->> 0 END
    WHEN 'boolean' THEN ${c} #>> '{}'
    ELSE NULL END), ''), ${SORT_TEXT_CHARS})`;
}

/** Position of a select/status value among the column's options (the order users set). */
function optionRankSql(c: SQL, column: Column): SQL {
  const values = (column.options ?? []).map((o) => o.value);
  return sql`array_position(${pgArray(values)}::text[], ${c} #>> '{}')`;
}

/** One term of an ORDER BY (always NULLS LAST: empty cells and groups come last). */
export interface OrderKey {
  expr: SQL;
  desc: boolean;
}

export const orderSql = (keys: readonly OrderKey[]): SQL[] =>
  keys.map((k) => sql`${k.expr} ${k.desc ? sql`DESC` : sql`ASC`} NULLS LAST`);

/**
 * The keys of one sort: options by their order, numbers numerically, the rest by lower-cased
 * text; empty cells always last.
 */
export function sortKeys(sort: ViewSort, column: Column | undefined, src: CellSource = SCAN): OrderKey[] {
  const desc = sort.order === 'desc';
  if (src.indexKeys) return indexSortKeys(sort, column, src);
  // The name is plain text (and `to_jsonb` may not appear in an index).
  if (sort.column === TITLE_KEY) {
    return [{ expr: sql`left(nullif(lower(${src.title}), ''), ${SORT_TEXT_CHARS})`, desc }];
  }
  const c = cellSql(sort.column, src);
  const keys: OrderKey[] = [];
  if (column && (column.dataType === 'select' || column.dataType === 'status')) {
    keys.push({ expr: optionRankSql(c, column), desc });
  }
  keys.push({ expr: sql`(CASE WHEN jsonb_typeof(${c}) = 'number' THEN (${c} #>> '{}')::numeric END)`, desc });
  keys.push({ expr: textSql(c), desc });
  return keys;
}

/** `sortKeys` as the functions of migration 0013. */
function indexSortKeys(sort: ViewSort, column: Column | undefined, src: CellSource): OrderKey[] {
  const desc = sort.order === 'desc';
  if (sort.column === TITLE_KEY) return [{ expr: sql`board_title_sort(${src.title})`, desc }];
  const key = sql`${sort.column}::text`;
  const keys: OrderKey[] = [];
  if (column && (column.dataType === 'select' || column.dataType === 'status')) {
    keys.push({
      expr: sql`board_sort_option(${src.props}, ${key}, ${pgArray(optionValues(column))}::text[])`,
      desc,
    });
  }
  keys.push({ expr: sql`board_sort_number(${src.props}, ${key})`, desc });
  keys.push({ expr: sql`board_sort_text(${src.props}, ${key})`, desc });
  return keys;
}

/** The group a record falls in: the option value (or text) of the group-by column, null when empty. */
export function groupSql(column: string, src: CellSource = SCAN): SQL {
  if (src.indexKeys) {
    return column === TITLE_KEY
      ? sql`board_title_group(${src.title})`
      : sql`board_cell_text(${src.props}, ${column}::text)`;
  }
  if (column === TITLE_KEY) return sql`nullif(${src.title}, '')`;
  const c = cellSql(column, src);
  return sql`nullif(CASE jsonb_typeof(${c})
    WHEN 'string' THEN ${c} #>> '{}'
    WHEN 'object' THEN ${c} ->> 'value'
    WHEN 'number' THEN ${c} #>> '{}'
    WHEN 'boolean' THEN ${c} #>> '{}'
    WHEN 'array' THEN CASE WHEN jsonb_typeof(${c} -> 0) = 'object' THEN ${c} -> 0 ->> 'value' ELSE ${c} ->> 0 END
    ELSE NULL END, '')`;
}

/** The option values of a column, in the order users set (what groups and option sorts follow). */
export const optionValues = (column: Column | undefined): string[] =>
  (column?.options ?? []).map((o) => o.value);

/**
 * Keys of the group order: the group's place among the column's options (when it has options),
 * then the group's first SORT_TEXT_CHARS characters, then the whole group (the one key an index
 * cannot hold: a free-text group may be long); empty last.
 */
export function groupKeys(column: Column | undefined, group: SQL): OrderKey[] {
  const values = optionValues(column);
  const keys: OrderKey[] = [];
  if (values.length)
    keys.push({ expr: sql`array_position(${pgArray(values)}::text[], ${group})`, desc: false });
  keys.push({ expr: sql`left(${group}, ${SORT_TEXT_CHARS})`, desc: false });
  keys.push({ expr: group, desc: false });
  return keys;
}

/**
 * `groupKeys` without the whole group, as the functions of migration 0013: what a view's index
 * holds of its group.
 */
export function indexGroupKeys(key: string, column: Column | undefined, src: CellSource = TABLE): OrderKey[] {
  if (key === TITLE_KEY) return [{ expr: sql`board_title_prefix(${src.title})`, desc: false }];
  const values = optionValues(column);
  const keys: OrderKey[] = [];
  if (values.length) {
    keys.push({
      expr: sql`board_group_rank(${src.props}, ${key}::text, ${pgArray(values)}::text[])`,
      desc: false,
    });
  }
  keys.push({ expr: sql`board_group_prefix(${src.props}, ${key}::text)`, desc: false });
  return keys;
}

/** A cell's value as a number when it holds one (a JSON number), else null. */
export const cellNumberSql = (c: SQL): SQL =>
  sql`(CASE WHEN jsonb_typeof(${c}) = 'number' THEN (${c} #>> '{}')::numeric END)`;

/** A number property's value, for the kanban sums and the summary row. */
export function numberSql(column: string, src: CellSource = SCAN): SQL {
  return cellNumberSql(cellSql(column, src));
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
