import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The API package's folder (where `src/main.ts` and `src/worker.ts` run from). */
export const API_ROOT = resolve(import.meta.dirname, '../..');

/** Runs `src/main.ts` (or another entry) as a child process, for soaks and fault tests. */
export function spawnServer(
  env: Record<string, string>,
  opts: { entry?: string; stdio?: 'ignore' | 'inherit-errors' } = {},
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', opts.entry ?? 'src/main.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: opts.stdio === 'inherit-errors' ? ['ignore', 'ignore', 'inherit'] : 'ignore',
  });
}

/** Waits until `GET {base}/health` answers (the API base, e.g. http://127.0.0.1:3000/api). */
export async function waitForHealth(base: string, child: ChildProcess, seconds = 180): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** Stops a child process with SIGTERM and waits for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
