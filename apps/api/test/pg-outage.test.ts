import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopProcess } from '../src/ops/server-process';

/**
 * The PostgreSQL server stops during load (issue 8 "Faults"): a TCP proxy stands between the API and
 * the server and is cut, as a stopped or restarting server would be. Requests then fail fast with a
 * clean 503 envelope, none is half-written (an all-or-nothing bulk update is checked), and service
 * resumes by itself when the proxy is back. Needs a PostgreSQL server: it runs in CI's second pass
 * (TEST_DATABASE_URL); PGlite is in-process and cannot be stopped apart from the API.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
function pgProxy(upstream: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((done) => {
      const next = createServer((client) => {
        const up = tcpConnect(Number(upstream.port || 5432), upstream.hostname);
        sockets.add(client);
        sockets.add(up);
        client.pipe(up).pipe(client);
        const drop = () => {
          client.destroy();
          up.destroy();
          sockets.delete(client);
          sockets.delete(up);
        };
        client.on('error', drop).on('close', drop);
        up.on('error', drop).on('close', drop);
      });
      server = next;
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as { port: number }).port;
        done();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    cut: async () => {
      // Stop listening (new connections are refused), then drop every open one; close() resolves
      // once they are gone.
      const closed = new Promise<void>((done) => (server ? server.close(() => done()) : done()));
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closed;
      server = null;
    },
    close: async () => {
      const closed = new Promise<void>((done) => (server ? server.close(() => done()) : done()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

describe.skipIf(!serverUrl)('PostgreSQL stops during load', () => {
  const dbName = `solar_outage_${Date.now().toString(36)}`;
  const admin = serverUrl ? new URL(serverUrl) : new URL('postgres://x/y');
  const proxy = pgProxy(admin);
  let child: ChildProcess;
  let base = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'solar-outage-'));

  const adminQuery = async (text: string) => {
    const u = new URL(admin);
    u.pathname = '/postgres';
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${dbName}`);
    await proxy.listen();
    const viaProxy = new URL(admin);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${dbName}`;
    const server = await startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: viaProxy.toString(), SEED_DEMO: 'true', LOG_LEVEL: 'silent' },
      { seconds: 240 },
    );
    child = server.child;
    base = server.base;
  }, 240_000);

  afterAll(async () => {
    if (child) await stopProcess(child);
    await proxy.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const call = async (method: string, path: string, token: string | null, body?: unknown) => {
    const started = Date.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          ...(token ? { authorization: `JWT ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      let json: { data?: unknown; message?: string; status?: number } | null = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: res.status, json, ms: Date.now() - started };
    } catch (err) {
      return { status: 0, json: null, ms: Date.now() - started, error: (err as Error).message };
    }
  };

  it('fails fast and cleanly while it is down, writes all or nothing, and recovers by itself', async () => {
    const login = await call('POST', '/user/installer/login', null, {
      email: 'owner@sonnenbau.test',
      password: 'Demo-Solar-2026',
    });
    expect(login.status).toBe(200);
    const token = (login.json as { data: { token: string } }).data.token;
    await call('POST', '/task/setup', token, { board: 'tasks' });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call('POST', '/task/create', token, { board: 'tasks', taskName: `outage ${i}` });
      ids.push((res.json as { data: { _id: string } }).data._id);
    }

    // Load: bulk updates (all 20 records in one transaction, a new value each) and reads.
    let value = 0;
    const answers: { status: number; message?: string; ms: number; phase: string }[] = [];
    let phase = 'before';
    let running = true;
    const load = async () => {
      while (running) {
        const v = ++value;
        const res =
          v % 2 === 0
            ? await call('PUT', '/task/update/multiple', token, {
                ids,
                update: { properties: { 'Aufwand (h)': v } }, // the demo board is German
              })
            : await call('GET', '/user', token);
        answers.push({ status: res.status, message: res.json?.message, ms: res.ms, phase });
      }
    };
    const workers = Array.from({ length: 8 }, load);
    const trace = (what: string) =>
      process.env.OUTAGE_TRACE && console.log(what, JSON.stringify(answers.slice(-3)));
    trace('load started');
    await new Promise((r) => setTimeout(r, 1500));
    trace('cutting');
    phase = 'down';
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 4000));
    trace('restoring');
    phase = 'back';
    await proxy.listen();
    await new Promise((r) => setTimeout(r, 6000));
    running = false;
    trace('stopping');
    await Promise.all(workers);
    trace('stopped');

    const down = answers.filter((a) => a.phase === 'down');
    const failed = down.filter((a) => a.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    // Every failure is the clean envelope: 503 with a message, never a hang, a reset or a 418/500.
    expect([...new Set(failed.map((a) => a.status))]).toEqual([503]);
    expect(
      failed.every((a) => a.message === 'The service is briefly unavailable. Please try again in a moment.'),
    ).toBe(true);
    expect(Math.max(...down.map((a) => a.ms))).toBeLessThan(15_000);
    // Back by itself: the last answers are all fine.
    const back = answers.filter((a) => a.phase === 'back');
    expect(back.slice(-10).every((a) => a.status === 200)).toBe(true);

    // All or nothing: the 20 records carry one and the same value, the last acknowledged or later.
    const res = await call('POST', '/task/filter?page=1&limit=50', token, {
      board: 'tasks',
      search: 'outage ',
    });
    const tasks = (res.json as { data: { tasks: { properties: Record<string, { value: unknown }> }[] } }).data
      .tasks;
    expect(tasks).toHaveLength(20);
    const values = new Set(tasks.map((t) => t.properties['Aufwand (h)']?.value));
    expect(values.size).toBe(1);
    expect(child.exitCode).toBeNull();
  }, 120_000);
});
