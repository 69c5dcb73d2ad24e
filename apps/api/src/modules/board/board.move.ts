import type { TaskMoveRequest, TaskMoveResponse } from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { announceBoardChange } from './board.history';
import { boardCompany } from './board.policy';
import { lockBoardOrder, placeAfter } from './board.records';
import { lockRecords } from './board.service';
import { pgArray, rowsOf } from './board.sql';

type MoveInput = z.output<typeof TaskMoveRequest>;

/**
 * PUT /task/move: records ordered by hand, all or none. They keep their values (a move is not an
 * edit: "last edited" stays); the board's data version moves, so cached pages and totals go.
 */
export async function moveTasks(ctx: AppContext, me: Principal, input: MoveInput): Promise<TaskMoveResponse> {
  const companyId = boardCompany(me);
  return ctx.database.db.transaction(async (tx) => {
    await lockBoardOrder(tx, companyId, input.board);
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
      const placed = await placeAfter(
        tx,
        companyId,
        input.board,
        input.afterId ?? null,
        input.ids.length,
        input.ids,
      );
      // Renumbered: an undo puts them back where they are in the new numbering.
      if (placed.renumbered) previous = await current();
      positions = placed.positions;
    }
    await tx.execute(sql`UPDATE board_records r SET position = m.position
      FROM unnest(${pgArray(input.ids)}::uuid[], ${pgArray(positions.map(String))}::float8[]) AS m(id, position)
      WHERE r.id = m.id AND r.company_id = ${companyId}`);
    // Not history (no record event announces it): the company's open boards are told here, at commit.
    await announceBoardChange(tx, companyId, me.id);
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
