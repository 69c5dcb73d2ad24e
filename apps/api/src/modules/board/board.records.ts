import type { Board, Cell, Column, Language } from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { MessageKey } from '../../lib/messages';
import { TITLE_KEY } from './board.columns';
import { pgArray, rowsOf } from './board.sql';
import { normaliseValue, ValueError } from './board.values';

/**
 * Checks new values against their columns and merges them into a record's cells. Field errors are
 * collected for every property at once (`properties.<key>`), so the user sees them all. Numbers sent
 * as text are read in the request's language `lang` (`normaliseValue`).
 */
export async function applyValues(
  db: DbOrTx,
  companyId: string,
  columns: Record<string, Column>,
  current: Record<string, Cell>,
  values: Record<string, unknown>,
  lang: Language,
): Promise<Record<string, Cell>> {
  const errors: Record<string, MessageKey> = {};
  const next: Record<string, Cell> = { ...current };
  const relationIds = new Set<string>();
  const personIds = new Set<string>();
  for (const [key, raw] of Object.entries(values)) {
    const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
    if (!column || key === TITLE_KEY) {
      errors[`properties.${key}`] = 'unknown_property';
      continue;
    }
    if (column.synced) {
      errors[`properties.${key}`] = 'read_only_property';
      continue;
    }
    try {
      const value = normaliseValue(column, raw, lang);
      next[key] = { ...(current[key] ?? {}), type: column.dataType, icon: column.icon, value };
      if (column.dataType === 'relation') for (const id of value as string[]) relationIds.add(id);
      if (column.dataType === 'person') {
        for (const p of value as { value: string }[]) personIds.add(p.value);
      }
    } catch (err) {
      if (err instanceof ValueError) errors[`properties.${key}`] = err.key;
      else throw err;
    }
  }
  if (relationIds.size) {
    const ids = [...relationIds];
    const found = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM board_records
        WHERE company_id = ${companyId} AND id = ANY(${pgArray(ids)}::uuid[]) AND NOT is_deleted`),
    );
    if (Number(found[0]?.n ?? 0) !== ids.length) {
      for (const [key, raw] of Object.entries(values)) {
        if (columns[key]?.dataType === 'relation' && Array.isArray(raw) && raw.length) {
          errors[`properties.${key}`] = 'invalid_relation';
        }
      }
    }
  }
  if (personIds.size) {
    const ids = [...personIds];
    const found = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM users
        WHERE company_id = ${companyId} AND id = ANY(${pgArray(ids)}::uuid[])`),
    );
    if (Number(found[0]?.n ?? 0) !== ids.length) {
      for (const [key, raw] of Object.entries(values)) {
        if (columns[key]?.dataType === 'person' && Array.isArray(raw) && raw.length) {
          errors[`properties.${key}`] = 'invalid_person';
        }
      }
    }
  }
  if (Object.keys(errors).length) throw badRequest('invalid_input', errors);
  return next;
}

/** A saved project of the company (tasks belong to one), or a 404. */
export async function assertProject(db: DbOrTx, companyId: string, projectId: string): Promise<void> {
  const found = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM projects WHERE id = ${projectId} AND company_id = ${companyId}
      AND NOT is_deleted`),
  );
  if (!found[0]) throw new AppError(404, 'project_not_found');
}

/** The position after the last record of the board (new records go to the end). */
export async function endPosition(db: DbOrTx, companyId: string, board: Board): Promise<number> {
  const [row] = rowsOf<{ p: number | null }>(
    await db.execute(sql`SELECT max(position) AS p FROM board_records
      WHERE company_id = ${companyId} AND board = ${board}`),
  );
  return Number(row?.p ?? 0) + 1;
}

interface Slot {
  position: number;
  seq: number;
}

/**
 * Positions for `count` records placed in order between two neighbours (`null`: no neighbour on that
 * side), or null when doubles have no room left between them (the board is renumbered then).
 */
export function positionsBetween(
  before: number | null,
  after: number | null,
  count: number,
): number[] | null {
  let low = before;
  let high = after;
  if (low === null && high === null) {
    low = -1;
    high = count;
  } else if (low === null) low = (high as number) - (count + 1);
  else if (high === null) high = low + count + 1;
  const lo = low as number;
  const step = ((high as number) - lo) / (count + 1);
  const out: number[] = [];
  let last = lo;
  for (let i = 1; i <= count; i++) {
    const p = lo + step * i;
    if (!(p > last) || !(p < (high as number))) return null;
    out.push(p);
    last = p;
  }
  return out;
}

/** The record `afterId` and the first record after it that is not moved (ties broken by seq). */
async function neighbours(
  tx: DbOrTx,
  companyId: string,
  board: Board,
  afterId: string | null,
  ids: readonly string[],
): Promise<{ before: Slot | null; after: Slot | null }> {
  let before: Slot | undefined;
  if (afterId) {
    [before] = rowsOf<Slot>(
      await tx.execute(sql`SELECT position, seq FROM board_records WHERE company_id = ${companyId}
        AND board = ${board} AND id = ${afterId} AND NOT is_deleted`),
    );
    if (!before) throw notFound('task_not_found');
  }
  const [after] = rowsOf<Slot>(
    await tx.execute(sql`SELECT position, seq FROM board_records WHERE company_id = ${companyId}
      AND board = ${board} AND NOT is_deleted AND id <> ALL(${pgArray(ids)}::uuid[])
      ${before ? sql`AND (position, seq) > (${before.position}, ${before.seq})` : sql``}
      ORDER BY position, seq LIMIT 1`),
  );
  const slot = (s: Slot | undefined) => (s ? { position: Number(s.position), seq: Number(s.seq) } : null);
  return { before: slot(before), after: slot(after) };
}

/**
 * Numbers a board's records 0, 1, 2, … in their order (bin included, so a restored record comes back
 * to its place). Run when halving left no room between two neighbours: after some fifty moves into
 * the same gap.
 */
async function renumber(tx: DbOrTx, companyId: string, board: Board): Promise<void> {
  await tx.execute(sql`UPDATE board_records r SET position = o.n FROM (
      SELECT id, row_number() OVER (ORDER BY position, seq) - 1 AS n FROM board_records
      WHERE company_id = ${companyId} AND board = ${board}) o
    WHERE r.id = o.id AND r.company_id = ${companyId} AND r.position <> o.n`);
}

/** One change of a board's order at a time: two into the same gap would take the same places. */
export async function lockBoardOrder(tx: DbOrTx, companyId: string, board: Board): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`move:${companyId}:${board}`}))`);
}

/**
 * Places for `count` records right after `afterId` (null: first on the board), before the next
 * record that is not one of `moving`; when halving has no room left, the board is renumbered first
 * (`renumbered`: positions read before it are stale). Call under `lockBoardOrder`.
 */
export async function placeAfter(
  tx: DbOrTx,
  companyId: string,
  board: Board,
  afterId: string | null,
  count: number,
  moving: readonly string[] = [],
): Promise<{ positions: number[]; renumbered: boolean }> {
  const place = async () => {
    const near = await neighbours(tx, companyId, board, afterId, moving);
    return positionsBetween(near.before?.position ?? null, near.after?.position ?? null, count);
  };
  const first = await place();
  if (first) return { positions: first, renumbered: false };
  await renumber(tx, companyId, board);
  const positions = await place();
  // Numbered 0, 1, 2, … there is always room for 1,000 records between two neighbours.
  if (!positions) throw new AppError(418, 'something_wrong');
  return { positions, renumbered: true };
}
