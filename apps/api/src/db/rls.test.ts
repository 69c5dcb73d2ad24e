import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { rowsOf } from '../modules/board/board.sql';
import type { Db } from './client';
import { companyTenant, PLATFORM } from './tenant';

/**
 * Row-level security (docs/security.md): the API's own connection, without a company set, sees no
 * company rows and writes none; with one company set it sees and changes that company's rows only.
 * Runs on PGlite and, in CI's second pass, on the PostgreSQL server.
 */
let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let projectA: string;
let projectB: string;

/** The database as company `id` works with it (a request's handle). */
const dbOf = (id: string): Db => t.database.as(companyTenant(id)).db;

const projectsSeen = async (db: Db = t.database.db) =>
  rowsOf<{ id: string; company_id: string }>(
    await db.execute(sql`SELECT id, company_id FROM projects WHERE id IN (${projectA}, ${projectB})`),
  );

/** The database's refusal under a driver's wrapping (drizzle reports "Failed query" with the cause). */
async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  return 'written';
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  const [qa, qb] = await t.createQuotes(2);
  const insert = 'INSERT INTO projects (company_id, quote_id) VALUES ($1, $2) RETURNING id';
  projectA =
    ((await t.database.query<{ id: string }>(insert, [a.company.id, qa])) as { id: string }[])[0]?.id ?? '';
  projectB =
    ((await t.database.query<{ id: string }>(insert, [b.company.id, qb])) as { id: string }[])[0]?.id ?? '';
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('works as a role that is no superuser, owns no table and cannot bypass policies', async () => {
    const [role] = rowsOf<{ user: string; super: boolean; bypass: boolean }>(
      await t.database.db.execute(sql`SELECT current_user AS user, rolsuper AS super, rolbypassrls AS bypass
        FROM pg_roles WHERE rolname = current_user`),
    );
    expect(role).toEqual({ user: 'solar_app', super: false, bypass: false });
    const owned = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM pg_tables
        WHERE schemaname = 'public' AND tableowner = current_user`),
    );
    expect(Number(owned[0]?.n)).toBe(0);
  });

  it('puts every table with a required company under forced row-level security', async () => {
    const tables = rowsOf<{ table: string; rls: boolean; forced: boolean }>(
      await t.database.db.execute(sql`SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced
        FROM information_schema.columns col
        JOIN pg_class c ON c.relname = col.table_name
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = col.table_schema
        WHERE col.table_schema = 'public' AND col.column_name = 'company_id' AND col.is_nullable = 'NO'
        ORDER BY 1`),
    );
    expect(tables.length).toBeGreaterThanOrEqual(14);
    // quote_areas is derived by the owner's SECURITY DEFINER triggers (migration 0011): under RLS for
    // the API's role, not forced for the owner that keeps it.
    const ownerKept = new Set(['quote_areas']);
    expect(
      tables.filter((x) => !x.rls || (!x.forced && !ownerKept.has(x.table))).map((x) => x.table),
    ).toEqual([]);
  });

  it('fails closed without a company: no rows, no writes', async () => {
    expect(await projectsSeen()).toEqual([]);
    expect(
      await refusal(
        t.database.db.execute(
          sql`INSERT INTO board_counters (company_id, next_seq) VALUES (${a.company.id}, 1)`,
        ),
      ),
    ).toMatch(/row-level security/);
    const updated = await t.database.db.execute(sql`UPDATE projects SET notes = 'x' WHERE id = ${projectA}`);
    expect(
      (updated as { rowCount?: number; affectedRows?: number }).rowCount ??
        (updated as { affectedRows?: number }).affectedRows,
    ).toBe(0);
  });

  it("shows one company none of another's rows, and refuses writing them", async () => {
    const db = dbOf(a.company.id);
    const seen = await projectsSeen(db);
    expect(seen.map((r) => r.id)).toEqual([projectA]);
    await db.execute(sql`UPDATE projects SET notes = 'from A' WHERE id IN (${projectA}, ${projectB})`);
    expect(
      await refusal(
        db.execute(sql`INSERT INTO board_counters (company_id, next_seq) VALUES (${b.company.id}, 1)`),
      ),
    ).toMatch(/row-level security/);
    // Moving a row of A into B is refused too (WITH CHECK).
    expect(
      await refusal(db.execute(sql`UPDATE projects SET company_id = ${b.company.id} WHERE id = ${projectA}`)),
    ).toMatch(/row-level security/);
    const notes = await t.database.query<{ id: string; notes: string }>(
      'SELECT id, notes FROM projects WHERE id = ANY($1::uuid[]) ORDER BY id',
      [[projectA, projectB]],
    );
    expect(Object.fromEntries(notes.map((n) => [n.id, n.notes]))).toEqual({
      [projectA]: 'from A',
      [projectB]: '',
    });
  });

  it("keeps the service areas: a company reads and writes only its own, and cannot rebuild another's", async () => {
    const [quote] = await t.createQuotes(1, { latitude: 61.5, longitude: 24.5 });
    // The owner's triggers place the quote for B even from A's transaction (B moves there).
    await dbOf(a.company.id).execute(
      sql`UPDATE companies SET latitude = 61.5, longitude = 24.5 WHERE id = ${a.company.id}`,
    );
    await t.database.query('UPDATE companies SET latitude = 61.5, longitude = 24.5 WHERE id = $1', [
      b.company.id,
    ]);
    const areaOf = (company: string) =>
      t.database.query<{ quote_id: string }>(
        'SELECT quote_id FROM quote_areas WHERE company_id = $1 AND in_area',
        [company],
      );
    expect((await areaOf(a.company.id)).map((r) => r.quote_id)).toEqual([quote]);
    expect((await areaOf(b.company.id)).map((r) => r.quote_id)).toEqual([quote]);
    const db = dbOf(a.company.id);
    const seen = rowsOf<{ company_id: string }>(
      await db.execute(sql`SELECT company_id FROM quote_areas WHERE quote_id = ${quote}`),
    );
    expect(seen.map((r) => r.company_id)).toEqual([a.company.id]);
    expect(
      await refusal(
        db.execute(
          sql`INSERT INTO quote_areas (company_id, quote_id, rating) VALUES (${b.company.id}, ${quote}, 1)`,
        ),
      ),
    ).toMatch(/row-level security/);
    expect(await refusal(db.execute(sql`SELECT quote_areas_refresh_company(${b.company.id})`))).toMatch(
      /permission denied/,
    );
  });

  it('keeps the company inside a transaction, and lets the platform scope see every company', async () => {
    const inTx = await dbOf(b.company.id).transaction(async (tx) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`SELECT id FROM projects WHERE id IN (${projectA}, ${projectB})`),
      ),
    );
    expect(inTx.map((r) => r.id)).toEqual([projectB]);
    const all = await projectsSeen(t.database.as(PLATFORM).db);
    expect(all.map((r) => r.id).sort()).toEqual([projectA, projectB].sort());
  });

  it("answers an installer's request from its company's rows only, down to the database", async () => {
    const res = await t.app.inject({
      url: `/api/saved-project/project/${projectB}`,
      headers: t.auth(a.admin.token),
    });
    expect(res.statusCode).toBe(404);
    const own = await t.app.inject({
      url: `/api/saved-project/project/${projectA}`,
      headers: t.auth(a.admin.token),
    });
    expect(own.statusCode).toBe(200);
  });

  it("keeps each request's tenant while two companies' requests interleave", async () => {
    // Each request carries its caller's handle (decision 0020): 24 at once, A and B alternating,
    // each asking for its own project and the other company's.
    const asks = Array.from({ length: 24 }, (_, i) => {
      const who = i % 2 === 0 ? a : b;
      const project = i % 4 < 2 ? projectA : projectB;
      const own = (who === a) === (project === projectA);
      return { who, project, expected: own ? 200 : 404 };
    });
    const answers = await Promise.all(
      asks.map(({ who, project }) =>
        t.app
          .inject({ url: `/api/saved-project/project/${project}`, headers: t.auth(who.admin.token) })
          .then((r) => r.statusCode),
      ),
    );
    expect(answers).toEqual(asks.map((x) => x.expected));
  });
});
