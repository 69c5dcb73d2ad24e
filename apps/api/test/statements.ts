import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/client';

/**
 * The texts of the statements `fn` runs through `db.execute` (outside transactions) on any of the
 * database's handles (one per tenant, `Database.as`): recorded on their drizzle class.
 */
export async function statementsOf(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const dialect = new PgDialect();
  const db = Object.getPrototypeOf(database.db) as { execute: (query: SQL) => Promise<unknown> };
  const original = db.execute;
  const texts: string[] = [];
  db.execute = function recorded(this: unknown, query: SQL) {
    texts.push(dialect.sqlToQuery(query).sql);
    return original.call(this, query);
  };
  try {
    await fn();
  } finally {
    db.execute = original;
  }
  return texts;
}
