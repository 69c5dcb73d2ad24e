import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { statementsOf } from '../../test/statements';
import { PREPARE_AFTER } from './client';
import { GENERIC_PLAN_MARK, genericPlan, wantsGenericPlan } from './plan';
import { companyTenant } from './tenant';

/**
 * Statements marked for a generic plan (docs/decisions/0017), on the driver this run uses (PGlite,
 * or the server in CI's second pass): planned once, with the caller's tenant, and nothing else is.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MODE = `SELECT current_setting('plan_cache_mode') AS mode`;
const mode = async (text: string) => (await t.database.query<{ mode: string }>(text))[0]?.mode;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('generic plans', () => {
  it('knows the mark only at the start of a statement', () => {
    expect(wantsGenericPlan(`${GENERIC_PLAN_MARK} SELECT 1`)).toBe(true);
    expect(wantsGenericPlan(`SELECT 1 ${GENERIC_PLAN_MARK}`)).toBe(false);
    expect(wantsGenericPlan(undefined)).toBe(false);
  });

  it('runs a marked statement in the generic mode, and every other one, even interleaved, in PostgreSQL’s own', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await mode(`${GENERIC_PLAN_MARK} ${MODE}`)).toBe('force_generic_plan');
      expect(await mode(MODE)).toBe('auto');
    }
    const both = await Promise.all(
      Array.from({ length: 24 }, (_, i) => mode(i % 2 ? MODE : `${GENERIC_PLAN_MARK} ${MODE}`)),
    );
    expect(both).toEqual(both.map((_, i) => (i % 2 ? 'auto' : 'force_generic_plan')));
    // In a transaction the mark changes nothing: its statements run as PostgreSQL chooses.
    await mode(`${GENERIC_PLAN_MARK} ${MODE}`);
    const inside = await t.database.rawTransaction(async (query) => [
      ((await query(`${GENERIC_PLAN_MARK} ${MODE}`))[0] as { mode: string }).mode,
      ((await query(MODE))[0] as { mode: string }).mode,
    ]);
    expect(inside).toEqual(['auto', 'auto']);
  });

  it('runs a marked statement with the caller’s tenant, so row-level security holds', async () => {
    const [one, two] = [await t.createCompany(), await t.createCompany()];
    const read = (companyId: string) =>
      t.database
        .as(companyTenant(companyId))
        .db.execute(
          genericPlan(sql`SELECT current_setting('app.company_id') AS company,
              (SELECT count(*)::int FROM board_counters WHERE company_id = ${companyId}) AS own,
              (SELECT count(*)::int FROM board_counters WHERE company_id = ${companyId === one.id ? two.id : one.id}) AS other`),
        )
        .then((r) => rowsOf<{ company: string; own: number; other: number }>(r));
    for (const c of [one, two])
      await t.database.query('INSERT INTO board_counters (company_id, next_seq) VALUES ($1, 1)', [c.id]);
    for (let i = 0; i < PREPARE_AFTER + 2; i++) {
      expect(await read(one.id)).toEqual([{ company: one.id, own: 1, other: 0 }]);
      expect(await read(two.id)).toEqual([{ company: two.id, own: 1, other: 0 }]);
    }
  });

  it('plans a hot marked statement once for every value, and leaves the same statement unmarked to PostgreSQL', async () => {
    const body = `SELECT count(*)::int AS n FROM quotes WHERE rating >= $1::double precision /* ${Math.random()} */`;
    const marked = `${GENERIC_PLAN_MARK} ${body}`;
    // Prepared statements live in a connection's session: with nothing else on the pool, these
    // statements, run one after the other, all take the same connection of each pool (the job
    // runner's polls would take one in between and swap them).
    await t.jobs.stop();
    try {
      for (let i = 0; i < PREPARE_AFTER + 6; i++) {
        await t.database.query(marked, [i]);
        await t.database.query(body, [i]);
      }
      // Each read where its statement ran: marked on the generic plans' side, the other on the main one.
      const plans = async (text: string, on: string) =>
        (
          await t.database.query<{ generic: number; custom: number }>(
            `${on}SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1`,
            [text],
          )
        )[0];
      expect(await plans(marked, `${GENERIC_PLAN_MARK} `)).toEqual({ generic: PREPARE_AFTER + 4, custom: 0 });
      // PostgreSQL's own choice plans the first five runs for their values.
      expect((await plans(body, ''))?.custom).toBe(5);
    } finally {
      t.jobs.start();
    }
  });
});

describe('the statements marked', () => {
  it('runs the quote search’s page with a generic plan, but not an address search’s nor a filtered one over all quotes', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    await t.createQuotes(3);
    const search = (body: object) =>
      statementsOf(t.database, async () => {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/quote/installer/search?page=1&limit=5',
          headers: t.auth(admin.token),
          payload: body,
        });
        expect(res.statusCode, res.body).toBe(200);
      });
    const page = (texts: string[]) => texts.filter((text) => /ORDER BY .* LIMIT/s.test(text));
    const plain = page(await search({}));
    expect(plain).toHaveLength(1);
    expect(wantsGenericPlan(plain[0])).toBe(true);
    const byAddress = page(await search({ search: 'Musterstraße' }));
    expect(byAddress).toHaveLength(1);
    expect(byAddress[0]).toContain('ILIKE');
    expect(wantsGenericPlan(byAddress[0])).toBe(false);
    // Over all quotes a filter's values can make another index the better one: planned each time.
    const filtered = page(await search({ buildingType: ['Office'], costMin: 1000 }));
    expect(filtered).toHaveLength(1);
    expect(wantsGenericPlan(filtered[0])).toBe(false);
  });
});
