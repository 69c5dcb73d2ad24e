import {
  type Column,
  cellText,
  csvDelimiterFor,
  isComputedType,
  type Language,
  parseNumberText,
  randomOptionColor,
  type SelectOption,
  type TaskExportRequest,
  type TaskImportRequest,
  toCsv,
} from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { type MessageKey, translate, translateCount } from '../../lib/messages';
import { orderedColumns, TITLE_KEY } from './board.columns';
import { createdEvents, recordEvents } from './board.history';
import { boardCompany } from './board.policy';
import { assertProject, endPosition } from './board.records';
import { allocateSeq, loadColumns, recomputeRecords, saveColumns } from './board.repository';
import { filterTasks } from './board.service';
import { pgArray, rowsOf } from './board.sql';
import { isValidDate, normaliseValue, ValueError } from './board.values';

/**
 * CSV export and import of a board (docs/board.md, "CSV export and import"); the reading of a cell's
 * text (`textValue`) also serves the grid's paste (board.paste.ts).
 */

/** At most this many records go into one export (pages of 1,000 through the view's query). */
export const EXPORT_MAX_ROWS = 50_000;
const PAGE = 1000;

const TRUE_WORDS = new Set(['true', 'yes', 'ja', 'sí', 'si', 'wahr', 'x', '1', '✓', 'verdadero']);
const FALSE_WORDS = new Set(['false', 'no', 'nein', 'falsch', '0', 'falso']);

/** Column types that have no text of their own: left out of exports, never mapped on import. */
export const NO_TEXT = new Set(['null', 'button']);

/** The exported columns: the view's order first, then the rest by position; hidden ones left out. */
export function exportColumns(
  columns: Record<string, Column>,
  order: string[] | undefined,
  hidden: string[],
) {
  const all = orderedColumns(columns).filter((c) => !NO_TEXT.has(c.dataType));
  const byKey = new Map(all.map((c) => [c.id, c]));
  const first = (order ?? []).flatMap((k) => byKey.get(k) ?? []);
  const rest = all.filter((c) => !first.includes(c));
  const skip = new Set(hidden.filter((k) => k !== TITLE_KEY));
  return [...first, ...rest].filter((c) => !skip.has(c.id));
}

/** POST /task/export: every record the view shows (its filters, sort and hidden columns) as CSV. */
export async function exportTasks(
  ctx: AppContext,
  me: Principal,
  body: z.output<typeof TaskExportRequest>,
  lang: Language,
): Promise<{ csv: string; count: number }> {
  const companyId = boardCompany(me);
  const columns = (await loadColumns(ctx.database.db, companyId, body.board, me.id)).properties;
  const chosen = exportColumns(columns, body.order, body.hiddenProperties);
  // Hidden columns are left out above; the query itself must still see them (filters may use them).
  const query = { ...body, hiddenProperties: [], groupBy: body.groupBy ?? null, sumProperty: null };
  const rows: string[][] = [chosen.map((c) => c.label)];
  for (let page = 1; (page - 1) * PAGE < EXPORT_MAX_ROWS; page++) {
    const answer = await filterTasks(ctx, me, query, { page, limit: PAGE });
    for (const task of answer.tasks) rows.push(chosen.map((c) => cellText(c, task, lang, answer.related)));
    if (!answer.pagination.hasNextPage) break;
  }
  return { csv: toCsv(rows, body.delimiter ?? csvDelimiterFor(lang)), count: rows.length - 1 };
}

// ---------------------------------------------------------------------------------------------------
// Import

type ImportInput = z.output<typeof TaskImportRequest>;

export interface Lookups {
  /** Company users by lower-cased name and e-mail. */
  people: Map<string, { value: string; label: string }>;
  /** Live records of the company by lower-cased name (the first by running number wins). */
  records: Map<string, string>;
}

export class CellError {
  constructor(readonly key: MessageKey) {}
}

/**
 * A number cell's text, read in the caller's language (`1.234` is 1234 in German and 1.234 in English
 * and Spanish) and, where it is unambiguous, in the other one (`1,234.5` in German): `parseNumberText`,
 * the portal's rule in packages/shared. Empty is null; text that is no number is refused.
 */
export function readNumberCell(text: string, lang: Language): number | null {
  const n = parseNumberText(text, lang);
  if (n === undefined) throw new CellError('invalid_number');
  return n;
}

/** `YYYY-MM-DD`, `DD.MM.YYYY` or `DD/MM/YYYY` (the German and Spanish patterns, SPEC §9). */
export function parseDateText(text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(t);
  const local = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(t);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : local ? [local[3], local[2], local[1]] : [];
  if (!y || !m || !d) throw new CellError('import_date_format');
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  // Written as a date but no day of the calendar (31.02.2027, 2027-13-01): say that, not the pattern.
  if (!isValidDate(date)) throw new CellError('import_date_no_day');
  return date;
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Finds the option named `text` (by value or label, ignoring case), else notes it in `added` (the
 * row's new options, put on the column only when the row is accepted: `keepOptions`).
 */
function optionFor(column: Column, text: string, added: Map<string, string[]>): string {
  const name = text.trim().slice(0, 200);
  const lower = name.toLowerCase();
  const found = column.options?.find(
    (o) => o.value.toLowerCase() === lower || o.label.toLowerCase() === lower,
  );
  if (found) return found.value;
  const noted = added.get(column.id) ?? [];
  const again = noted.find((n) => n.toLowerCase() === lower);
  if (again) return again;
  added.set(column.id, [...noted, name]);
  return name;
}

/** An accepted row's new options join their columns (and the answer's `newOptions`). */
export function keepOptions(
  columns: Record<string, Column>,
  rowAdded: Map<string, string[]>,
  added: Map<string, string[]>,
) {
  for (const [id, names] of rowAdded) {
    const column = columns[id] as Column;
    const options: SelectOption[] = names.map((name) => ({
      value: name,
      label: name,
      backgroundColor: randomOptionColor(),
    }));
    column.options = [...(column.options ?? []), ...options];
    added.set(id, [...(added.get(id) ?? []), ...names]);
  }
}

/** The value a CSV cell gives a property, in the form `normaliseValue` checks. */
export function textValue(
  column: Column,
  text: string,
  lookups: Lookups,
  added: Map<string, string[]>,
  lang: Language,
): unknown {
  const t = text.trim();
  switch (column.dataType) {
    case 'number':
      return readNumberCell(t, lang);
    case 'date':
      return parseDateText(t);
    case 'checkbox': {
      const lower = t.toLowerCase();
      // Empty stays empty (an unset checkbox exports as an empty cell), so a round trip changes nothing.
      if (lower === '') return null;
      if (TRUE_WORDS.has(lower)) return 'true';
      if (FALSE_WORDS.has(lower)) return 'false';
      throw new CellError('invalid_checkbox');
    }
    case 'select':
    case 'status':
      return t === '' ? null : optionFor(column, t, added);
    case 'multi-select':
      return splitList(t).map((name) => optionFor(column, name, added));
    case 'person':
      return splitList(t).map((name) => {
        const person = lookups.people.get(name.toLowerCase());
        if (!person) throw new CellError('import_person_unknown');
        return person;
      });
    case 'relation':
      return splitList(t).map((name) => {
        const id = lookups.records.get(name.toLowerCase());
        if (!id) throw new CellError('import_relation_unknown');
        return id;
      });
    case 'files':
      return splitList(t).map((url) => ({
        value: url,
        label: decodeURIComponent(url.split('/').pop() || url),
      }));
    default:
      return t === '' ? null : text;
  }
}

/** Checks the mapping: known, writable properties, each at most once, the name among them. */
function checkMapping(mapping: (string | null)[], columns: Record<string, Column>): void {
  const errors: Record<string, MessageKey> = {};
  const seen = new Set<string>();
  mapping.forEach((key, i) => {
    if (key === null) return;
    const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
    if (!column) errors[`mapping.${i}`] = 'unknown_property';
    else if (column.synced) errors[`mapping.${i}`] = 'read_only_property';
    else if (key !== TITLE_KEY && (isComputedType(column.dataType) || NO_TEXT.has(column.dataType))) {
      errors[`mapping.${i}`] = 'import_not_importable';
    } else if (seen.has(key)) errors[`mapping.${i}`] = 'import_mapped_twice';
    seen.add(key);
  });
  if (!seen.has(TITLE_KEY)) errors.mapping = 'import_title_required';
  if (Object.keys(errors).length) throw badRequest('invalid_input', errors);
}

export async function loadLookups(
  db: AppContext['database']['db'],
  companyId: string,
  board: string,
): Promise<Lookups> {
  const users = rowsOf<{ id: string; name: string; email: string }>(
    await db.execute(sql`SELECT id, trim(first_name || ' ' || last_name) AS name, email FROM users
      WHERE company_id = ${companyId}`),
  );
  const people = new Map<string, { value: string; label: string }>();
  for (const u of users) {
    people.set(u.email.toLowerCase(), { value: u.id, label: u.name });
    if (u.name) people.set(u.name.toLowerCase(), { value: u.id, label: u.name });
  }
  const records = new Map<string, string>();
  const found = rowsOf<{ id: string; task_name: string }>(
    await db.execute(sql`SELECT id, task_name FROM board_records WHERE company_id = ${companyId}
      AND board = ${board} AND NOT is_deleted ORDER BY seq DESC`),
  );
  // Descending, so the earliest record of a name is the one kept.
  for (const r of found) records.set(r.task_name.toLowerCase(), r.id);
  return { people, records };
}

/**
 * POST /task/import: each row checked against the board's columns like a record created by hand;
 * the rows that pass are written in one transaction, the others reported with a message per field.
 * Option names not yet in a select column are added to it. A dry run writes nothing.
 */
export async function importTasks(ctx: AppContext, me: Principal, input: ImportInput, lang: Language) {
  const companyId = boardCompany(me);
  if (input.board === 'projects') throw new AppError(403, 'project_records_fixed');
  return ctx.database.db.transaction(async (tx) => {
    const columns = structuredClone(
      (await loadColumns(tx, companyId, input.board, me.id, undefined, { forUpdate: true })).properties,
    );
    checkMapping(input.mapping, columns);
    if (input.projectId) await assertProject(tx, companyId, input.projectId);
    const lookups = await loadLookups(tx, companyId, input.board);
    const added = new Map<string, string[]>();
    const accepted: { name: string; properties: Record<string, unknown> }[] = [];
    const rejected: { row: number; errors: { property: string; message: string }[] }[] = [];

    input.rows.forEach((cells, index) => {
      const errors: { property: string; message: string }[] = [];
      if (cells.length !== input.mapping.length && cells.some((c) => c.trim() !== '')) {
        rejected.push({
          row: index + 2,
          errors: [{ property: '', message: translate('import_columns_mismatch', lang) }],
        });
        return;
      }
      let name = '';
      const properties: Record<string, unknown> = {};
      const rowAdded = new Map<string, string[]>();
      // Every cell is checked, so that the report gives all of a row's problems at once.
      input.mapping.forEach((key, i) => {
        if (key === null) return;
        const column = columns[key] as Column;
        const text = cells[i] ?? '';
        if (key === TITLE_KEY) {
          name = text.trim();
          if (name.length > 500) errors.push({ property: column.label, message: translate('too_big', lang) });
          return;
        }
        try {
          const value = normaliseValue(column, textValue(column, text, lookups, rowAdded, lang), lang);
          properties[key] = { type: column.dataType, icon: column.icon, value };
        } catch (err) {
          if (!(err instanceof CellError || err instanceof ValueError)) throw err;
          errors.push({ property: column.label, message: translate(err.key, lang) });
        }
      });
      if (name === '') {
        errors.unshift({
          property: columns[TITLE_KEY]?.label ?? TITLE_KEY,
          message: translate('required', lang),
        });
      }
      if (errors.length) {
        rejected.push({ row: index + 2, errors });
        return;
      }
      keepOptions(columns, rowAdded, added);
      accepted.push({ name, properties });
    });

    const newOptions = Object.fromEntries(added);
    const answer = {
      created: accepted.length,
      rejected,
      newOptions,
      dryRun: input.dryRun,
      message: translateCount('import_done', accepted.length, lang),
    };
    if (input.dryRun || accepted.length === 0) return answer;

    if (added.size) await saveColumns(tx, companyId, input.board, columns);
    const seq = await allocateSeq(tx, companyId, accepted.length);
    const position = await endPosition(tx, companyId, input.board);
    const ids: string[] = [];
    // Batches of 500 rows: one statement each, well under the parameter limit.
    for (let start = 0; start < accepted.length; start += 500) {
      const batch = accepted.slice(start, start + 500);
      const values = batch.map(
        (
          r,
          i,
        ) => sql`(${companyId}, ${input.board}, ${input.projectId ?? null}, ${r.name}, ${me.id}, ${me.id},
          false, ${position + start + i}, ${seq + start + i}, '', ${JSON.stringify(r.properties)}::jsonb)`,
      );
      const inserted = rowsOf<{ id: string }>(
        await tx.execute(sql`INSERT INTO board_records (company_id, board, project_id, task_name, user_id,
            updated_by, is_blank, position, seq, notes, properties)
          VALUES ${sql.join(values, sql`, `)} RETURNING id`),
      );
      ids.push(...inserted.map((r) => r.id));
    }
    await recordEvents(tx, companyId, me.id, createdEvents(ids), ctx.config);
    await recomputeRecords(tx, companyId, sql`r.id = ANY(${pgArray(ids)}::uuid[])`);
    return answer;
  });
}
