import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createPlatformUser']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createPlatformUser('ADMIN');
});
afterAll(() => t.close());

const create = (token: string, payload: object, lang = 'de') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/companies',
    headers: { ...t.auth(token), 'accept-language': lang },
    payload,
  });

describe('POST /admin/companies', () => {
  it('creates a company with its name only and invites its first admin, who sets a password and logs in', async () => {
    const email = `Owner-${Date.now()}@Neu-Solar.test`;
    const res = await create(admin.token, {
      companyName: '  Neu Solar GmbH ',
      email,
      firstName: 'Nina',
      lastName: 'Neu',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { company, owner } = res.json().data;
    expect(company).toMatchObject({
      companyName: 'Neu Solar GmbH',
      address: '',
      latitude: null,
      longitude: null,
      partnerTier: 'Future Partner',
    });
    expect(owner).toMatchObject({ email: email.toLowerCase(), role: 'INSTALLER_ADMIN', isActive: false });

    // The invitation, in the language of the request.
    const mail = await t.smtp.waitForMail(email.toLowerCase());
    expect(mail.text).toContain('Neu Solar GmbH');
    const token = /reset-password\?token=([\w-]+)&invite=1/.exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/user/reset-password/${token}`,
      payload: { password: 'First-day-at-work' },
    });
    expect(set.statusCode).toBe(200);
    const session = await t.login(email, 'First-day-at-work');
    expect(session.body.data.user).toMatchObject({
      role: 'INSTALLER_ADMIN',
      companyName: 'Neu Solar GmbH',
      preferredLanguage: 'de',
      onboardedAt: null,
    });
    expect(session.body.data.installerDetails._id).toBe(company._id);
    // The team is the owner alone.
    const team = await t.app.inject({ url: '/api/installer/users', headers: t.auth(session.token) });
    expect(team.json().data.docs.map((m: { email: string }) => m.email)).toEqual([email.toLowerCase()]);
  });

  it('refuses an address that already has an account, and then creates nothing', async () => {
    const existing = await t.createInstallerCompany();
    const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    const res = await create(
      admin.token,
      { companyName: 'Doppelt GmbH', email: existing.sales.user.email },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'An account with this e-mail address already exists',
      errors: { email: 'An account with this e-mail address already exists' },
    });
    const after = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('checks the name and the e-mail', async () => {
    const res = await create(admin.token, { companyName: ' ', email: 'nope' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      companyName: 'This field is required',
      email: expect.any(String),
    });
  });

  it('is for ADMIN only', async () => {
    const company = await t.createInstallerCompany();
    const city = await t.createPlatformUser('CITY_ADMIN');
    for (const token of [company.admin.token, company.sales.token, city.token]) {
      const res = await create(token, { companyName: 'Fremd GmbH', email: `x-${Date.now()}@example.test` });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('GET /admin/companies', () => {
  const list = (token: string | null, query = '', lang = 'en') =>
    t.app.inject({
      url: `/api/admin/companies${query}`,
      headers: { ...(token ? t.auth(token) : {}), 'accept-language': lang },
    });
  type Item = {
    _id: string;
    companyName: string;
    city: string;
    createdAt: string;
    hasLocation: boolean;
    userCount: number;
    adminEmail: string | null;
    adminActive: boolean;
  };

  it('lists the companies newest first, each with its city, location, users and first admin', async () => {
    const tag = `Liste${Date.now().toString(36)}`;
    const placed = await t.createInstallerCompany();
    await t.database.query('UPDATE companies SET name = $1 WHERE id = $2', [
      `${tag} Placed`,
      placed.company.id,
    ]);
    const created = await create(admin.token, { companyName: `${tag} Fresh`, email: `${tag}@fresh.test` });
    expect(created.statusCode, created.body).toBe(200);
    const fresh = created.json().data.company._id as string;

    const res = await list(admin.token, `?q=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const { docs, pagination } = res.json().data as { docs: Item[]; pagination: object };
    expect(pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1, hasNextPage: false });
    // The company just onboarded first: no city nor location yet, its owner invited but not active.
    expect(docs).toEqual([
      {
        _id: fresh,
        companyName: `${tag} Fresh`,
        city: '',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        hasLocation: false,
        userCount: 1,
        adminEmail: `${tag.toLowerCase()}@fresh.test`,
        adminActive: false,
      },
      {
        _id: placed.company.id,
        companyName: `${tag} Placed`,
        city: 'München',
        createdAt: placed.company.createdAt.toISOString(),
        hasLocation: true,
        userCount: 3,
        adminEmail: placed.admin.user.email,
        adminActive: true,
      },
    ]);

    // Without a search, every company, newest first.
    const all = (await list(admin.token, '?limit=100')).json().data.docs as Item[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    const times = all.map((d) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('searches the name case-insensitively, with LIKE signs taken as text', async () => {
    const tag = `Suche${Date.now().toString(36)}`;
    const one = await t.createCompany({ name: `Sonnen ${tag} GmbH` });
    await t.createCompany({ name: `Wind ${tag.toUpperCase()}_x` });
    await t.createCompany({ name: `Wind ${tag.toUpperCase()}yx` });
    const names = async (q: string) =>
      ((await list(admin.token, `?q=${encodeURIComponent(q)}`)).json().data.docs as Item[]).map(
        (d) => d.companyName,
      );
    expect(await names(`sonnen ${tag.toLowerCase()}`)).toEqual([one.name]);
    expect(await names(`  ${tag.toUpperCase()}  `)).toHaveLength(3);
    // '_' and '%' are no wildcards: only the name with the underscore matches.
    expect(await names(`${tag}_`)).toEqual([`Wind ${tag.toUpperCase()}_x`]);
    expect(await names(`${tag}%`)).toEqual([]);
    expect(await names(`${tag} nothing`)).toEqual([]);
  });

  it('pages with a hard limit, and refuses an unbounded page or search', async () => {
    const tag = `Seite${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await t.createCompany({ name: `${tag} ${i}` });
    const second = await list(admin.token, `?q=${tag}&page=2&limit=2`);
    expect(second.json().data).toMatchObject({
      docs: [{ companyName: `${tag} 0` }],
      pagination: { page: 2, limit: 2, total: 3, totalPages: 2, hasNextPage: false },
    });
    for (const query of ['?limit=101', '?limit=0', '?page=0', `?q=${'x'.repeat(101)}`]) {
      const res = await list(admin.token, query);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('is for ADMIN only; anyone else is refused, without a session too', async () => {
    const company = await t.createInstallerCompany();
    const city = await t.createPlatformUser('CITY_ADMIN');
    for (const token of [city.token, company.admin.token, company.installer.token, company.sales.token]) {
      const res = await list(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().data).toBeUndefined();
    }
    expect((await list(null)).statusCode).toBe(401);
  });
});
