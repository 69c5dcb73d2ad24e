import {
  type Board,
  type DataType,
  isComputedType,
  type Language,
  type PropertyRetypePreview,
  type PropertyRetypePreviewRequest,
} from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { TITLE_KEY } from './board.columns';
import { loadColumns } from './board.repository';
import { rowsOf } from './board.sql';
import { conversionLoss, convertValue, isEmptyCell, isUnchangedSince } from './board.values';

/** A cell a type change could not give back: its record, the value before and the value written. */
interface KeptCell {
  id: string;
  from: unknown;
  to: unknown;
}

/** A kept type change (table board_retypes), as its undo reads it. */
export interface Retype {
  id: string;
  propertyKey: string;
  fromType: DataType;
  toType: DataType;
  cells: KeptCell[];
}

/** How long a type change can be undone: the undo history lives as long as the browser tab. */
const KEPT_FOR = sql`interval '1 day'`;

const cellsOf = async (db: DbOrTx, companyId: string, board: Board, key: string) =>
  rowsOf<{ id: string; v: unknown }>(
    await db.execute(sql`SELECT id, properties -> ${key} -> 'value' AS v FROM board_records
      WHERE company_id = ${companyId} AND board = ${board} AND properties ? ${key}`),
  );

/**
 * Converts every record's cell of column `key` (bin included) from one type to another, as
 * `convertValue` does. A cell `restore` holds and that still has the value its change wrote gets its
 * value from before that change back. Returns the values written, the option names found and the
 * cells the conversion could not give back (to keep for this change's undo).
 */
export async function convertCells(
  tx: DbOrTx,
  companyId: string,
  board: Board,
  key: string,
  types: { from: DataType; to: DataType },
  lang: Language,
  restore?: Retype,
) {
  const rows = await cellsOf(tx, companyId, board, key);
  const back = new Map((restore?.cells ?? []).map((c) => [c.id, c]));
  // Nobody writes a computed cell: whatever it holds now came from a recompute, not an edit.
  const isComputed = restore ? isComputedType(restore.toType) : false;
  const newOptions = new Set<string>();
  const kept: KeptCell[] = [];
  const updates = rows.map((r) => {
    const before = back.get(r.id);
    if (before && (isComputed || isUnchangedSince(r.v, before.to))) return { id: r.id, v: before.from };
    const converted = convertValue(r.v, types.to, lang);
    for (const o of converted.newOptions) newOptions.add(o);
    if (conversionLoss(r.v, converted.value, types.from, lang) !== 'none') {
      kept.push({ id: r.id, from: r.v, to: converted.value });
    }
    return { id: r.id, v: converted.value };
  });
  return { updates, newOptions: [...newOptions], kept };
}

/**
 * Keeps what a type change could not convert, in its transaction, for its undo; drops the company's
 * kept changes past their time. Returns the change's id, or null when it lost nothing.
 */
export async function keepRetype(
  tx: DbOrTx,
  companyId: string,
  userId: string,
  board: Board,
  change: { key: string; from: DataType; to: DataType; kept: KeptCell[] },
): Promise<string | null> {
  await tx.execute(
    sql`DELETE FROM board_retypes WHERE company_id = ${companyId} AND at < now() - ${KEPT_FOR}`,
  );
  if (change.kept.length === 0) return null;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`INSERT INTO board_retypes (company_id, board, property_key, from_type, to_type, user_id, cells)
      VALUES (${companyId}, ${board}, ${change.key}, ${change.from}, ${change.to}, ${userId},
        ${JSON.stringify(change.kept)}::jsonb)
      RETURNING id`),
  );
  return rows[0]?.id ?? null;
}

/**
 * Takes a kept type change for its undo (it is used once): the company's and board's only, else not
 * found; it must be the change of this column to its current type and back to the one asked.
 */
export async function takeRetype(
  tx: DbOrTx,
  companyId: string,
  board: Board,
  id: string,
  column: { key: string; from: DataType; to: DataType },
): Promise<Retype> {
  const rows = rowsOf<{ property_key: string; from_type: DataType; to_type: DataType; cells: KeptCell[] }>(
    await tx.execute(sql`DELETE FROM board_retypes
      WHERE id = ${id} AND company_id = ${companyId} AND board = ${board}
      RETURNING property_key, from_type, to_type, cells`),
  );
  const row = rows[0];
  if (!row) throw notFound('retype_not_found');
  if (row.property_key !== column.key || row.to_type !== column.from || row.from_type !== column.to) {
    throw badRequest('invalid_input', { restoreRetype: 'retype_mismatch' });
  }
  return {
    id,
    propertyKey: row.property_key,
    fromType: row.from_type,
    toType: row.to_type,
    cells: row.cells,
  };
}

/**
 * POST /task/property/retype-preview: how many of a column's values a change to `type` would empty
 * or alter, counted over every record of the board by the rules the change itself uses.
 */
export async function previewRetype(
  ctx: AppContext,
  me: Principal,
  companyId: string,
  input: z.output<typeof PropertyRetypePreviewRequest>,
  lang: Language,
): Promise<PropertyRetypePreview> {
  const { properties } = await loadColumns(ctx.database.db, companyId, input.board, me.id);
  const column = Object.hasOwn(properties, input.key) ? properties[input.key] : undefined;
  if (!column) throw notFound('property_not_found');
  if (column.id === TITLE_KEY || input.type === 'title') {
    throw badRequest('invalid_input', { type: 'title_property_fixed' });
  }
  const answer = { values: 0, emptied: 0, altered: 0 };
  const rows = await cellsOf(ctx.database.db, companyId, input.board, column.id);
  for (const r of rows) {
    const loss =
      column.dataType === input.type
        ? 'none'
        : conversionLoss(r.v, convertValue(r.v, input.type, lang).value, column.dataType, lang);
    if (loss === 'emptied') answer.emptied += 1;
    if (loss === 'altered') answer.altered += 1;
    if (!isEmptyCell(r.v)) answer.values += 1;
  }
  return answer;
}
