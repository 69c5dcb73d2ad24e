import type { Board, Cell, Column } from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { MessageKey } from '../../lib/messages';
import { TITLE_KEY } from './board.columns';
import { pgArray, rowsOf } from './board.sql';
import { normaliseValue, ValueError } from './board.values';

/**
 * Checks new values against their columns and merges them into a record's cells. Field errors are
 * collected for every property at once (`properties.<key>`), so the user sees them all.
 */
export async function applyValues(
  db: DbOrTx,
  companyId: string,
  columns: Record<string, Column>,
  current: Record<string, Cell>,
  values: Record<string, unknown>,
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
      const value = normaliseValue(column, raw);
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

/** A position between `afterId` and the record after it. */
export async function positionAfter(
  db: DbOrTx,
  companyId: string,
  board: Board,
  afterId: string,
): Promise<number> {
  const rows = rowsOf<{ position: number }>(
    await db.execute(sql`SELECT position FROM board_records WHERE company_id = ${companyId}
      AND board = ${board} AND position >= (SELECT position FROM board_records WHERE id = ${afterId}
        AND company_id = ${companyId})
      ORDER BY position LIMIT 2`),
  );
  const [a, b] = rows;
  if (!a) return endPosition(db, companyId, board);
  return b ? (Number(a.position) + Number(b.position)) / 2 : Number(a.position) + 1;
}
