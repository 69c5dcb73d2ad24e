import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

/**
 * The audit log (issue 8 "Data safety"): a stage move, a price change, a pricing change, a role change
 * and a removed access each write exactly one entry with who, when, before and after; a refused change
 * writes none; a company admin reads only the company's entries, ADMIN every company's.
 */
let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let admin: Awaited<ReturnType<TestApp['createPlatformUser']>>;
let quotes: string[];

type Entry = {
  action: string;
  entityId: string | null;
  userId: string | null;
  before: unknown;
  after: unknown;
};
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...t.auth(token), 'accept-language': 'en' }, payload });
const entries = async (token: string, query = '') => {
  const res = await call(token, 'GET', `/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { docs: Entry[]; nextCursor: string | null };
};

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  admin = await t.createPlatformUser('ADMIN');
  await t.database.query(
    'UPDATE companies SET latitude = 20, longitude = 20, service_radius_km = 30 WHERE id = ANY($1::uuid[])',
    [`{${a.company.id},${b.company.id}}`],
  );
  quotes = await t.createQuotes(2, { latitude: 20.01, longitude: 20.01 });
});
afterAll(() => t.close());

describe('audit log', () => {
  it('records each change once, with who, before and after; a refused change records nothing', async () => {
    // A stage move.
    const project = (
      await call(a.sales.token, 'POST', '/api/saved-project/create', { quoteId: quotes[0] })
    ).json().data._id as string;
    expect(
      (await call(a.sales.token, 'PUT', `/api/matched/${project}`, { projectStatus: 'OFFER_PROVIDED' }))
        .statusCode,
    ).toBe(200);
    // A refused move (not an allowed transition): nothing recorded.
    expect(
      (await call(a.sales.token, 'PUT', `/api/matched/${project}`, { projectStatus: 'PROJECT_REALIZED' }))
        .statusCode,
    ).toBe(400);

    // A price and a pricing strategy.
    const product = (
      await call(admin.token, 'POST', '/api/product/', {
        type: 'battery',
        name: `Audit Speicher ${Math.random()}`,
        details: { capacityKwh: 10 },
      })
    ).json().data._id as string;
    expect(
      (
        await call(a.admin.token, 'POST', '/api/product/productinstaller', {
          productId: product,
          price: 4000,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(a.admin.token, 'PUT', '/api/product/updateinstaller', { productId: product, price: 3800 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(a.admin.token, 'PUT', '/api/product/pricing', { strategy: 'fixForProject', value: 500 }))
        .statusCode,
    ).toBe(200);

    // A role change and a removed access.
    const member = await t.createUser('INSTALLER', a.company.id);
    const leaving = await t.createUser('INSTALLER', a.company.id);
    const access = `/api/installer/userAceess/${a.company.id}`;
    expect(
      (await call(a.admin.token, 'PUT', `${access}/${member.id}`, { role: 'INSTALLER_SALES' })).statusCode,
    ).toBe(200);
    expect((await call(a.admin.token, 'DELETE', `${access}/${leaving.id}`)).statusCode).toBe(200);
    // Refused: changing oneself.
    expect(
      (await call(a.admin.token, 'PUT', `${access}/${a.admin.user.id}`, { role: 'INSTALLER' })).statusCode,
    ).toBe(400);

    const { docs } = await entries(a.admin.token);
    expect(docs.map((d) => d.action).reverse()).toEqual([
      'project.stage',
      'product.price',
      'product.price',
      'pricing.strategy',
      'user.role',
      'user.access_removed',
    ]);
    const byAction = (action: string) => docs.filter((d) => d.action === action);
    expect(byAction('project.stage')[0]).toMatchObject({
      entityId: project,
      userId: a.sales.user.id,
      before: { stage: 'ACQUISITION' },
      after: { stage: 'OFFER_PROVIDED' },
    });
    expect(
      byAction('product.price')
        .map((d) => [d.before, (d.after as { price: number }).price])
        .reverse(),
    ).toEqual([
      [{ price: null }, 4000],
      [{ price: 4000 }, 3800],
    ]);
    expect(byAction('pricing.strategy')[0]?.after).toEqual({ strategy: 'fixForProject', value: 500 });
    expect(byAction('user.role')[0]).toMatchObject({
      entityId: member.id,
      userId: a.admin.user.id,
      before: { role: 'INSTALLER' },
      after: { role: 'INSTALLER_SALES' },
    });
    expect(byAction('user.access_removed')[0]).toMatchObject({
      entityId: leaving.id,
      after: { disabled: true },
    });
  });

  it("shows a company admin only the company's entries, and ADMIN every company's", async () => {
    const project = (
      await call(b.admin.token, 'POST', '/api/saved-project/create', { quoteId: quotes[1] })
    ).json().data._id as string;
    expect(
      (await call(b.admin.token, 'PUT', `/api/matched/${project}`, { projectStatus: 'OFFER_PROVIDED' }))
        .statusCode,
    ).toBe(200);
    const own = await entries(b.admin.token);
    expect(own.docs.map((d) => d.entityId)).toEqual([project]);
    expect((await entries(a.admin.token)).docs.some((d) => d.entityId === project)).toBe(false);
    // ADMIN: every company, or one.
    expect((await entries(admin.token)).docs.some((d) => d.entityId === project)).toBe(true);
    expect(
      (await entries(admin.token, `?companyId=${a.company.id}`)).docs.some((d) => d.entityId === project),
    ).toBe(false);
    // Other roles may not read it.
    expect((await call(b.installer.token, 'GET', '/api/audit')).statusCode).toBe(403);
    expect((await call(b.sales.token, 'GET', '/api/audit')).statusCode).toBe(403);
  });

  it('pages newest first with a cursor, and refuses a malformed one', async () => {
    const first = await entries(a.admin.token, '?limit=4');
    expect(first.docs).toHaveLength(4);
    expect(first.nextCursor).not.toBeNull();
    const rest = await entries(
      a.admin.token,
      `?limit=4&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(rest.docs).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
    const all = await entries(a.admin.token, '?limit=50');
    expect([...first.docs, ...rest.docs]).toEqual(all.docs);
    expect((await call(a.admin.token, 'GET', "/api/audit?cursor=x'%20OR%201=1")).statusCode).toBe(400);
    // Of the cursor's shape, but no time or no id (was a 500 from the query).
    const [, id] = (first.nextCursor ?? '').split('|');
    for (const cursor of [`2026-13-45T00:00:00.000Z|${id}`, `2026-11-01T00:00:00.000Z|${'-'.repeat(36)}`]) {
      expect(
        (await call(a.admin.token, 'GET', `/api/audit?cursor=${encodeURIComponent(cursor)}`)).statusCode,
      ).toBe(400);
    }
  });
});
