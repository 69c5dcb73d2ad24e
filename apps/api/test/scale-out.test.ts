import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, startServerProcess, stopProcess } from '../src/ops/server-process';
import { startTestSmtp } from './smtp';

/**
 * Scale-out (issue 8, docs/operations.md "Scale-out"): two API processes and a separate worker on one
 * PostgreSQL database. Every queued e-mail is sent exactly once, whichever runner claims it; the
 * download quota holds for concurrent downloads through both APIs, and each download is counted
 * once. Needs a PostgreSQL server: it runs in CI's second pass (TEST_DATABASE_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('two API processes and a worker on one database', () => {
  const dbName = `solar_scale_${Date.now().toString(36)}`;
  const url = (db: string) => {
    const u = new URL(serverUrl ?? 'postgres://x/y');
    u.pathname = `/${db}`;
    return u.toString();
  };
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'solar-scale-'));
  const bases: string[] = [];
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let owner: pg.Client;

  const env = () => ({
    DATA_DIR: dataDir,
    DATABASE_URL: url(dbName),
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'scale-out-test-secret-long-enough-for-hs256',
  });
  /** An API process on a port of its own; its address joins `bases`. */
  const startApi = async (seed: boolean) => {
    const server = await startServerProcess({ ...env(), SEED_DEMO: String(seed) }, { seconds: 240 });
    children.push(server.child);
    bases.push(server.base);
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    smtp = await startTestSmtp();
    // The first API migrates and seeds; the second and the worker join the same database.
    await startApi(true);
    children.push(spawnServer({ ...env(), PORT: '0' }, { entry: 'src/worker.ts' }));
    await startApi(false);
    owner = new pg.Client({ connectionString: url(dbName) });
    await owner.connect();
  }, 300_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => stopProcess(c)));
    await owner?.end();
    await smtp?.close();
    const admin = new pg.Client({ connectionString: url('postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const call = async (base: string, method: string, path: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        ...(token ? { authorization: `JWT ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
  };
  const login = async (base: string) =>
    (
      await call(base, 'POST', '/user/installer/login', null, {
        email: 'owner@sonnenbau.test',
        password: 'Demo-Solar-2026',
      })
    ).json.data.token as string;

  it('sends every queued e-mail exactly once, whichever process claims it', async () => {
    const [tokenA, tokenB] = [await login(bases[0] as string), await login(bases[1] as string)];
    const me = await call(bases[0] as string, 'GET', '/user', tokenA);
    const companyId = (me.json.data.installerDetails as { _id: string })._id;
    const stamp = Date.now().toString(36);
    // 24 invitations through both APIs at once: 24 mail jobs for three runners to race for.
    const emails = Array.from({ length: 24 }, (_, i) => `scale-${stamp}-${i}@sonnenbau.test`);
    const answers = await Promise.all(
      emails.map((email, i) =>
        call(bases[i % 2] as string, 'POST', `/installer/userAceess/${companyId}`, i % 2 ? tokenB : tokenA, {
          users: [{ email, role: 'INSTALLER' }],
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
    const received = (to: string) =>
      smtp.inbox.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)))
        .length;
    await expect.poll(() => emails.every((e) => received(e) >= 1), { timeout: 60_000 }).toBe(true);
    // Give a duplicate the time it would need to arrive, then count.
    await new Promise((r) => setTimeout(r, 3000));
    expect(emails.map(received)).toEqual(emails.map(() => 1));
    const jobs = await owner.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM jobs WHERE payload::text LIKE $1 GROUP BY status`,
      [`%scale-${stamp}-%`],
    );
    expect(jobs.rows).toEqual([{ status: 'done', n: 24 }]);
  }, 120_000);

  it('holds the download quota for concurrent downloads through both APIs, counting each once', async () => {
    const [tokenA, tokenB] = [await login(bases[0] as string), await login(bases[1] as string)];
    const me = await call(bases[0] as string, 'GET', '/user', tokenA);
    const companyId = (me.json.data.installerDetails as { _id: string })._id;
    const list = await call(
      bases[0] as string,
      'POST',
      '/saved-project/installer/search?page=1&limit=12',
      tokenA,
      {},
    );
    const quoteIds = (list.json.data.docs as { quoteId: string }[]).map((p) => p.quoteId);
    expect(quoteIds.length).toBe(12);
    // Premium with no extras: 4 units a month, an OBJ file costs one. A planning file for each quote.
    await owner.query(
      `INSERT INTO subscriptions (company_id, plan, obj_extra, pvsol_extra, status, provider, current_period_end)
       VALUES ($1, 'premium', 0, 0, 'active', 'local', now() + interval '30 days')
       ON CONFLICT (company_id) DO UPDATE SET plan = 'premium', obj_extra = 0, pvsol_extra = 0, status = 'active'`,
      [companyId],
    );
    await owner.query('DELETE FROM downloads WHERE company_id = $1', [companyId]);
    for (const q of quoteIds) {
      await owner.query(
        `INSERT INTO files (quote_id, kind, name, mime_type, size, storage_key)
         VALUES ($1, 'obj', 'plan.obj', 'model/obj', 10, $2)`,
        [q, `planning/${q}/obj`],
      );
    }
    const download = (i: number, quoteId: string) =>
      call(bases[i % 2] as string, 'PUT', '/user/downloadupdate', i % 2 ? tokenB : tokenA, {
        quoteId,
        kind: 'obj',
      });
    const first = await Promise.all(quoteIds.map((q, i) => download(i, q)));
    const granted = first.filter((r) => r.status === 200);
    expect(granted).toHaveLength(4);
    expect(first.filter((r) => r.status === 402)).toHaveLength(8);
    // The granted ones again, through both APIs at once: free, and not counted again.
    const grantedQuotes = quoteIds.filter((_, i) => first[i]?.status === 200);
    const again = await Promise.all(grantedQuotes.flatMap((q) => [download(0, q), download(1, q)]));
    expect(again.map((r) => r.status)).toEqual(again.map(() => 200));
    expect(again.every((r) => r.json.data.counted === false)).toBe(true);
    const counted = await owner.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM downloads WHERE company_id = $1',
      [companyId],
    );
    expect(counted.rows[0]?.n).toBe(4);
  }, 120_000);

  it('holds the quote-request limit of one client address through both APIs at once', async () => {
    const stamp = Date.now().toString(36);
    const household = {
      firstName: 'Eva',
      lastName: 'Kunde',
      email: `limit-${stamp}@kunde.example`,
      address: 'Sonnenallee 1',
      city: 'Neustadt',
      lat: -60.5,
      long: -150.5,
      people: 3,
      consumption: 4200,
      roofType: 'Gable',
      buildingType: 'Single-Family',
    };
    // The test connects from this host, which TRUST_PROXY trusts to name the client address.
    const send = (base: string, address: string) =>
      fetch(`${base}/public/quote-request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': address },
        body: JSON.stringify(household),
      });
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    // QUOTE_REQUESTS_PER_HOUR is 5 by default: 9 at once, alternating between the two processes.
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => send(bases[i % 2] as string, address)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429]);
    const refused = answers.find((r) => r.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(3500);
    const written = await owner.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM quotes WHERE customer_email = $1',
      [household.email],
    );
    expect(written.rows[0]?.n).toBe(5);
    // Another address is not affected, on either process.
    expect((await send(bases[1] as string, '198.51.100.251')).status).toBe(200);
  }, 120_000);

  it('ends the access token of a login logged out through one API on the other at once', async () => {
    const [a, b] = bases as [string, string];
    const session = (
      await call(a, 'POST', '/user/installer/login', null, {
        email: 'owner@sonnenbau.test',
        password: 'Demo-Solar-2026',
      })
    ).json.data as { token: string; refresh_token: string };
    const other = await login(a);
    expect((await call(b, 'GET', '/user', session.token)).status).toBe(200); // kept by B from here
    expect(
      (await call(a, 'POST', '/user/logout', session.token, { refresh_token: session.refresh_token })).status,
    ).toBe(200);
    await expect
      .poll(async () => (await call(b, 'GET', '/user', session.token)).status, { timeout: 5000 })
      .toBe(403);
    // The owner's other login goes on.
    expect((await call(b, 'GET', '/user', other)).status).toBe(200);
  }, 60_000);

  // Last: it ends the owner's sessions and cuts every connection of both APIs.
  it('drops what each API keeps in memory when the database announces a change, also after losing its connections', async () => {
    const b = bases[1] as string;
    const companyName = async (token: string) =>
      (await call(b, 'GET', '/user-properties', token)).json.data?.companyName;
    const endsOnB = async (change: string, params: unknown[]) => {
      const token = await login(b);
      expect((await call(b, 'GET', '/user', token)).status).toBe(200); // kept by B from here
      await owner.query(change, params);
      await expect
        .poll(async () => (await call(b, 'GET', '/user', token)).status, { timeout: 5000 })
        .toBe(403);
    };
    await endsOnB(`UPDATE users SET session_version = session_version + 1 WHERE email = $1`, [
      'owner@sonnenbau.test',
    ]);
    // A rename reaches the name B keeps for the company's board answers.
    const tokenB = await login(b);
    const renamed = `Sonnenbau ${Date.now().toString(36)}`;
    expect(await companyName(tokenB)).not.toBe(renamed);
    await owner.query(`UPDATE companies SET name = $1 WHERE name LIKE 'Sonnenbau%'`, [renamed]);
    await expect.poll(() => companyName(tokenB), { timeout: 5000 }).toBe(renamed);

    // Every connection of both APIs cut (a server restart, a failover): they listen again, and
    // nothing announced while they were away is served from memory.
    await owner.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );
    await owner.query(`UPDATE companies SET name = $1 WHERE name = $2`, [`${renamed} GmbH`, renamed]);
    await expect
      .poll(async () => companyName(await login(b).catch(() => '')).catch(() => undefined), {
        timeout: 15_000,
      })
      .toBe(`${renamed} GmbH`);
    await endsOnB(`UPDATE users SET is_disabled = true WHERE email = $1`, ['owner@sonnenbau.test']);
    await owner.query(`UPDATE users SET is_disabled = false WHERE email = $1`, ['owner@sonnenbau.test']);
  }, 120_000);
});
