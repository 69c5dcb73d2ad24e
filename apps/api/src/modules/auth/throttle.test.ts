import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/app';
import { jobHandlers } from '../../server';
import { DAILY_JOB } from '../notifications/daily';
import { purgeLoginFailures } from './throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_ACCOUNT: '3' });
});
afterAll(() => t.close());

/** Adds `count` rows of `key`, made `minutesAgo` minutes ago by the database's clock. */
async function addRows(key: string, count: number, minutesAgo: number) {
  await t.database.query(
    `INSERT INTO login_failures (key, created_at)
     SELECT $1, now() - make_interval(secs => $2) FROM generate_series(1, $3)`,
    [key, minutesAgo * 60, count],
  );
}

/** How many rows each given key has (only ours: the server's tests share the table). */
async function rowsOf(keys: string[]) {
  const rows = await t.database.query<{ key: string; n: number }>(
    'SELECT key, count(*)::int AS n FROM login_failures WHERE key = ANY($1) GROUP BY key',
    [keys],
  );
  return Object.fromEntries(keys.map((k) => [k, rows.find((r) => r.key === k)?.n ?? 0]));
}

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/installer/login',
    payload: { email, password },
    remoteAddress,
  });

describe('purging old login failures', () => {
  it('the daily run deletes the rows older than every window; those inside stay and still count', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const unique = randomUUID();
    const ip = `fd00::${unique.slice(0, 4)}:${unique.slice(4, 8)}:${unique.slice(9, 13)}`;
    const quoteIp = `q-${randomUUID()}`;
    const account = `account:${user.email}`;
    const address = `address:${ip}`;
    const quote = `quote-request:${quoteIp}`;
    // More old rows than one batch deletes: the purge goes on until none are left.
    await addRows(account, 1500, 24 * 60);
    await addRows(address, 700, 61);
    await addRows(quote, 600, 3 * 60);
    // Inside the login window, and inside the quote-request hour (though past the login window).
    await addRows(account, 2, 5);
    await addRows(quote, 3, 30);

    // A run whose day has passed still purges.
    await jobHandlers(t.app.ctx)[DAILY_JOB]?.(
      { day: '2020-01-01' },
      { jobId: 0, attempt: 1, maxAttempts: 5 },
    );
    expect(await rowsOf([account, address, quote])).toEqual({ [account]: 2, [address]: 0, [quote]: 3 });

    // The two failures kept still count: the third is refused with 401, the next login with 429.
    expect((await login(user.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect(await rowsOf([account, address])).toEqual({ [account]: 3, [address]: 1 });
  });

  it('keeps a longer login window, in batches of any size, and several purges at once delete each row once', async () => {
    const key = `account:purge-${randomUUID()}@example.test`;
    await addRows(key, 7, 3 * 60);
    await addRows(key, 4, 90);
    const config = { LOGIN_WINDOW_MINUTES: 120 };
    const purged = await Promise.all([
      purgeLoginFailures(t.database, config, 2),
      purgeLoginFailures(t.database, config, 2),
      purgeLoginFailures(t.database, config, 3),
    ]);
    // Another test file's rows may go too on a shared server database; ours go once.
    expect(purged.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(7);
    expect(await rowsOf([key])).toEqual({ [key]: 4 });
    // With the default 15-minute login window the quote-request hour is the longest: 90 minutes is past it.
    await purgeLoginFailures(t.database, { LOGIN_WINDOW_MINUTES: 15 }, 2);
    expect(await rowsOf([key])).toEqual({ [key]: 0 });
  });
});
