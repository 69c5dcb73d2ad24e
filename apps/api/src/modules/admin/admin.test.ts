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
