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

/** How a child that is gone ended: its exit code, or the signal that killed it. */
function ended(child: ChildProcess): string | null {
  if (child.exitCode !== null) return `exited with ${child.exitCode}`;
  if (child.signalCode !== null) return `was killed by ${child.signalCode}`;
  return null;
}

/** One `GET {base}/health`; false while the server is starting (or a connection hangs). */
async function healthy(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/health`, { signal: AbortSignal.timeout(5000) })).ok;
  } catch {
    return false;
  }
}

/** Waits until `GET {base}/health` answers (the API base, e.g. http://127.0.0.1:3000/api). */
export async function waitForHealth(base: string, child: ChildProcess, seconds = 180): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const end = ended(child);
    if (end) throw new Error(`server ${end}`);
    if (await healthy(base)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

export interface ServerProcess {
  child: ChildProcess;
  /** The port the server listens on, chosen by the operating system. */
  port: number;
  /** The API's base address, e.g. http://127.0.0.1:40123/api. */
  base: string;
}

/**
 * Starts `src/main.ts` (or another entry that prints the same "Listening on" line) on a port the
 * operating system picks, and waits until it answers `/api/health`. Test files that run servers at
 * the same time can never race for one port, and a start that fails says why: how the child ended
 * and the end of what it printed.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { entry?: string; seconds?: number; echoErrors?: boolean } = {},
): Promise<ServerProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', opts.entry ?? 'src/main.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Both pipes are read for the child's whole life: a full pipe would stop it at its next write.
  let output = '';
  let port = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    if (!port) port = Number(/Listening on [^\s]+:(\d+)/.exec(output)?.[1] ?? 0);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    if (opts.echoErrors) process.stderr.write(chunk);
  });
  const fail = (why: string) =>
    new Error(
      `server ${why} after ${((Date.now() - started) / 1000).toFixed(1)} s; its last output:\n${output}`,
    );
  const until = started + (opts.seconds ?? 180) * 1000;
  while (Date.now() < until) {
    const end = ended(child);
    if (end) throw fail(end);
    const base = `http://127.0.0.1:${port}/api`;
    if (port && (await healthy(base))) return { child, port, base };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopProcess(child, 'SIGKILL');
  throw fail('did not answer /api/health');
}

/** Stops a child process (SIGTERM unless told) and waits for it to exit. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (ended(child)) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
