import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnServer, stopProcess, waitForHealth } from '../apps/api/src/ops/server-process';

/** Waits until `url` answers 2xx (a server starting), or fails after `seconds`. */
export async function waitFor(url: string, seconds = 120): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The portal on a fresh embedded database with the demo data, for the browser benchmarks: builds the
 * web app first when it is missing (unless `WEB_DIST` names another build to serve); `stop()` ends the
 * server and removes its data.
 */
export async function startDemoServer(port: number, name: string): Promise<{ stop: () => Promise<void> }> {
  const root = resolve(import.meta.dirname, '..');
  if (!process.env.WEB_DIST && !existsSync(join(root, 'apps/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@solar/web'], { cwd: root, stdio: 'inherit' });
  }
  // A server left on the port (an interrupted run) would answer the health check in this one's place,
  // and the run would measure its build and data.
  const taken = await fetch(`http://127.0.0.1:${port}/api`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already taken: stop what listens there first`);
  const dataDir = mkdtempSync(join(tmpdir(), `solar-bench-${name}-`));
  const server = spawnServer(
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    { stdio: 'inherit-errors' },
  );
  const stop = async () => {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api`, server);
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop };
}
