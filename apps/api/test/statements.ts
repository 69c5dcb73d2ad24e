import type { Query } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * The texts of the statements `fn` runs through drizzle (`db.execute`, the query builders and the
 * shaped statements of db/shaped.ts alike) on any of the database's handles (one per tenant,
 * `Database.as`): recorded where drizzle prepares each for its driver, on the session's class.
 */
export async function statementsOf(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const session = Object.getPrototypeOf(database.db._.session) as {
    prepareQuery: (query: Query, ...rest: unknown[]) => unknown;
  };
  const original = session.prepareQuery;
  const texts: string[] = [];
  session.prepareQuery = function recorded(this: unknown, query: Query, ...rest: unknown[]) {
    texts.push(query.sql);
    return original.call(this, query, ...rest);
  };
  try {
    await fn();
  } finally {
    session.prepareQuery = original;
  }
  return texts;
}
