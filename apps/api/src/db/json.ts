import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamptz as JavaScript's `toISOString` writes it (UTC, milliseconds, `Z`), for answers
 * PostgreSQL writes as JSON (docs/decisions/0022). Milliseconds are cut, not rounded, as a
 * JavaScript date made from the timestamp cuts them.
 */
export function isoTimestamp(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
