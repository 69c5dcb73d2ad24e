import type { RawQuery } from '../../db/client';

/**
 * The window of the public routes' limits per client address (quote requests, partner look-ups); the
 * count slides with it, and the daily purge of `login_failures` keeps rows this long.
 */
export const QUOTE_REQUEST_WINDOW_SECONDS = 3600;

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
export function takeQuoteRequestSlot(query: RawQuery, ip: string, perHour: number): Promise<number | null> {
  return takeHourlySlot(query, `quote-request:${ip}`, perHour);
}

/**
 * Counts a look-up of a partner link (GET /public/partner/:slug) of this client address against its
 * hourly limit, as {@link takeQuoteRequestSlot} counts quote requests (keyed `partner-lookup:<address>`).
 */
export function takePartnerLookupSlot(query: RawQuery, ip: string, perHour: number): Promise<number | null> {
  return takeHourlySlot(query, `partner-lookup:${ip}`, perHour);
}

/** One sliding-hour count of `login_failures` rows under `key`, as {@link takeQuoteRequestSlot} describes. */
async function takeHourlySlot(query: RawQuery, key: string, perHour: number): Promise<number | null> {
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
