import { isComputedType, type Language, PASTE_MAX_RECORDS, type TaskPasteRequest } from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { type MessageKey, translateCount } from '../../lib/messages';
import { TITLE_KEY } from './board.columns';
import { CellError, keepOptions, type Lookups, loadLookups, NO_TEXT, textValue } from './board.csv';
import { type RecordEvent, recordEvents } from './board.history';
import { boardCompany } from './board.policy';
import {
  companyName,
  findRecords,
  loadColumns,
  recomputeRecords,
  saveColumns,
  toTask,
} from './board.repository';
import { applyUpdate, lockRecords, type UpdateInput } from './board.service';
import { pgArray } from './board.sql';
import { normaliseValue, ValueError } from './board.values';

type PasteInput = z.output<typeof TaskPasteRequest>;

/** Types whose text names something the company has (people, records): read with `loadLookups`. */
const LOOKUP_TYPES = new Set(['person', 'relation']);

/**
 * POST /task/paste: cells from the clipboard (or an undone paste's old values) written in one
 * transaction, all or none. Each cell is read like a CSV cell and checked like a value typed by hand;
 * when any cell fails, nothing is written and the answer names every failing cell (`cells.<i>`).
 * Option names a select column does not have yet become options (as the import does). Answers the
 * changed records and each cell's value before the paste, so the web can undo it.
 */
export async function pasteCells(ctx: AppContext, me: Principal, input: PasteInput, lang: Language) {
  const companyId = boardCompany(me);
  const ids = [...new Set(input.cells.map((c) => c.id))];
  if (ids.length > PASTE_MAX_RECORDS) throw badRequest('paste_too_many_records');
  const result = await ctx.database.db.transaction(async (tx) => {
    await lockRecords(tx, companyId, ids);
    const rows = await findRecords(
      tx,
      companyId,
      sql`r.id = ANY(${pgArray(ids)}::uuid[]) AND r.board = ${input.board} AND NOT r.is_deleted`,
    );
    // Another company's record, another board's or a deleted one: not found, as for one update.
    if (rows.length !== ids.length) throw notFound('task_not_found');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const columns = structuredClone(
      (await loadColumns(tx, companyId, input.board, me.id, undefined, { forUpdate: true })).properties,
    );
    const readsNames = input.cells.some(
      (c) => c.text !== undefined && LOOKUP_TYPES.has(columns[c.key]?.dataType ?? ''),
    );
    const lookups: Lookups = readsNames
      ? await loadLookups(tx, companyId, input.board)
      : { people: new Map(), records: new Map() };

    const errors: Record<string, MessageKey> = {};
    const added = new Map<string, string[]>();
    const updates = new Map<string, UpdateInput & { properties: Record<string, unknown> }>();
    /** The request's index of each cell by record and key (to name the cell of a later refusal). */
    const indexOf = new Map<string, number>();
    const previous = input.cells.map((cell, i) => {
      const row = byId.get(cell.id);
      const column = Object.hasOwn(columns, cell.key) ? columns[cell.key] : undefined;
      const before = cell.key === TITLE_KEY ? row?.task_name : row?.properties?.[cell.key]?.value;
      const answer = { id: cell.id, key: cell.key, value: before ?? null };
      if (!row) return answer;
      indexOf.set(`${cell.id}\u0000${cell.key}`, i);
      const update = updates.get(cell.id) ?? { properties: {} };
      updates.set(cell.id, update);
      try {
        if (!column) throw new CellError('unknown_property');
        if (column.synced) throw new CellError('read_only_property');
        if (cell.key === TITLE_KEY) {
          const raw = cell.text ?? cell.value;
          const name = typeof raw === 'string' ? raw.trim() : '';
          if (name === '') throw new CellError('required');
          if (name.length > 500) throw new CellError('too_big');
          update.taskName = name;
          return answer;
        }
        if (isComputedType(column.dataType) || NO_TEXT.has(column.dataType)) {
          throw new CellError('read_only_property');
        }
        const raw =
          cell.text !== undefined ? textValue(column, cell.text, lookups, added, lang) : (cell.value ?? null);
        update.properties[cell.key] = normaliseValue(column, raw, lang);
      } catch (err) {
        if (!(err instanceof CellError || err instanceof ValueError)) throw err;
        errors[`cells.${i}`] = err.key;
      }
      return answer;
    });
    if (Object.keys(errors).length) throw badRequest('paste_failed', errors);

    const newOptions = new Map<string, string[]>();
    if (added.size) {
      keepOptions(columns, added, newOptions);
      await saveColumns(tx, companyId, input.board, columns);
    }
    const events: RecordEvent[] = [];
    for (const [id, update] of updates) {
      try {
        events.push(
          ...(await applyUpdate(
            tx,
            me,
            companyId,
            byId.get(id) as (typeof rows)[number],
            update,
            columns,
            lang,
          )),
        );
      } catch (err) {
        // A person or a related record named by an undone paste's values that is gone since.
        if (!(err instanceof AppError) || !err.fieldErrors) throw err;
        const cells: Record<string, MessageKey> = {};
        for (const [field, key] of Object.entries(err.fieldErrors)) {
          const property = field === 'taskName' ? TITLE_KEY : field.replace(/^properties\./, '');
          const index = indexOf.get(`${id}\u0000${property}`);
          cells[index === undefined ? field : `cells.${index}`] = key;
        }
        throw badRequest('paste_failed', cells);
      }
    }
    await recordEvents(tx, companyId, me.id, events, ctx.config);
    await recomputeRecords(tx, companyId, sql`r.id = ANY(${pgArray(ids)}::uuid[])`, { dependents: true });
    return { previous, newOptions: Object.fromEntries(newOptions) };
  });
  const db = ctx.database.db;
  const name = await companyName(db, companyId);
  const rows = await findRecords(db, companyId, sql`r.id = ANY(${pgArray(ids)}::uuid[])`);
  return {
    tasks: rows.map((r) => toTask(r, name)),
    previous: result.previous,
    newOptions: result.newOptions,
    message: translateCount('paste_done', input.cells.length, lang),
  };
}
