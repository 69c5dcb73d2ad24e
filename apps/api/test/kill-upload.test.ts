import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopProcess } from '../src/ops/server-process';

/**
 * The server killed (SIGKILL, no clean-up) in the middle of an upload (issue 8 "Faults"): after a
 * restart on the same data folder no broken file is listed, no half-written row exists, and the
 * same upload then succeeds whole. Runs the real server (`src/main.ts`) as a child process.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'solar-kill-upload-'));
/** The running server's address; each start gets a port of its own from the operating system. */
let base = '';
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(): Promise<ChildProcess> {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
  });
  base = `http://127.0.0.1:${server.port}`;
  return server.child;
}

async function json<T>(path: string, token?: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const login = async () =>
  (
    await json<{ data: { token: string } }>('/user/installer/login', undefined, {
      method: 'POST',
      body: JSON.stringify({ email: 'owner@sonnenbau.test', password: 'Demo-Solar-2026' }),
    })
  ).data.token;

const filesOf = async (token: string, projectId: string) =>
  (
    await json<{ data: { uploadedInstallerImages: { name: string }[] } }>(
      `/saved-project/project/${projectId}`,
      token,
    )
  ).data.uploadedInstallerImages.map((f) => f.name);

describe('killing the server mid-upload', () => {
  it('lists no broken file after a restart, and the upload then succeeds whole', async () => {
    let child = await start();
    let token = await login();
    const project = (
      await json<{ data: { docs: { _id: string }[] } }>('/saved-project/installer/search?limit=1', token, {
        method: 'POST',
        body: '{}',
      })
    ).data.docs[0]?._id as string;
    const before = await filesOf(token, project);

    // A 6 MB PDF of which only the first 2 MB arrive before the kill.
    const boundary = '----kill';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${project}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = request(`${base}/api/media`, {
      method: 'POST',
      headers: {
        authorization: `JWT ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + body.length + tail.length),
      },
    });
    const outcome = new Promise<string>((r) => {
      req.on('response', (res) => r(`answered ${res.statusCode}`));
      req.on('error', (err) => r(`cut: ${err.message}`));
    });
    req.write(head);
    req.write(body.subarray(0, 2 * 1024 * 1024));
    await new Promise((r) => setTimeout(r, 500));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    expect(await outcome).toMatch(/^cut:/);

    child = await start();
    try {
      token = await login();
      expect(await filesOf(token, project)).toEqual(before);
      // Nothing half-written in the upload folder either.
      const stray = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? stray(join(dir, e.name)) : e.name.endsWith('.partial') ? [e.name] : [],
        );
      expect(stray(dataDir)).toEqual([]);

      // The same upload, whole, is stored and listed once.
      const whole = await fetch(`${base}/api/media`, {
        method: 'POST',
        headers: {
          authorization: `JWT ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: Buffer.concat([head, body, tail]),
      });
      expect(whole.status).toBe(200);
      expect(await filesOf(token, project)).toEqual([...before, 'half.pdf']);
    } finally {
      await stopProcess(child);
    }
  }, 180_000);
});
