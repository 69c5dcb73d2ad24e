import type { Board, TaskMoveRequest, TaskMoveResponse } from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { boardCompany } from './board.policy';
import { lockRecords } from './board.service';
import { pgArray, rowsOf } from './board.sql';

type MoveInput = z.output<typeof TaskMoveRequest>;
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
  ids: string[],
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

/**
 * PUT /task/move: records ordered by hand, all or none. They keep their values (a move is not an
 * edit: "last edited" stays); the board's data version moves, so cached pages and totals go.
 */
export async function moveTasks(ctx: AppContext, me: Principal, input: MoveInput): Promise<TaskMoveResponse> {
  const companyId = boardCompany(me);
  return ctx.database.db.transaction(async (tx) => {
    // One move of a board at a time: two into the same gap would take the same places.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`move:${companyId}:${input.board}`}))`);
    await lockRecords(tx, companyId, input.ids);
    const current = async () => {
      const found = rowsOf<{ id: string; position: number }>(
        await tx.execute(sql`SELECT id, position FROM board_records WHERE company_id = ${companyId}
          AND board = ${input.board} AND NOT is_deleted AND id = ANY(${pgArray(input.ids)}::uuid[])`),
      );
      if (found.length !== input.ids.length) throw notFound('task_not_found');
      return new Map(found.map((r) => [r.id, Number(r.position)]));
    };
    let previous = await current();

    let positions = input.positions;
    if (!positions) {
      const afterId = input.afterId ?? null;
      let near = await neighbours(tx, companyId, input.board, afterId, input.ids);
      let placed = positionsBetween(
        near.before?.position ?? null,
        near.after?.position ?? null,
        input.ids.length,
      );
      if (!placed) {
        await renumber(tx, companyId, input.board);
        // Where they are in the new numbering: an undo puts them back there.
        previous = await current();
        near = await neighbours(tx, companyId, input.board, afterId, input.ids);
        placed = positionsBetween(
          near.before?.position ?? null,
          near.after?.position ?? null,
          input.ids.length,
        );
      }
      // Numbered 0, 1, 2, … there is always room for 1,000 records between two neighbours.
      if (!placed) throw new AppError(418, 'something_wrong');
      positions = placed;
    }
    await tx.execute(sql`UPDATE board_records r SET position = m.position
      FROM unnest(${pgArray(input.ids)}::uuid[], ${pgArray(positions.map(String))}::float8[]) AS m(id, position)
      WHERE r.id = m.id AND r.company_id = ${companyId}`);
    const at = positions;
    return {
      moved: input.ids.map((id, i) => ({
        id,
        position: at[i] as number,
        previous: previous.get(id) as number,
      })),
    };
  });
}
