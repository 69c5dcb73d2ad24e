import type { SavedSearchBody } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { statementsOf } from '../../../test/statements';
import { GENERIC_PLAN_MARK } from '../../db/plan';
import { companyTenant } from '../../db/tenant';
import { findProjects, WALK_MAX_PROJECTS } from './projects.repository';

/**
 * A small company's search in date order walks its projects behind a fence with one plan for every
 * value (docs/decisions/0018); a large company's is planned for its pattern. Both forms must give
 * the same pages.
 */
let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  await t.database.query(
    'UPDATE companies SET latitude = 30, longitude = 30, service_radius_km = 30 WHERE id = ANY($1::uuid[])',
    [`{${a.company.id},${b.company.id}}`],
  );
  const near = { latitude: 30.01, longitude: 30.01 };
  const sun = await t.createQuotes(7, { ...near, address: 'Sonnenweg 3, 10115 Walkstadt' });
  const moon = await t.createQuotes(4, { ...near, address: 'Mondweg 9, 10115 Walkstadt' });
  for (const [i, quoteId] of [...sun, ...moon].entries()) {
    for (const who of i % 3 === 0 ? [a, b] : [a]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/saved-project/create',
        headers: t.auth(who.sales.token),
        payload: { quoteId },
      });
      expect(res.statusCode).toBe(200);
    }
  }
  // Dates with ties (the id decides), and the update order unlike the creation order.
  await t.database.query(
    `UPDATE projects p SET created_at = timestamp '2026-01-01' + (n.i / 2) * interval '1 day',
       updated_at = timestamp '2026-06-01' - (n.i % 4) * interval '1 hour',
       stage = CASE WHEN n.i % 3 = 0 THEN 'OFFER_PROVIDED' ELSE 'ACQUISITION' END
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM projects WHERE company_id = $1) n
     WHERE p.id = n.id`,
    [a.company.id],
  );
});
afterAll(() => t.close());

const page = (
  body: SavedSearchBody,
  opts: { sortColumn: string; sortOrder: 'asc' | 'desc'; limit: number; offset: number },
  companyProjects: number,
) =>
  findProjects(t.database.as(companyTenant(a.company.id)).db, a.company.id, body, opts, companyProjects).then(
    (rows) => rows.map((r) => r.id),
  );

describe('the saved-project search in date order', () => {
  it('gives the same pages walking a small company’s projects as planned for the pattern', async () => {
    const bodies: SavedSearchBody[] = [
      {},
      { search: 'sonnenweg' },
      { search: 'SONNENWEG', stage: ['ACQUISITION'] },
      { search: 'nowhere' },
    ];
    let compared = 0;
    for (const body of bodies)
      for (const sortColumn of ['date', 'updatedAt'])
        for (const sortOrder of ['asc', 'desc'] as const)
          for (const offset of [0, 3, 6]) {
            const opts = { sortColumn, sortOrder, limit: 4, offset };
            const walked = await page(body, opts, 11);
            expect(walked).toEqual(await page(body, opts, WALK_MAX_PROJECTS + 1));
            compared += walked.length;
          }
    // The comparison saw rows, not only empty pages.
    expect(compared).toBeGreaterThan(60);
    expect(
      await page(
        { search: 'sonnenweg' },
        { sortColumn: 'date', sortOrder: 'desc', limit: 50, offset: 0 },
        11,
      ),
    ).toHaveLength(7);
  });

  it('walks with a generic plan up to WALK_MAX_PROJECTS projects, and plans for the pattern beyond or in another order', async () => {
    const opts = { sortOrder: 'desc' as const, limit: 5, offset: 0 };
    const run = (sortColumn: string, companyProjects: number) =>
      statementsOf(t.database, () => page({ search: 'weg' }, { ...opts, sortColumn }, companyProjects));
    const [small] = await run('date', WALK_MAX_PROJECTS);
    expect(small?.startsWith(GENERIC_PLAN_MARK)).toBe(true);
    expect(small).toContain('CROSS JOIN LATERAL');
    const [large] = await run('date', WALK_MAX_PROJECTS + 1);
    expect(large?.startsWith(GENERIC_PLAN_MARK)).toBe(false);
    const [byCost] = await run('totalCost', 3);
    expect(byCost?.startsWith(GENERIC_PLAN_MARK)).toBe(false);
  });

  it('answers the search through the API with the walk, and only the caller’s company’s projects', async () => {
    const search = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/saved-project/installer/search?page=1&limit=20',
        headers: t.auth(token),
        payload: { search: 'sonnenweg' },
      });
    const texts = await statementsOf(t.database, async () => {
      const res = await search(a.installer.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.docs).toHaveLength(7);
      expect(res.json().data.maxMin[0].count).toBe(7);
    });
    expect(texts.some((x) => x.startsWith(GENERIC_PLAN_MARK) && x.includes('CROSS JOIN LATERAL'))).toBe(true);
    const other = await search(b.installer.token);
    expect(other.statusCode).toBe(200);
    // b saved every third quote: three of the seven on Sonnenweg.
    expect(other.json().data.docs).toHaveLength(3);
    const mine = new Set(
      (await search(a.installer.token)).json().data.docs.map((d: { _id: string }) => d._id),
    );
    for (const d of other.json().data.docs as { _id: string }[]) expect(mine.has(d._id)).toBe(false);
  });
});
