import { type SQL, sql } from 'drizzle-orm';

/**
 * Statements whose plan does not depend on their values (docs/decisions/0017): a page read along an
 * index in a fixed order, the company and the cursor as values. PostgreSQL plans a prepared
 * statement again for its values at each run until a generic plan looks as cheap to it; for these
 * the generic plan is the same plan, and planning again was a third of the database's work for a
 * quote search or a board page. A statement with a free-text pattern among its values (`ILIKE $1`)
 * is not one of them: its best plan depends on the pattern.
 */
export const GENERIC_PLAN_MARK = '/* plan: generic */';

/** `statement`, marked to run with a generic plan (the server pool and PGlite honour the mark). */
export function genericPlan(statement: SQL): SQL {
  return sql`${sql.raw(GENERIC_PLAN_MARK)} ${statement}`;
}

/** The statement that sets a session's plan mode: generic plans, or PostgreSQL's own choice. */
export function planModeSql(generic: boolean): string {
  return `SET plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`;
}

/** Whether a statement's text carries the mark. */
export function wantsGenericPlan(text: unknown): boolean {
  return typeof text === 'string' && text.startsWith(GENERIC_PLAN_MARK);
}

/** The text of a `pg` / PGlite query call's first argument (a string or a config object). */
export function statementText(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown } | null | undefined)?.text;
  return typeof text === 'string' ? text : undefined;
}
