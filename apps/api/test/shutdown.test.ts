import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SIGTERM under load (issue 8 "Faults"): requests in flight finish, new connections are refused,
 * and the process exits cleanly. Runs the real server (`src/main.ts`) as a child process.
 */
const root = resolve(import.meta.dirname, '..');

async function waitUp(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones and exits 0 on SIGTERM', async () => {
    const port = 3700 + Math.floor(Math.random() * 200);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'solar-shutdown-')),
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        LOGIN_MAX_FAILURES_ADDRESS: '100000',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    await waitUp(`${base}/api/health`, child);

    // Logins take tens of milliseconds each (argon2): many are in flight when the signal comes.
    const inFlight = Array.from({ length: 16 }, (_, i) =>
      fetch(`${base}/api/user/installer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody-${i}@example.test`, password: 'wrong-password-1' }),
      }).then(
        (r) => r.status,
        (e: Error) => `${e.message}: ${(e.cause as Error | undefined)?.message}`,
      ),
    );
    await new Promise((r) => setTimeout(r, 30));
    child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual(statuses.map(() => 401));

    expect(await exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 90_000);
});
