import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

/**
 * Secrets never reach the logs (issue 8): at the most talkative level, requests carrying an access
 * token, cookies, a refresh token in the query, a reset token in the path and a password in the body
 * leave none of them in the log lines.
 */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

describe('logs', () => {
  it('hold no token, cookie or password', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const session = await t.login(user.email);
    const password = 'Very-Secret-Password-2026';
    await t.app.inject({
      url: '/api/user',
      headers: { ...t.auth(session.token), cookie: 'session=cookie-secret-value' },
    });
    await t.app.inject({ url: `/api/refresh?refresh_token=${session.refreshToken}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/installer/login',
      payload: { email: user.email, password },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password/reset-token-secret-value',
      payload: { password },
    });
    await t.app.inject({ url: '/api/customer-view?token=customer-link-secret-value' });
    const log = lines.join('');
    // The requests were logged (the check would pass vacuously otherwise).
    expect(log).toContain('/api/refresh?refresh_token=[redacted]');
    expect(log).toContain('/api/user/reset-password/[redacted]');
    for (const secret of [
      session.token,
      session.refreshToken,
      'cookie-secret-value',
      password,
      'reset-token-secret-value',
      'customer-link-secret-value',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it("binds each request's id to all its lines", async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/health' });
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const ids = [...new Set(entries.map((e) => e.reqId))];
    expect(ids).toHaveLength(2);
    expect(ids.every((x) => typeof x === 'string' && x.length > 0)).toBe(true);
    for (const id of ids) {
      expect(entries.filter((e) => e.reqId === id).map((e) => e.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
    }
  });
});
