import { fillPlaceholders, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Statements built once per shape (docs/decisions/0023). A search's statement has a few shapes (the
 * scope, the sort, the filters that are set, a cursor or not) and many values; drizzle built and
 * wrote out the whole statement for each request, about a seventh of a quote search's CPU in the
 * API process. A shaped statement is built by its caller's `build` with every value bound by name,
 * written out once per shape, and run with the request's values.
 */

/**
 * How a builder puts a value into its statement: the value itself ({@link inline}), or a named
 * placeholder filled at each run (when the statement is built for its shape). A name used twice is
 * the same value twice.
 */
export type Bind = (name: string, value: unknown) => unknown;

/** The value itself, as a plain drizzle statement holds it. */
export const inline: Bind = (_name, value) => value;

const byName: Bind = (name) => sql.placeholder(name);

/** A statement for one request: its shape's key, its values by name, and how to build it. */
export interface Shaped {
  /** Everything the statement's text depends on; two requests of one key have one text. */
  key: string;
  /** Every value `build` binds, by name. */
  values: Record<string, unknown>;
  build(bind: Bind): SQL;
}

const dialect = new PgDialect();

/**
 * A cache of shaped statements' texts: at most `max` shapes, the older half dropped when it is full
 * (each is a statement's text and its list of placeholders, a few KB).
 */
export function shapedStatements(max = 1_000) {
  const texts = new Map<string, Query>();
  return {
    /** The statement's text and parameters for `shaped` (written out once per key). */
    query(shaped: Shaped): { sql: string; params: unknown[] } {
      const text = this.text(shaped);
      return { sql: text.sql, params: fillPlaceholders(text.params, shaped.values) };
    },
    /** The shape's text with its placeholders, written out at the first request of its key. */
    text(shaped: Shaped): Query {
      let text = texts.get(shaped.key);
      if (!text) {
        text = dialect.sqlToQuery(shaped.build(byName));
        if (texts.size >= max) {
          let drop = Math.ceil(max / 2);
          for (const key of texts.keys()) {
            texts.delete(key);
            if (--drop === 0) break;
          }
        }
        texts.set(shaped.key, text);
      }
      return text;
    },
    /** Runs `shaped` as `db.execute` would run its inline build (same text, same parameters). */
    async run(db: DbOrTx, shaped: Shaped): Promise<unknown> {
      const text = this.text(shaped);
      return db._.session.prepareQuery(text, undefined, undefined, false).execute(shaped.values);
    },
    get size() {
      return texts.size;
    },
    /** Forgets every text (tests). */
    clear(): void {
      texts.clear();
    },
  };
}
