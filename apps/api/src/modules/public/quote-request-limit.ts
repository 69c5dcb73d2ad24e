import type { RawQuery } from '../../db/client';

/** The window of the quote-request limit; the count slides with it. */
export const QUOTE_REQUEST_WINDOW_SECONDS = 3600;

const keyOf = (ip: string) => `quote-request:${ip}`;

/**
 * Counts a quote request of this client address against the hourly limit (`perHour`), in the
 * caller's transaction, and answers null when it may go on, or the seconds until the address's
 * oldest counted request leaves the window (the 429's Retry-After) when it may not. A refused request
 * writes nothing. The counts live in the database, in the login throttle's table (`login_failures`,
 * keyed `quote-request:<address>`), so every API process, on the embedded database or a server,
 * counts alike; a transaction-scoped advisory lock on the address makes concurrent requests of one
 * address (from several processes too) wait for each other, so a burst cannot all pass one count.
 * The database's clock measures the window, so processes whose clocks differ agree.
 */
export async function takeQuoteRequestSlot(
  query: RawQuery,
  ip: string,
  perHour: number,
): Promise<number | null> {
  const key = keyOf(ip);
  await query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
  const [counted] = await query<{ n: number; retry: number | null }>(
    `SELECT count(*)::int AS n,
            ceil(extract(epoch FROM min(created_at) + make_interval(secs => $2) - now()))::int AS retry
       FROM login_failures
      WHERE key = $1 AND created_at > now() - make_interval(secs => $2)`,
    [key, QUOTE_REQUEST_WINDOW_SECONDS],
  );
  if ((counted?.n ?? 0) >= perHour) return Math.max(1, counted?.retry ?? QUOTE_REQUEST_WINDOW_SECONDS);
  // The address's requests that left the window go, so its rows never outnumber the limit.
  await query(
    'DELETE FROM login_failures WHERE key = $1 AND created_at <= now() - make_interval(secs => $2)',
    [key, QUOTE_REQUEST_WINDOW_SECONDS],
  );
  await query('INSERT INTO login_failures (key) VALUES ($1)', [key]);
  return null;
}
