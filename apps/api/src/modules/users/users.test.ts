import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadConfig } from '../../config';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
});
afterAll(() => t.close());

/** The caller's user as `GET /user` answers it. */
const me = async (token: string) =>
  (await t.app.inject({ url: '/api/user', headers: t.auth(token) })).json().data.user;
const putOwn = (token: string, url: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...t.auth(token), 'accept-language': 'en' },
    payload: payload as object,
  });

describe('GET /user', () => {
  it('answers the caller with their company', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: t.auth(a.sales.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ _id: a.sales.user.id, role: 'INSTALLER_SALES' });
    expect(res.json().data.installerDetails._id).toBe(a.company.id);
  });
  it('answers each caller with themselves, however often and in whatever order (the statement is kept per tenant)', async () => {
    const b = await t.createInstallerCompany();
    const callers = [a.sales, a.installer, b.admin, a.sales, b.admin, a.installer];
    for (const caller of callers) {
      const res = await t.app.inject({ url: '/api/user', headers: t.auth(caller.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user._id).toBe(caller.user.id);
      expect(res.json().data.installerDetails._id).toBe(caller.user.companyId);
    }
  });
  it('answers a platform user without installer details', async () => {
    const city = await t.createPlatformUser('CITY_ADMIN', 'Köln');
    const res = await t.app.inject({ url: '/api/user', headers: t.auth(city.token) });
    expect(res.json().data).toMatchObject({
      user: { role: 'CITY_ADMIN', installerCity: 'Köln', installerPartner: [] },
    });
    expect(res.json().data.installerDetails).toBeNull();
  });
});

describe('PUT /user/update/personal-details', () => {
  const put = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/update/personal-details',
      headers: { ...t.auth(token), 'accept-language': 'en' },
      payload: payload as object,
    });

  it('changes only the caller', async () => {
    const res = await put(a.installer.token, {
      firstName: ' Ingrid ',
      lastName: 'Neu',
      phone: '+49 1',
      address: 'Weg 2',
      preferredLanguage: 'en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      firstName: 'Ingrid',
      lastName: 'Neu',
      preferredLanguage: 'en',
    });
    const other = await t.app.inject({ url: '/api/user', headers: t.auth(a.sales.token) });
    expect(other.json().data.user.firstName).not.toBe('Ingrid');
  });

  it('validates field by field and changes nothing', async () => {
    const res = await put(a.installer.token, {
      firstName: '  ',
      lastName: 'x'.repeat(101),
      image: 'javascript:alert(1)',
      preferredLanguage: 'fr',
      phone: 'abc-not-a-phone',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'firstName',
      'image',
      'lastName',
      'phone',
      'preferredLanguage',
    ]);
    expect(res.json().errors.firstName).toBe('This field is required');
    expect(res.json().errors.phone).toBe('Please enter a valid phone number');
    const after = await t.app.inject({ url: '/api/user', headers: t.auth(a.installer.token) });
    expect(after.json().data.user.lastName).not.toBe('x'.repeat(101));
  });

  it('refuses without a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/update/personal-details', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /user/search', () => {
  it('finds only users of the caller’s company', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/search?installerPartner=example.test',
      headers: t.auth(a.sales.token),
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.docs.map((d: { _id: string }) => d._id);
    expect(ids.sort()).toEqual([a.admin.user.id, a.installer.user.id, a.sales.user.id].sort());
    expect(ids).not.toContain(b.admin.user.id);
    expect(res.json().data.pagination).toMatchObject({ page: 1, total: 3, hasNextPage: false });
  });

  it('matches by e-mail and treats % and _ literally', async () => {
    const byMail = await t.app.inject({
      method: 'PUT',
      url: `/api/user/search?installerPartner=${encodeURIComponent(b.sales.user.email)}`,
      headers: t.auth(b.admin.token),
    });
    expect(byMail.json().data.docs.map((d: { _id: string }) => d._id)).toEqual([b.sales.user.id]);
    const wildcard = await t.app.inject({
      method: 'PUT',
      url: '/api/user/search?installerPartner=%25',
      headers: t.auth(b.admin.token),
    });
    expect(wildcard.json().data.docs).toEqual([]);
  });

  it('lets ADMIN search everyone and refuses CITY_ADMIN', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/search?installerPartner=${encodeURIComponent(b.installer.user.email)}`,
      headers: t.auth(admin.token),
    });
    expect(res.json().data.docs).toHaveLength(1);
    const city = await t.createPlatformUser('CITY_ADMIN');
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/user/search',
      headers: t.auth(city.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('rejects a bad limit', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/search?limit=100000',
      headers: t.auth(a.admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.limit).toBeTruthy();
  });
});

describe('GET /constant', () => {
  it('answers the free download count and the enumerations', async () => {
    const res = await t.app.inject({ url: '/api/constant', headers: t.auth(a.sales.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.freeDownloadCount).toBe(3);
    expect(res.json().data.properties.partnerTiers).toContain('Climate savers Partnercity');
    expect(res.json().data.customerAppUrl).toMatch(/^https?:/);
    // The built-in request page has no 3D planning: the listing shows no link that leads nowhere.
    expect(res.json().data.planning3dUrl).toBeNull();
  });
  it("names an external customer application's 3D planning page", () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: join(tmpdir(), 'solar-test-data'), JWT_SECRET: 'x'.repeat(40), ...env });
    expect(config({ CUSTOMER_APP_URL: 'https://app.solar.test/' })).toMatchObject({
      CUSTOMER_APP_URL: 'https://app.solar.test/',
      PLANNING_3D_URL: 'https://app.solar.test/3d',
    });
    expect(config({ PUBLIC_URL: 'https://portal.solar.test' })).toMatchObject({
      CUSTOMER_APP_URL: 'https://portal.solar.test/request',
      PLANNING_3D_URL: null,
    });
  });
  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/constant' })).statusCode).toBe(401);
  });
});

describe('POST /meeting-request (no MEETING_URL)', () => {
  it('e-mails the request to the support address and answers in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/meeting-request',
      headers: { ...t.auth(a.admin.token), 'accept-language': 'en' },
      payload: { message: 'Please call me about Enterprise', preferredTime: 'Tuesday morning' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Thank you! We will get back to you to arrange the meeting.');
    const mail = await t.smtp.waitForMail(t.config.SUPPORT_EMAIL);
    expect(mail.text).toContain('Please call me about Enterprise');
    expect(mail.text).toContain(a.admin.user.email);
    const constants = await t.app.inject({ url: '/api/constant', headers: t.auth(a.admin.token) });
    expect(constants.json().data.meetingUrl).toBe('');
  });

  it('validates the message and needs a session', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/meeting-request',
      headers: t.auth(a.admin.token),
      payload: { message: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.message).toBeTruthy();
    // Each field says what is wrong with it: too short is not "required", too long says the limit.
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/meeting-request',
      headers: { ...t.auth(a.admin.token), 'accept-language': 'en' },
      payload: { message: 'ab', phone: '1'.repeat(50), preferredTime: 'x'.repeat(250) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({
      message: 'Please enter at least 3 characters',
      phone: 'Please enter at most 40 characters',
      preferredTime: 'Please enter at most 200 characters',
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/meeting-request', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /user/onboarding', () => {
  const put = (token: string, payload: unknown) => putOwn(token, '/api/user/onboarding', payload);

  it('starts unset for a new user, is set when done and cleared to show the tour again', async () => {
    expect((await me(a.installer.token)).onboardedAt).toBeNull();
    const done = await put(a.installer.token, { done: true });
    expect(done.statusCode).toBe(200);
    const at = done.json().data.user.onboardedAt;
    expect(Date.parse(at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await me(a.installer.token)).onboardedAt).toBe(at);
    // Only the caller: the colleague and the other company's users still see the tour.
    expect((await me(a.admin.token)).onboardedAt).toBeNull();
    expect((await me(b.installer.token)).onboardedAt).toBeNull();
    expect((await put(a.installer.token, { done: false })).json().data.user.onboardedAt).toBeNull();
    expect((await me(a.installer.token)).onboardedAt).toBeNull();
  });

  it('refuses a bad body with a field message and changes nothing', async () => {
    const res = await put(a.sales.token, { done: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.done).toBeTruthy();
    expect((await me(a.sales.token)).onboardedAt).toBeNull();
  });
});

describe('PUT /user/language', () => {
  const put = (token: string, payload: unknown) => putOwn(token, '/api/user/language', payload);

  it("keeps the caller's choice on their own profile only, and their password mail follows it", async () => {
    const c = await t.createInstallerCompany();
    expect((await me(c.sales.token)).preferredLanguage).toBe('de');
    const res = await put(c.sales.token, { preferredLanguage: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.preferredLanguage).toBe('es');
    expect((await me(c.sales.token)).preferredLanguage).toBe('es');
    // The colleague and the other company's users keep theirs.
    expect((await me(c.admin.token)).preferredLanguage).toBe('de');
    expect((await me(b.sales.token)).preferredLanguage).toBe('de');

    const email = c.sales.user.email;
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email } });
    expect((await t.smtp.waitForMail(email)).subject).toBe('Restablecer su contraseña');
  });

  it('refuses a language we do not ship with a field message and changes nothing', async () => {
    const before = (await me(a.installer.token)).preferredLanguage;
    const res = await put(a.installer.token, { preferredLanguage: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.preferredLanguage).toBeTruthy();
    expect((await me(a.installer.token)).preferredLanguage).toBe(before);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      payload: { preferredLanguage: 'en' },
    });
    expect(res.statusCode).toBe(401);
  });
});
