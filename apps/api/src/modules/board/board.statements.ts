import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Built statements of the board's pages, kept by what they were built from. A page of a view along
 * its index is the same statement for every scroll of every user of the view; building it from
 * drizzle's `sql` chunks (the view's filters, its keys, each value's cell) and turning those into
 * text and parameters was about a sixth of the API's work for a page (bench/README.md, scenario 5).
 * A kept statement is its text cut at the placeholders, and its parameters: drizzle turns it into
 * text again from a few dozen pieces instead of several hundred.
 */
const dialect = new PgDialect();
const MAX_KEPT = 500;
const kept = new Map<string, SQL>();

/** `build()`'s statement, built once for `key` (which must name everything the statement holds). */
export function keptStatement(key: string, build: () => SQL): SQL {
  const hit = kept.get(key);
  if (hit) return hit;
  const built = build();
  const query = dialect.sqlToQuery(built);
  const statement = fromQuery(query.sql, query.params);
  // A text this cannot cut safely runs as built, and is not kept.
  if (!statement) return built;
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, statement);
  return statement;
}

/** Forgets every kept statement (tests). */
export function clearKeptStatements(): void {
  kept.clear();
}

/**
 * The statement of `text` with `params` for its placeholders `$1`, `$2`, …: the text is cut at each
 * placeholder outside quoted literals and names (a view's filter values and keys are written into
 * the text as literals and may hold a `$`), and each piece is raw text again. Null when the
 * placeholders are not `$1`…`$n` in order, or a quote is left open.
 */
export function fromQuery(text: string, params: readonly unknown[]): SQL | null {
  const pieces: string[] = [];
  const order: number[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      continue;
    }
    if (ch === '$' && /[0-9]/.test(text[i + 1] ?? '')) {
      let end = i + 1;
      while (end < text.length && /[0-9]/.test(text[end] as string)) end += 1;
      pieces.push(text.slice(start, i));
      order.push(Number(text.slice(i + 1, end)) - 1);
      start = end;
      i = end - 1;
    }
  }
  pieces.push(text.slice(start));
  if (quote || order.some((n, i) => n !== i) || order.length !== params.length) return null;
  const strings = Object.assign([...pieces], { raw: [...pieces] }) as unknown as TemplateStringsArray;
  return sql(strings, ...params);
}
