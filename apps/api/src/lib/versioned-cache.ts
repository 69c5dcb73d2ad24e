import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { changeFeedOf } from './change-feed';

/**
 * How long an answer is kept at most. Within it, it is dropped as soon as its data version moves
 * (any change, from any process); the bound covers an answer that raced a change still being
 * committed, or a change the feed missed.
 */
export const KEEP_MS = 30_000;

/** The sequences that advance with every change of their data (migrations 0011 and 0013). */
export type VersionSequence = 'quote_data_version' | 'board_data_version';

/**
 * The data's current version: while the change feed is live, as this process heard it (no round
 * trip; a change is heard once committed); otherwise (and inside a transaction, which may hold
 * changes of its own) the sequence's value, which moves with every change of the data it guards.
 */
export async function dataVersion(db: DbOrTx, sequence: VersionSequence): Promise<string> {
  const heard = changeFeedOf(db)?.version(sequence);
  if (heard) return heard;
  const result = (await db.execute(
    sql`SELECT last_value::text AS v FROM ${sql.identifier(sequence)}`,
  )) as unknown as { rows: { v: string }[] };
  return result.rows[0]?.v ?? '';
}

/** A key as the cache holds it: a string as it is (a caller's own cheap key), anything else as its JSON. */
const idOf = (key: unknown): string => (typeof key === 'string' ? key : JSON.stringify(key));

/**
 * Answers of this process kept while their data stands still: a hit costs the version check; a
 * miss builds the answer anew, once for all callers that miss it at the same time (a view opened by
 * many at once is counted once). The oldest entry goes when `maxEntries` are held.
 */
export function versionedCache<T>(sequence: VersionSequence, maxEntries: number) {
  const entries = new Map<string, { at: number; version: string; value: T }>();
  const building = new Map<string, Promise<T>>();
  /** The kept value of `id` if it was built at `version` and is young enough. */
  const fresh = (id: string, version: string, now: number) => {
    const hit = entries.get(id);
    return hit && hit.version === version && now - hit.at < KEEP_MS ? hit : undefined;
  };
  return {
    /**
     * The kept answer for `key` when it can be told at once that its data has not moved (the change
     * feed is live), or undefined: a hit answered without a promise, so without a turn of the event
     * loop (decision 0015). A miss, or no live feed, leaves the caller to `get`.
     */
    peek(db: DbOrTx, key: unknown, now = Date.now()): T | undefined {
      const version = changeFeedOf(db)?.version(sequence);
      if (!version) return undefined;
      return fresh(idOf(key), version, now)?.value;
    },
    /**
     * The answer for `key`. `version` is the data version when the caller has just read it (saves
     * the check); `now` is the clock (tests).
     */
    async get(
      db: DbOrTx,
      key: unknown,
      build: () => Promise<T>,
      opts: { version?: string; now?: number } = {},
    ): Promise<T> {
      const now = opts.now ?? Date.now();
      const id = idOf(key);
      const version = opts.version ?? (await dataVersion(db, sequence));
      const hit = fresh(id, version, now);
      if (hit) return hit.value;
      const pendingId = `${version}\u0000${id}`;
      const pending = building.get(pendingId);
      if (pending) return pending;
      const promise = build().then((value) => {
        entries.delete(id);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(id, { at: now, version, value });
        return value;
      });
      building.set(pendingId, promise);
      try {
        return await promise;
      } finally {
        building.delete(pendingId);
      }
    },
    clear: () => entries.clear(),
  };
}
