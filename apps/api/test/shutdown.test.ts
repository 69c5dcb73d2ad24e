import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../src/ops/server-process';

/**
 * SIGTERM under load (issue 8 "Faults"): requests in flight finish, new connections are refused,
 * and the process exits cleanly. Runs the real server (`src/main.ts`) as a child process.
 */
describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones and exits 0 on SIGTERM', async () => {
    const server = await startServerProcess({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'solar-shutdown-')),
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      LOGIN_MAX_FAILURES_ADDRESS: '100000',
    });
    const { child } = server;
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${server.port}`;

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
