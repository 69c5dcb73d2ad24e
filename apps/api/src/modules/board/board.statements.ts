import type { Query, SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shapedStatements } from '../../db/shaped';

/**
 * The board's page statements, written out once per key (db/shaped.ts). A page of a view along its
 * index is the same statement for every scroll of every user of the view: its values are written
 * into it (the view's filters and keys as literals, the page as parameters), so its key names
 * everything it holds. Building it from drizzle's `sql` chunks (the view's filters, its keys, each
 * value's cell) and turning those into text was about a sixth of the API's work for a page
 * (bench/README.md, scenario 5). Kept as text, it is not written out again either, and the driver
 * finds its prepared statement's name by the very string it saw before instead of hashing several
 * kilobytes of a new one (docs/decisions/0024).
 */
const statements = shapedStatements(500);

/** Runs `build()`'s statement, built and written out once for `key` (which must name everything it holds). */
export function runKept(db: DbOrTx, key: string, build: () => SQL): Promise<unknown> {
  return statements.run(db, { key, values: {}, build });
}

/** The text and parameters `runKept` runs for `key` (tests). */
export function keptQuery(key: string, build: () => SQL): Query {
  return statements.text({ key, values: {}, build });
}

/** Forgets every kept statement (tests). */
export function clearKeptStatements(): void {
  statements.clear();
}
