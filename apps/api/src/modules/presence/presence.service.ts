import { PRESENCE_TTL_MS, type PresenceEntry, type PresenceRequest } from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../lib/auth-hook';
import { CHANGES_CHANNEL } from '../../lib/change-feed';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { boardCompany } from '../board/board.policy';
import { rowsOf } from '../board/board.sql';

/** Rows older than this are deleted when the company's next tab writes (long after they stopped counting). */
const PRUNE_AFTER = '10 minutes';

const ttl = sql.raw(`interval '${PRESENCE_TTL_MS / 1000} seconds'`);

/** Tells the company's open boards (but the writer's own streams) that who is present changed. */
async function announce(tx: DbOrTx, companyId: string, userId: string) {
  await tx.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`presence:${companyId}:${userId}`})`);
}

/**
 * PUT /presence: this tab shows `board` with `recordId` open (or none). Written again every 25 s
 * while the board is open (`PRESENCE_HEARTBEAT_MS`); announced only when it changes something a
 * colleague sees: a tab new or back after a minute's silence, another board, another record. A record
 * of another company, or of the other board, is not found (as its own endpoints answer).
 */
export async function putPresence(ctx: AppContext, me: Principal, input: PresenceRequest) {
  const companyId = boardCompany(me);
  await ctx.database.db.transaction(async (tx) => {
    if (input.recordId) {
      const found = rowsOf<{ id: string }>(
        await tx.execute(sql`SELECT id FROM board_records
          WHERE id = ${input.recordId} AND company_id = ${companyId} AND board = ${input.board}`),
      );
      if (found.length === 0) throw notFound('task_not_found');
    }
    const [was] = rowsOf<{ board: string; record_id: string | null; fresh: boolean }>(
      await tx.execute(sql`SELECT board, record_id, seen_at > now() - ${ttl} AS fresh FROM board_presence
        WHERE company_id = ${companyId} AND user_id = ${me.id} AND tab_id = ${input.tabId} FOR UPDATE`),
    );
    await tx.execute(sql`INSERT INTO board_presence (company_id, user_id, tab_id, board, record_id, seen_at)
      VALUES (${companyId}, ${me.id}, ${input.tabId}, ${input.board}, ${input.recordId}, now())
      ON CONFLICT (company_id, user_id, tab_id)
      DO UPDATE SET board = excluded.board, record_id = excluded.record_id, seen_at = now()`);
    if (!was?.fresh || was.board !== input.board || was.record_id !== input.recordId) {
      await announce(tx, companyId, me.id);
    }
    await tx.execute(sql`DELETE FROM board_presence
      WHERE company_id = ${companyId} AND seen_at < now() - ${sql.raw(`interval '${PRUNE_AFTER}'`)}`);
  });
  return { present: await present(ctx.database.db, companyId, me.id, input.board) };
}

/** DELETE /presence/{tabId}: the tab left the board (closed, another page, logged out). */
export async function leavePresence(ctx: AppContext, me: Principal, tabId: string) {
  const companyId = boardCompany(me);
  await ctx.database.db.transaction(async (tx) => {
    const gone = rowsOf(
      await tx.execute(sql`DELETE FROM board_presence
        WHERE company_id = ${companyId} AND user_id = ${me.id} AND tab_id = ${tabId} RETURNING tab_id`),
    );
    if (gone.length > 0) await announce(tx, companyId, me.id);
  });
  return { left: true };
}

/** GET /presence?board=: the caller's colleagues on the board now, and the records they have open. */
export async function listPresence(ctx: AppContext, me: Principal, board: PresenceRequest['board']) {
  return { present: await present(ctx.database.db, boardCompany(me), me.id, board) };
}

async function present(db: DbOrTx, companyId: string, me: string, board: string): Promise<PresenceEntry[]> {
  const rows = rowsOf<{
    user_id: string;
    first_name: string;
    last_name: string;
    record_ids: string[] | null;
  }>(
    await db.execute(sql`SELECT u.id AS user_id, u.first_name, u.last_name,
      array_agg(p.record_id ORDER BY p.seen_at DESC) FILTER (WHERE p.record_id IS NOT NULL) AS record_ids
    FROM board_presence p JOIN users u ON u.id = p.user_id
    WHERE p.company_id = ${companyId} AND p.board = ${board} AND p.seen_at > now() - ${ttl}
      AND p.user_id <> ${me} AND u.company_id = ${companyId} AND NOT u.is_disabled
    GROUP BY u.id, u.first_name, u.last_name
    ORDER BY lower(u.first_name), lower(u.last_name), u.id`),
  );
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    // One record open in two tabs counts once.
    recordIds: [...new Set(r.record_ids ?? [])],
  }));
}
