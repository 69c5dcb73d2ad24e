import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_ACCOUNT: '4' });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1', lang = 'de') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/installer/login',
    payload: { email, password },
    remoteAddress,
    headers: { 'accept-language': lang },
  });

function linkTokenFrom(text: string): string {
  const m = /reset-password\?token=([\w-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no link in mail: ${text}`);
  return m[1];
}

describe('POST /user/installer/login', () => {
  it('answers token, refresh token, user with company fields and installer details', async () => {
    const company = await t.createCompany({ name: 'Sonnig AG', city: 'Augsburg' });
    const user = await t.createUser('INSTALLER', company.id);
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.token).toMatch(/^ey/);
    expect(data.refresh_token.length).toBeGreaterThan(30);
    expect(data.user).toMatchObject({
      email: user.email,
      role: 'INSTALLER',
      companyName: 'Sonnig AG',
      partnerSlug: company.slug,
      installerCity: 'Augsburg',
    });
    expect(data.user.installerPartner[0]._id).toBe(company.id);
    expect(data.installerDetails).toMatchObject({ _id: company.id, constants: { freeDownloadCount: 3 } });
    expect(JSON.stringify(data)).not.toContain('passwordHash');
  });

  it('answers the SPEC message in German and English for a wrong password and for an unknown account alike', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const wrong = await login(user.email, 'not-the-password', '10.0.0.1');
    const unknown = await login('nobody@example.test', 'not-the-password', '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Ungültige E-Mail oder Passwort');
    expect(unknown.json().message).toBe(wrong.json().message);
    const en = await login(user.email, 'not-the-password', '10.0.0.2', 'en');
    expect(en.json()).toMatchObject({ status: 401, message: 'Invalid email or password' });
  });

  it('validates field by field', async () => {
    const res = await login('not-an-email', '', '10.0.0.3', 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: { email: 'Please enter a valid e-mail address', password: 'This field is required' },
    });
  });

  it('refuses a pending invitation (no password yet) like a wrong password', async () => {
    const company = await t.createCompany();
    const user = await t.createUser('INSTALLER', company.id);
    await t.database.query('UPDATE users SET password_hash = NULL WHERE id = $1', [user.id]);
    expect((await login(user.email, TEST_PASSWORD, '10.0.0.4')).statusCode).toBe(401);
  });
});

describe('login throttle', () => {
  it('slows and then refuses an account with 429, known or unknown alike, and a reset lifts it', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    for (let i = 0; i < 4; i++) {
      expect((await login(user.email, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(401);
      expect((await login('ghost@example.test', 'wrong-password', `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const known = await login(user.email, TEST_PASSWORD, '10.1.1.1', 'en');
    const unknown = await login('ghost@example.test', TEST_PASSWORD, '10.2.1.1', 'en');
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(known.json().message).toBe(unknown.json().message);
    expect(known.json().message).toMatch(/Too many failed attempts/);

    // Forgot password still works for the locked-out user, and the new password lets them in.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(user.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/user/reset-password/${linkTokenFrom(mail.text ?? '')}`,
      payload: { password: 'A-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    // The account's e-mail, for the login page the browser goes to next.
    expect(reset.json().data.email).toBe(user.email);
    expect((await login(user.email, 'A-brand-new-password', '10.1.2.1')).statusCode).toBe(200);
  });

  it('refuses an address after too many failures over many accounts', async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES_ADDRESS: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        const r = await strict.app.inject({
          method: 'POST',
          url: '/api/user/installer/login',
          payload: { email: `someone${i}@example.test`, password: 'wrong-password' },
          remoteAddress: '10.9.9.9',
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await strict.app.inject({
        method: 'POST',
        url: '/api/user/installer/login',
        payload: { email: 'fresh@example.test', password: 'wrong-password' },
        remoteAddress: '10.9.9.9',
      });
      expect(blocked.statusCode).toBe(429);
      const other = await strict.app.inject({
        method: 'POST',
        url: '/api/user/installer/login',
        payload: { email: 'fresh@example.test', password: 'wrong-password' },
        remoteAddress: '10.9.9.10',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('sessions', () => {
  const refresh = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/refresh?refresh_token=${encodeURIComponent(token)}` });

  it('rotates refresh tokens: each is single-use and reuse revokes the whole family', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const first = await t.login(user.email);
    const r1 = await refresh(first.refreshToken);
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refresh_token).not.toBe(first.refreshToken);
    expect((await t.app.inject({ url: '/api/user', headers: t.auth(second.token) })).statusCode).toBe(200);

    // The old token again: theft assumed, the family (including the new token) ends.
    expect((await refresh(first.refreshToken)).statusCode).toBe(403);
    expect((await refresh(second.refresh_token)).statusCode).toBe(403);
  });

  it('two concurrent refreshes with one token: one wins, then the family is revoked (documented)', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const { refreshToken } = await t.login(user.email);
    const [a, b] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const winner = (a.statusCode === 200 ? a : b).json().data;
    expect((await refresh(winner.refresh_token)).statusCode).toBe(403);
  });

  it('ends a session at its absolute lifetime, however often it was refreshed', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const first = await t.login(user.email);
    const r1 = await refresh(first.refreshToken);
    expect(r1.statusCode).toBe(200);
    // The family started REFRESH_FAMILY_MAX_DAYS ago: its end has come.
    await t.database.query(
      `UPDATE refresh_tokens SET family_expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    expect((await refresh(r1.json().data.refresh_token)).statusCode).toBe(403);
  });

  it('logout revokes the refresh token', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const { refreshToken } = await t.login(user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: { refresh_token: refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(403);
  });

  it('a logout ends the access token of its login at once, and only of that login', async () => {
    await expect.poll(() => t.database.changes.isLive()).toBe(true);
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const phone = await t.login(user.email);
    const laptop = await t.login(user.email);
    const me = async (token: string) =>
      (await t.app.inject({ url: '/api/user', headers: t.auth(token) })).statusCode;
    // Both logins kept in memory from here.
    expect(await me(phone.token)).toBe(200);
    expect(await me(laptop.token)).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: { refresh_token: phone.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    // Not after up to 15 minutes, when the access token would have expired: now.
    expect(await me(phone.token)).toBe(403);
    expect(await me(laptop.token)).toBe(200);
  });

  it('an access token of a login whose refresh token was used twice is refused from then on', async () => {
    await expect.poll(() => t.database.changes.isLive()).toBe(true);
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const first = await t.login(user.email);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const { token } = rotated.json().data;
    const me = async () => (await t.app.inject({ url: '/api/user', headers: t.auth(token) })).statusCode;
    expect(await me()).toBe(200);
    // The old refresh token again, as a thief who copied it would: the family ends, both sides are out.
    expect((await refresh(first.refreshToken)).statusCode).toBe(403);
    expect(await me()).toBe(403);
  });

  it('a login revoked straight on the database (by another process or an operator) is refused', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const { token } = await t.login(user.email);
    await t.database.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1', [user.id]);
    const res = await t.app.inject({ url: '/api/user', headers: t.auth(token) });
    expect(res.statusCode).toBe(403);
  });

  it('a session kept in memory ends the moment its user changes, whoever changes it', async () => {
    await expect.poll(() => t.database.changes.isLive()).toBe(true);
    const company = await t.createCompany({ name: 'Feed AG' });
    const user = await t.createUser('INSTALLER', company.id);
    const { token } = await t.login(user.email);
    const me = async () => (await t.app.inject({ url: '/api/user', headers: t.auth(token) })).statusCode;
    const companyName = async () =>
      (await t.app.inject({ url: '/api/user-properties', headers: t.auth(token) })).json().data.companyName;
    expect(await me()).toBe(200);
    expect(await companyName()).toBe('Feed AG');
    // Straight on the database, as another API process or an operator would: announced by it.
    await t.database.query('UPDATE users SET is_disabled = true WHERE id = $1', [user.id]);
    expect(await me()).toBe(403);
    await t.database.query('UPDATE users SET is_disabled = false WHERE id = $1', [user.id]);
    expect(await me()).toBe(200);
    await t.database.query("UPDATE companies SET name = 'Feed & Sohn AG' WHERE id = $1", [company.id]);
    expect(await companyName()).toBe('Feed & Sohn AG');
    await t.database.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [user.id]);
    expect(await me()).toBe(403);
  });

  it('a kept session follows its user to another company at the next request, rows and all', async () => {
    await expect.poll(() => t.database.changes.isLive()).toBe(true);
    const [first, second] = [
      await t.createCompany({ name: 'Erste GmbH' }),
      await t.createCompany({ name: 'Zweite GmbH' }),
    ];
    const user = await t.createUser('INSTALLER_ADMIN', first.id);
    const { token } = await t.login(user.email);
    const companyName = async () =>
      (await t.app.inject({ url: '/api/user-properties', headers: t.auth(token) })).json().data.companyName;
    expect(await companyName()).toBe('Erste GmbH');
    expect(await companyName()).toBe('Erste GmbH');
    await t.database.query('UPDATE users SET company_id = $1 WHERE id = $2', [second.id, user.id]);
    expect(await companyName()).toBe('Zweite GmbH');
  });

  it('answers 401 without a token and 403 for expired, forged or foreign tokens', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    expect((await t.app.inject({ url: '/api/user' })).statusCode).toBe(401);
    // Each forgery names a login that is still going, so only its own defect can refuse it.
    await t.login(user.email);
    const [live] = await t.database.query<{ family_id: string }>(
      'SELECT family_id FROM refresh_tokens WHERE user_id = $1',
      [user.id],
    );
    const sid = live?.family_id as string;
    const key = new TextEncoder().encode(t.config.JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sv: 0, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(key);
    const wrongKey = await new SignJWT({ sv: 0, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const withKid = await new SignJWT({ sv: 0, sid })
      .setProtectedHeader({ alg: 'HS256', kid: 'attacker' })
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(key);
    // A key the attacker points to (jku) or embeds (jwk) is never fetched or trusted.
    const withJku = await new SignJWT({ sv: 0, sid })
      .setProtectedHeader({ alg: 'HS256', jku: 'https://attacker.example/keys.json' })
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('attacker-secret-attacker-secret-attacker-secret'));
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none' })}.${b64({ sub: user.id, sv: 0, sid, exp: now + 600 })}.`;
    for (const token of [expired, wrongKey, withKid, withJku, none, 'garbage']) {
      const res = await t.app.inject({ url: '/api/user', headers: t.auth(token) });
      expect(res.statusCode, token).toBe(403);
      expect(res.json().status).toBe(403);
    }
  });
});

describe('forgot and reset password', () => {
  it('answers alike for known and unknown addresses and mails a single-use one-hour link', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: 'nobody-here@example.test' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().data.message).toBe(
      'Wir haben Ihnen einen Link zum Zurücksetzen des Passworts an Ihre registrierte E-Mail gesendet',
    );

    const mail = await t.smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toContain('http://portal.test/application/reset-password?token=');
    const token = linkTokenFrom(mail.text ?? '');
    const [row] = await t.database.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM password_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(Math.round(Number(row?.minutes))).toBe(60);

    const old = await t.login(user.email);
    // The page asks first whether the link still works: yes, and asking uses nothing up.
    const check = () =>
      t.app.inject({ url: `/api/user/reset-password/${token}`, headers: { 'accept-language': 'en' } });
    expect((await check()).statusCode).toBe(200);
    expect((await check()).json().data.message).toBe('This link can set a password.');
    const short = await t.app.inject({
      method: 'POST',
      url: `/api/user/reset-password/${token}`,
      payload: { password: 'short' },
      headers: { 'accept-language': 'en' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toBe('The password must have at least 10 characters');

    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/user/reset-password/${token}`,
      payload: { password: 'Another-long-password' },
    });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/user/reset-password/${token}`,
      payload: { password: 'Yet-another-password' },
    });
    expect(again.statusCode).toBe(400);
    // Used, the link says so to the page that opens it.
    const used = await check();
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe('This link is invalid or has expired. Please request a new one.');
    // The reset ended the old session and the new password works.
    expect((await t.app.inject({ url: '/api/user', headers: t.auth(old.token) })).statusCode).toBe(403);
    expect((await t.login(user.email, 'Another-long-password')).token).toBeTruthy();
  });

  it('refuses an expired link', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
    const token = linkTokenFrom((await t.smtp.waitForMail(user.email)).text ?? '');
    await t.database.query(
      `UPDATE password_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/reset-password/${token}`,
      payload: { password: 'Another-long-password' },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/user/reset-password/${token}` })).statusCode).toBe(400);
  });

  it("refuses to check a disabled user's link, or one that was never sent", async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
    const token = linkTokenFrom((await t.smtp.waitForMail(user.email)).text ?? '');
    await t.database.query(`UPDATE users SET is_disabled = true WHERE id = $1`, [user.id]);
    expect((await t.app.inject({ url: `/api/user/reset-password/${token}` })).statusCode).toBe(400);
    const made = await t.app.inject({ url: `/api/user/reset-password/${'x'.repeat(43)}` });
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toBe(
      'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    );
  });
});
