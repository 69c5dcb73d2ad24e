import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema';

const accountKey = (email: string) => `account:${email}`;
const addressKey = (ip: string) => `address:${ip}`;

export interface ThrottleState {
  /** Refuse with 429. */
  blocked: boolean;
  /** Milliseconds to wait before answering, growing with recent failures. */
  delayMs: number;
}

/**
 * Login throttle, counted per account and per client address within a sliding window. Known and
 * unknown accounts are counted alike, so the answer never tells whether an address exists.
 */
export async function readThrottle(
  db: DbOrTx,
  config: Config,
  email: string,
  ip: string,
): Promise<ThrottleState> {
  const since = new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000);
  const rows = await db
    .select({ key: loginFailures.key, n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, [accountKey(email), addressKey(ip)]),
        gt(loginFailures.createdAt, since),
      ),
    )
    .groupBy(loginFailures.key);
  const account = rows.find((r) => r.key === accountKey(email))?.n ?? 0;
  const address = rows.find((r) => r.key === addressKey(ip))?.n ?? 0;
  const blocked =
    account >= config.LOGIN_MAX_FAILURES_ACCOUNT || address >= config.LOGIN_MAX_FAILURES_ADDRESS;
  // From the third failure on, each attempt waits a little longer (capped at 2 s).
  const delayMs = account >= 2 ? Math.min((account - 1) * 250, 2000) : 0;
  return { blocked, delayMs };
}

export async function recordFailure(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values([{ key: accountKey(email) }, { key: addressKey(ip) }]);
}

/** Clears an account's failures after a successful login or a password reset. */
export async function clearAccountFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(email)));
}
