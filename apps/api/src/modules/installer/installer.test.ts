import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
});
afterAll(() => t.close());

const company = {
  companyName: 'Sonnenbau Süd GmbH',
  address: 'Hauptstraße 5',
  city: 'Rosenheim',
  postalCode: '83022',
  phone: '+49 8031 1',
  email: 'info@sued.test',
  website: 'https://sued.example',
  vatId: 'DE1',
  description: 'PV',
  serviceRadiusKm: 70,
};

/** PUT /installer/{id} as `token`, answered in English. */
const put = (token: string, id: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/installer/${id}`,
    headers: { ...t.auth(token), 'accept-language': 'en' },
    payload,
  });

describe('PUT /installer/{id}', () => {
  it('lets the company admin update its company', async () => {
    const res = await put(a.admin.token, a.company.id, company);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: a.company.id,
      companyName: 'Sonnenbau Süd GmbH',
      serviceRadiusKm: 70,
    });
    const me = await t.app.inject({ url: '/api/user', headers: t.auth(a.sales.token) });
    expect(me.json().data.user.companyName).toBe('Sonnenbau Süd GmbH');
  });

  it('validates each field', async () => {
    const res = await put(a.admin.token, a.company.id, {
      ...company,
      companyName: '',
      email: 'nope',
      website: 'ftp://x.example',
      serviceRadiusKm: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      companyName: 'This field is required',
      email: expect.any(String),
      website: expect.any(String),
      serviceRadiusKm: expect.any(String),
    });
  });

  it('refuses other roles of the company and the admin of another company', async () => {
    expect((await put(a.installer.token, a.company.id, company)).statusCode).toBe(403);
    expect((await put(a.sales.token, a.company.id, company)).statusCode).toBe(403);
    const foreign = await put(b.admin.token, a.company.id, { ...company, companyName: 'Hijacked' });
    expect(foreign.statusCode).toBe(403);
    const [row] = await t.database.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [
      a.company.id,
    ]);
    expect(row?.name).not.toBe('Hijacked');
  });

  it('lets ADMIN update any company and answers 404 for an unknown one', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    expect(
      (await put(admin.token, b.company.id, { ...company, companyName: 'Helios Nord' })).statusCode,
    ).toBe(200);
    expect((await put(admin.token, crypto.randomUUID(), company)).statusCode).toBe(404);
  });
});

describe('PUT /installer/{id}: the pin of the service area', () => {
  const areaOf = async (companyId: string) =>
    (
      await t.database.query<{ id: string }>('SELECT quote_id AS id FROM quote_areas WHERE company_id = $1', [
        companyId,
      ])
    ).map((r) => r.id);

  it('a company without coordinates gets its service area from the pin, and keeps it when saved without one', async () => {
    const fresh = await t.createCompany({ latitude: null, longitude: null, address: '', city: '' });
    const owner = await t.createUser('INSTALLER_ADMIN', fresh.id);
    const { token } = await t.login(owner.email);
    // Quotes around a spot no other test uses, and one 50 km away.
    const near = await t.createQuotes(3, { latitude: 49.4431, longitude: 7.7689 });
    const [far] = await t.createQuotes(1, { latitude: 49.8931, longitude: 7.7689 });
    expect(await areaOf(fresh.id)).toEqual([]);

    const res = await put(token, fresh.id, {
      ...company,
      serviceRadiusKm: 20,
      latitude: 49.4431,
      longitude: 7.7689,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ latitude: 49.4431, longitude: 7.7689, serviceRadiusKm: 20 });
    const area = await areaOf(fresh.id);
    expect(area).toEqual(expect.arrayContaining(near));
    expect(area).not.toContain(far);

    // Saved again without a pin (the form of an older tab): the point stays.
    const again = await put(token, fresh.id, { ...company, serviceRadiusKm: 20 });
    expect(again.json().data).toMatchObject({ latitude: 49.4431, longitude: 7.7689 });
    expect(await areaOf(fresh.id)).toEqual(expect.arrayContaining(near));
  });

  it('refuses one coordinate without the other, and coordinates off the globe', async () => {
    const res = await put(a.admin.token, a.company.id, { ...company, latitude: 48.1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ latitude: 'This field is required' });
    const off = await put(a.admin.token, a.company.id, { ...company, latitude: 91, longitude: 181 });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toMatchObject({ latitude: expect.any(String), longitude: expect.any(String) });
  });
});

describe('GET /installer/users', () => {
  it('lists the caller’s team only', async () => {
    const res = await t.app.inject({ url: '/api/installer/users', headers: t.auth(b.sales.token) });
    expect(res.statusCode).toBe(200);
    const emails = res.json().data.docs.map((d: { email: string }) => d.email);
    expect(emails.sort()).toEqual([b.admin.user.email, b.installer.user.email, b.sales.user.email].sort());
  });
  it('refuses platform roles', async () => {
    const city = await t.createPlatformUser('CITY_ADMIN');
    expect(
      (await t.app.inject({ url: '/api/installer/users', headers: t.auth(city.token) })).statusCode,
    ).toBe(403);
  });
});

describe('POST /installer/userAceess/{id} (invitations)', () => {
  const invite = (token: string, id: string, users: object[], lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/installer/userAceess/${id}`,
      headers: { ...t.auth(token), 'accept-language': lang },
      payload: { users },
    });

  it("writes the invitation in the inviting admin's language and starts the new profile in it", async () => {
    for (const [lang, email, text, subject] of [
      [
        'de',
        'neu.kollege@example.test',
        'hat Sie in sein Team',
        'Sie wurden zum Solar Partnerportal eingeladen',
      ],
      [
        'es',
        'nueva.colega@example.test',
        'le ha invitado a su equipo',
        'Ha sido invitado al Portal de socios solares',
      ],
    ] as const) {
      const res = await invite(a.admin.token, a.company.id, [{ email, role: 'INSTALLER' }], lang);
      expect(res.statusCode).toBe(200);
      const mail = await t.smtp.waitForMail(email);
      expect(mail.text).toContain(text);
      expect(mail.subject).toBe(subject);
      const [row] = await t.database.query<{ lang: string }>(
        'SELECT preferred_language AS lang FROM users WHERE email = $1',
        [email],
      );
      expect(row?.lang).toBe(lang);
    }
  });

  it('invites a new person, who gets an e-mail whose link sets a password and lets them log in', async () => {
    const res = await invite(a.admin.token, a.company.id, [
      { email: 'New.Person@Example.test', role: 'INSTALLER_SALES', firstName: 'Nina' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('User has been invited');
    expect(res.json().data.docs[0]).toMatchObject({
      email: 'new.person@example.test',
      role: 'INSTALLER_SALES',
      isActive: false,
    });

    const mail = await t.smtp.waitForMail('new.person@example.test');
    const [current] = await t.database.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [
      a.company.id,
    ]);
    // In the inviting admin's language (English here).
    expect(mail.text).toContain(`${current?.name} has invited you to its team`);
    const token = /reset-password\?token=([\w-]+)&invite=1/.exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/user/reset-password/${token}`,
      payload: { password: 'Welcome-to-the-team' },
    });
    expect(set.statusCode).toBe(200);
    const session = await t.login('new.person@example.test', 'Welcome-to-the-team');
    expect(session.body.data.user).toMatchObject({ role: 'INSTALLER_SALES', companyName: current?.name });
  });

  it('checks missing e-mail, missing role and duplicates, field by field, and creates nobody', async () => {
    const missingEmail = await invite(a.admin.token, a.company.id, [{ role: 'INSTALLER' }]);
    expect(missingEmail.statusCode).toBe(400);
    expect(missingEmail.json()).toMatchObject({
      message: 'Missing email',
      errors: { 'users.0.email': 'Missing email' },
    });

    const missingRole = await invite(a.admin.token, a.company.id, [{ email: 'r@example.test' }]);
    expect(missingRole.json()).toMatchObject({
      message: 'Missing role',
      errors: { 'users.0.role': 'Missing role' },
    });

    const dup = await invite(a.admin.token, a.company.id, [
      { email: 'dup@example.test', role: 'INSTALLER' },
      { email: 'DUP@example.test', role: 'INSTALLER' },
    ]);
    expect(dup.json()).toMatchObject({
      message: 'Duplicate email not allowed',
      errors: { 'users.1.email': 'Duplicate email not allowed' },
    });
    const de = await invite(a.admin.token, a.company.id, [{ role: 'INSTALLER' }], 'de');
    expect(de.json().message).toBe('E-Mail fehlt');

    const badRole = await invite(a.admin.token, a.company.id, [{ email: 'x@example.test', role: 'ADMIN' }]);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().errors['users.0.role']).toBeTruthy();

    const rows = await t.database.query(
      `SELECT 1 FROM users WHERE email IN ('r@example.test', 'dup@example.test')`,
    );
    expect(rows).toHaveLength(0);
  });

  it('rejects a user who already has another company’s access, or a platform account, all or nothing', async () => {
    const res = await invite(a.admin.token, a.company.id, [
      { email: 'fine@example.test', role: 'INSTALLER' },
      { email: b.installer.user.email, role: 'INSTALLER' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'This user already has access to another company',
      errors: { 'users.1.email': 'This user already has access to another company' },
    });
    expect(await t.database.query(`SELECT 1 FROM users WHERE email = 'fine@example.test'`)).toHaveLength(0);
    const admin = await t.createPlatformUser('ADMIN');
    const platform = await invite(a.admin.token, a.company.id, [
      { email: admin.user.email, role: 'INSTALLER' },
    ]);
    expect(platform.statusCode).toBe(400);
  });

  it('names every row that cannot be invited at once, in the caller’s language, and writes nothing', async () => {
    const admin = await t.createPlatformUser('ADMIN');
    const rows = [
      { email: b.admin.user.email, role: 'INSTALLER' },
      { email: admin.user.email, role: 'INSTALLER' },
      { email: 'all.at.once@example.test', role: 'INSTALLER' },
      { email: a.sales.user.email, role: 'INSTALLER' },
      { email: 'ALL.at.once@example.test', role: 'INSTALLER' },
    ];
    const en = await invite(a.admin.token, a.company.id, rows);
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('This user already has access to another company');
    expect(en.json().errors).toEqual({
      'users.0.email': 'This user already has access to another company',
      'users.1.email': 'This user already has access to another company',
      'users.3.email': 'This user is already a member of your team',
      'users.4.email': 'Duplicate email not allowed',
    });
    const de = await invite(a.admin.token, a.company.id, rows, 'de');
    expect(de.json().errors).toMatchObject({
      'users.0.email': 'Dieser Benutzer hat bereits Zugang zu einem anderen Unternehmen',
      'users.1.email': 'Dieser Benutzer hat bereits Zugang zu einem anderen Unternehmen',
      'users.3.email': 'Dieser Benutzer ist bereits in Ihrem Team',
    });
    // A format problem and an account problem in one answer, too.
    const mixed = await invite(a.admin.token, a.company.id, [
      { email: 'all.at.once@example.test' },
      { email: b.installer.user.email, role: 'INSTALLER' },
    ]);
    expect(mixed.json().errors).toEqual({
      'users.0.role': 'Missing role',
      'users.1.email': 'This user already has access to another company',
    });

    expect(
      await t.database.query(`SELECT 1 FROM users WHERE email = 'all.at.once@example.test'`),
    ).toHaveLength(0);
    const [foreign] = await t.database.query<{ company_id: string }>(
      'SELECT company_id FROM users WHERE email = $1',
      [b.admin.user.email],
    );
    expect(foreign?.company_id).toBe(b.company.id);
    const [platform] = await t.database.query<{ company_id: string | null; role: string }>(
      'SELECT company_id, role FROM users WHERE email = $1',
      [admin.user.email],
    );
    expect(platform).toMatchObject({ company_id: null, role: 'ADMIN' });
  });

  it('refuses other roles and the admin of another company', async () => {
    expect(
      (await invite(a.installer.token, a.company.id, [{ email: 'q@example.test', role: 'INSTALLER' }]))
        .statusCode,
    ).toBe(403);
    expect(
      (await invite(a.sales.token, a.company.id, [{ email: 'q@example.test', role: 'INSTALLER' }]))
        .statusCode,
    ).toBe(403);
    expect(
      (await invite(b.admin.token, a.company.id, [{ email: 'q@example.test', role: 'INSTALLER' }]))
        .statusCode,
    ).toBe(403);
    const admin = await t.createPlatformUser('ADMIN');
    expect(
      (await invite(admin.token, a.company.id, [{ email: 'q@example.test', role: 'INSTALLER' }])).statusCode,
    ).toBe(403);
  });
});

describe('changing and removing access', () => {
  const url = (companyId: string, userId: string) => `/api/installer/userAceess/${companyId}/${userId}`;
  const removeAccess = (token: string, userId: string) =>
    t.app.inject({ method: 'DELETE', url: url(a.company.id, userId), headers: t.auth(token) });

  it('changes a member’s role', async () => {
    const member = await t.createUser('INSTALLER', a.company.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: url(a.company.id, member.id),
      headers: t.auth(a.admin.token),
      payload: { role: 'INSTALLER_SALES' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('INSTALLER_SALES');
  });

  it('validates the role and refuses changing oneself', async () => {
    const member = await t.createUser('INSTALLER', a.company.id);
    const bad = await t.app.inject({
      method: 'PUT',
      url: url(a.company.id, member.id),
      headers: t.auth(a.admin.token),
      payload: { role: 'ADMIN' },
    });
    expect(bad.statusCode).toBe(400);
    const self = await t.app.inject({
      method: 'PUT',
      url: url(a.company.id, a.admin.user.id),
      headers: t.auth(a.admin.token),
      payload: { role: 'INSTALLER' },
    });
    expect(self.statusCode).toBe(400);
  });

  it('refuses other roles, another company’s admin, and members of another company', async () => {
    const member = await t.createUser('INSTALLER', a.company.id);
    const payload = { role: 'INSTALLER_ADMIN' };
    for (const token of [a.installer.token, a.sales.token, b.admin.token]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: url(a.company.id, member.id),
        headers: t.auth(token),
        payload,
      });
      expect(res.statusCode).toBe(403);
    }
    // An admin naming their own company but another company's user: not found.
    const cross = await t.app.inject({
      method: 'PUT',
      url: url(b.company.id, member.id),
      headers: t.auth(b.admin.token),
      payload,
    });
    expect(cross.statusCode).toBe(404);
  });

  it('removes access and ends the member’s sessions at once', async () => {
    const member = await t.createUser('INSTALLER', a.company.id);
    const session = await t.login(member.email);
    expect((await removeAccess(b.admin.token, member.id)).statusCode).toBe(403);
    expect((await removeAccess(a.admin.token, member.id)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: t.auth(session.token) })).statusCode).toBe(403);
    const refreshed = await t.app.inject({ url: `/api/refresh?refresh_token=${session.refreshToken}` });
    expect(refreshed.statusCode).toBe(403);
    const team = await t.app.inject({ url: '/api/installer/users', headers: t.auth(a.admin.token) });
    expect(team.json().data.docs.map((d: { _id: string }) => d._id)).not.toContain(member.id);
  });

  it('invites a former member back: the e-mail welcomes them back instead of reading as a reset, and their password works again', async () => {
    const member = await t.createUser('INSTALLER', a.company.id);
    expect((await removeAccess(a.admin.token, member.id)).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/installer/userAceess/${a.company.id}`,
      headers: t.auth(a.admin.token),
      payload: { users: [{ email: member.email, role: 'INSTALLER_SALES' }] },
    });
    expect(back.statusCode).toBe(200);

    const mail = await t.smtp.waitForMail(member.email);
    expect(mail.subject).toBe('Willkommen zurück im Solar Partnerportal');
    expect(mail.text).toContain('wieder in sein Team');
    expect(mail.text).not.toContain('Zurücksetzen des Passworts angefordert');
    // The link is a plain password link (no invitation page), valid as long as an invitation's.
    const token = /reset-password\?token=([\w-]+)\n/.exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const [link] = await t.database.query<{ days: number }>(
      `SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM password_tokens
       WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [member.id],
    );
    expect(Math.round(Number(link?.days))).toBe(7);
    expect((await t.login(member.email)).body.data.user).toMatchObject({ role: 'INSTALLER_SALES' });
  });
});
