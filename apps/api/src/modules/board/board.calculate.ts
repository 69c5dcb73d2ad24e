import {
  type Calculation,
  type CalculationValue,
  type Column,
  calculationsFor,
  daysBetween,
  type TaskCalculateRequest,
} from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { versionedCache } from '../../lib/versioned-cache';
import { boardCompany } from './board.policy';
import { keptColumns, syncProjectRecords } from './board.repository';
import { filterWhere } from './board.service';
import { type CellSource, cellNumberSql, cellSql, groupSql, rowsOf } from './board.sql';

type CalculateInput = z.output<typeof TaskCalculateRequest>;

/** One group's results (`value` as `/task/filter`'s groups name it, null for records without one). */
interface GroupCalculated {
  value: string | null;
  count: number;
  values: Record<string, CalculationValue>;
}

interface Calculated {
  total: number;
  values: Record<string, CalculationValue>;
  /** With `groupBy`: each group's results, in no particular order. */
  groups?: GroupCalculated[];
}

/** Results kept while the board data stands still, like the filter's totals (board.service.ts). */
const results = versionedCache<Calculated>('board_data_version', 500);

/**
 * The filters read the stored cells in place: a record's cells are stored uncompressed (decision
 * 0006), and copying them once a row (`RECORDS_FROM`, for the many reads of sorting) cost half the
 * time of a calculation over a large board.
 */
const IN_PLACE: CellSource = { props: sql`r.properties`, title: sql`r.task_name`, indexKeys: false };

/** SPEC §5's empty cell: missing, null, '', [], or a value object without a value. */
function emptySql(c: SQL): SQL {
  return sql`(CASE jsonb_typeof(${c})
    WHEN 'string' THEN ${c} #>> '{}' = ''
    WHEN 'array' THEN jsonb_array_length(${c}) = 0
    WHEN 'object' THEN coalesce(${c} ->> 'value', '') = ''
    WHEN 'number' THEN false
    WHEN 'boolean' THEN false
    ELSE true END)`;
}

/** A checkbox cell that is ticked ('true', as stored, or a boolean true). */
const checkedSql = (c: SQL) => sql`coalesce(${c} #>> '{}' = 'true', false)`;

/** A date or time cell's text (YYYY-MM-DD…), null when it holds none. */
const dateTextSql = (c: SQL) =>
  sql`(CASE WHEN jsonb_typeof(${c}) = 'string' AND ${c} #>> '{}' ~ '^\\d{4}-\\d{2}-\\d{2}' THEN ${c} #>> '{}' END)`;

/**
 * The distinct values of a cell, one row each (`x.v`): a list's items count one by one (two records
 * tagged 'roof' and 'roof, urgent' hold two values), people and files by their value.
 */
const valuesSql = (
  c: SQL,
) => sql`LATERAL (SELECT coalesce(e ->> 'value', e #>> '{}') AS v FROM jsonb_array_elements(
    CASE jsonb_typeof(${c}) WHEN 'array' THEN ${c} ELSE jsonb_build_array(${c}) END) e) x`;

/** A share of the records, 0–100 (null for no records). */
const percentSql = (part: SQL) =>
  sql`(CASE WHEN count(*) = 0 THEN NULL ELSE 100.0 * count(*) FILTER (WHERE ${part}) / count(*) END)::float8`;

/**
 * The SQL of one calculation over the CTE `f`; for `dateRange` the earliest and latest dates, which
 * `daysBetween` turns into days (a cast to date in SQL would fail the whole answer on one odd text).
 */
function calculationSql(c: SQL, calc: Calculation): SQL {
  const n = cellNumberSql(c);
  switch (calc) {
    case 'countAll':
      return sql`count(*)::float8`;
    case 'countValues':
      return sql`(count(*) FILTER (WHERE NOT ${emptySql(c)}))::float8`;
    case 'countEmpty':
      return sql`(count(*) FILTER (WHERE ${emptySql(c)}))::float8`;
    case 'countUnique':
      // A statement of its own (calculationQueries): it reads one row a value, not a record.
      return sql`NULL::float8`;
    case 'percentFilled':
      return percentSql(sql`NOT ${emptySql(c)}`);
    case 'percentEmpty':
      return percentSql(emptySql(c));
    case 'sum':
      return sql`coalesce(sum(${n}), 0)::float8`;
    case 'average':
      return sql`avg(${n})::float8`;
    case 'median':
      return sql`(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${n}))::float8`;
    case 'min':
      return sql`min(${n})::float8`;
    case 'max':
      return sql`max(${n})::float8`;
    case 'range':
      return sql`(max(${n}) - min(${n}))::float8`;
    case 'earliest':
      return sql`to_jsonb(min(${dateTextSql(c)}))`;
    case 'latest':
      return sql`to_jsonb(max(${dateTextSql(c)}))`;
    case 'dateRange':
      return sql`jsonb_build_array(min(${dateTextSql(c)}), max(${dateTextSql(c)}))`;
    case 'checked':
      return sql`(count(*) FILTER (WHERE ${checkedSql(c)}))::float8`;
    case 'unchecked':
      return sql`(count(*) FILTER (WHERE NOT ${checkedSql(c)}))::float8`;
    case 'percentChecked':
      return percentSql(checkedSql(c));
    case 'percentUnchecked':
      return percentSql(sql`NOT ${checkedSql(c)}`);
  }
}

/** A result as the answer carries it: a finite number, a date's text, or null. */
function resultOf(calc: Calculation, raw: unknown): CalculationValue {
  if (calc === 'dateRange') return Array.isArray(raw) ? daysBetween(raw[0], raw[1]) : null;
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' && (calc === 'earliest' || calc === 'latest')) return raw;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** The asked calculations a column of the board can give (a retyped column's old choice is left out). */
function validCalculations(
  asked: CalculateInput['calculations'],
  columns: Record<string, Column>,
): [string, Calculation][] {
  return Object.entries(asked).filter(([key, calc]) => {
    const column = columns[key];
    return column !== undefined && calculationsFor(column.dataType).includes(calc);
  });
}

/**
 * The filtered records as the CTE `f`: each asked cell read once a record (`v<j>`, so the
 * calculations read small values instead of looking them up in the whole record again and again),
 * and with `groupBy` the record's group (`g`, as `/task/filter` groups).
 */
function recordsSql(
  companyId: string,
  input: CalculateInput,
  keys: readonly string[],
  columns: Record<string, Column>,
): SQL {
  const where = filterWhere(companyId, { ...input, sort: [], hiddenProperties: [] }, columns, IN_PLACE);
  const read = keys.map((key, j) => sql`${cellSql(key, IN_PLACE)} AS ${sql.raw(`v${j}`)}`);
  const group = input.groupBy ? [sql`${groupSql(input.groupBy, IN_PLACE)} AS g`] : [];
  return sql`WITH f AS (SELECT ${sql.join([sql`1 AS one`, ...group, ...read], sql`, `)}
    FROM board_records r WHERE ${where})`;
}

/** Grouped: each group's row and the whole's (`whole` = 1), in one pass. */
const groupingSql = (input: CalculateInput) =>
  input.groupBy
    ? { columns: sql`g, GROUPING(g) AS whole, `, by: sql` GROUP BY GROUPING SETS ((g), ())` }
    : { columns: sql``, by: sql`` };

/**
 * The statements of `asked` over the filtered records: one for every calculation but the unique
 * counts (`n` and a column `c<i>` each), and one for each unique count (`u`).
 */
export function calculationQueries(
  companyId: string,
  input: CalculateInput,
  asked: [string, Calculation][],
  columns: Record<string, Column>,
): { main: SQL; unique: { index: number; query: SQL }[] } {
  const keys = [...new Set(asked.map(([key]) => key))];
  const cell = (key: string) => sql.raw(`f.v${keys.indexOf(key)}`);
  const records = recordsSql(companyId, input, keys, columns);
  const grouping = groupingSql(input);
  const parts = [
    sql`count(*)::int AS n`,
    ...asked.map(([key, calc], i) => sql`${calculationSql(cell(key), calc)} AS ${sql.raw(`c${i}`)}`),
  ];
  const unique = asked.flatMap(([key, calc], index) =>
    calc === 'countUnique'
      ? [
          {
            index,
            query: sql`${records} SELECT ${grouping.columns}count(DISTINCT x.v)::float8 AS u
              FROM f, ${valuesSql(cell(key))} WHERE x.v <> ''${grouping.by}`,
          },
        ]
      : [],
  );
  return {
    main: sql`${records} SELECT ${grouping.columns}${sql.join(parts, sql`, `)} FROM f${grouping.by}`,
    unique,
  };
}

type ResultRow = Record<string, unknown> & { g?: string | null; whole?: number | string };

/** A result row's place: the whole, or its group. */
const placeOf = (row: ResultRow, grouped: boolean) =>
  !grouped || Number(row.whole) === 1 ? 'whole' : `group:${row.g ?? ''}:${row.g === null ? 0 : 1}`;

/** Works the calculations out: one statement, and one more for each unique count. */
async function calculate(
  db: AppContext['database']['db'],
  companyId: string,
  input: CalculateInput,
  asked: [string, Calculation][],
  columns: Record<string, Column>,
): Promise<Calculated> {
  const grouped = Boolean(input.groupBy);
  const queries = calculationQueries(companyId, input, asked, columns);
  const [main, ...uniques] = await Promise.all([
    db.execute(queries.main).then((r) => rowsOf<ResultRow>(r)),
    ...queries.unique.map((u) => db.execute(u.query).then((r) => rowsOf<ResultRow>(r))),
  ]);
  // Each unique count by place; a group without any value has no row there (0).
  const uniqueAt = queries.unique.map((u, i) => ({
    index: u.index,
    by: new Map((uniques[i] ?? []).map((row) => [placeOf(row, grouped), Number(row.u)])),
  }));
  const valuesOf = (row: ResultRow | undefined) => {
    const values: Record<string, CalculationValue> = {};
    const place = row ? placeOf(row, grouped) : 'whole';
    asked.forEach(([key, calc], i) => {
      const unique = uniqueAt.find((u) => u.index === i);
      values[key] = unique ? (unique.by.get(place) ?? 0) : resultOf(calc, row?.[`c${i}`]);
    });
    return values;
  };
  const whole = main.find((row) => placeOf(row, grouped) === 'whole');
  const result: Calculated = { total: Number(whole?.n ?? 0), values: valuesOf(whole) };
  if (grouped) {
    result.groups = main
      .filter((row) => placeOf(row, grouped) !== 'whole')
      .map((row) => ({ value: row.g ?? null, count: Number(row.n), values: valuesOf(row) }));
  }
  return result;
}

/**
 * POST /task/calculate: the view's summary row over every record its filters and search let
 * through (docs/board.md "Calculations"). Calculations of columns the board does not have, or that
 * a column's type does not offer, are left out of the answer.
 */
export async function calculateTasks(
  ctx: AppContext,
  me: Principal,
  input: CalculateInput,
): Promise<Calculated> {
  const companyId = boardCompany(me);
  const db = ctx.database.db;
  if (input.board === 'projects') await db.transaction((tx) => syncProjectRecords(tx, companyId));
  // Kept like the board's pages keep them, while the board data stands still.
  const columns = (await keptColumns(db, companyId, input.board, me.id)).properties;
  const asked = validCalculations(input.calculations, columns);
  // Grouped by a column the board has (a group of a deleted column is no group).
  const groupBy = input.groupBy && Object.hasOwn(columns, input.groupBy) ? input.groupBy : null;
  const scoped = { ...input, groupBy };
  return results.get(
    db,
    [
      companyId,
      input.board,
      input.projectId ?? null,
      input.deleted,
      input.search?.trim() ?? '',
      input.filters,
      groupBy,
      asked,
    ],
    () => calculate(db, companyId, scoped, asked, columns),
  );
}
