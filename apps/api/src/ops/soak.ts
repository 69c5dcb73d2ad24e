import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TASK_BOARD_NAMES } from '../modules/board/board.columns';
import { type ServerProcess, startServerProcess, stopProcess } from './server-process';

/**
 * A bounded soak (issue 8 "Load", docs/operations.md "Soak"): the real server in a child process on a
 * fresh embedded database with the demo data (or `SOAK_DATABASE_URL`), a mix of reads and writes from
 * many connections for a while, then the verdict: no 5xx (nor 418), memory after the warm-up grew at
 * most 20 %, and every write the server acknowledged is in the database.
 */
export interface SoakOptions {
  seconds: number;
  connections: number;
  /** Unset: a port the operating system picks. */
  port?: number;
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface SoakResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  rssWarmMb: number;
  rssEndMb: number;
  memoryGrowth: number;
  writes: number;
  missingWrites: number;
  wrongValues: number;
  ok: boolean;
}

const PASSWORD = 'Demo-Solar-2026';
const USERS = [
  'owner@sonnenbau.test',
  'installer@sonnenbau.test',
  'sales@sonnenbau.test',
  'owner@helios.test',
];

function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

export async function runSoak(opts: SoakOptions): Promise<SoakResult> {
  const log = opts.log ?? (() => undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'solar-soak-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(
      {
        ...(opts.port ? { PORT: String(opts.port) } : {}),
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl ?? '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'error',
        LOGIN_MAX_FAILURES_ADDRESS: '1000000',
      },
      { echoErrors: true },
    );
    const { child, base, port } = server;
    const call = async (method: string, path: string, token: string | null, body?: unknown) => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          ...(token ? { authorization: `JWT ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, ms: performance.now() - started, json: () => JSON.parse(text) };
    };
    const tokens: string[] = [];
    for (const email of USERS) {
      const res = await call('POST', '/user/installer/login', null, { email, password: PASSWORD });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
      tokens.push(res.json().data.token);
    }
    for (const token of tokens) await call('POST', '/task/setup', token, { board: 'tasks' });
    log(`server up on port ${port}; ${opts.connections} connections for ${opts.seconds} s`);

    const run = Date.now().toString(36);
    const latencies: number[] = [];
    const byStatus: Record<string, number> = {};
    /** Acknowledged writes: the task's id, its name, the token that owns it, the last status set. */
    const written = new Map<string, { name: string; token: string; status: string | null }>();
    // The demo board is German (seed/board.ts).
    const n = TASK_BOARD_NAMES.de;
    const statuses = [n.notStarted, n.inProgress, n.finished];
    let seq = 0;
    const until = Date.now() + opts.seconds * 1000;
    const warmUntil = Date.now() + opts.seconds * 200; // the first fifth is the warm-up
    const rss: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => {
      if (child.pid) rss.push({ at: Date.now(), mb: rssMb(child.pid) });
    }, 500);

    const worker = async (w: number) => {
      const token = tokens[w % tokens.length] as string;
      const mine: string[] = [];
      while (Date.now() < until) {
        const pick = Math.random();
        let res: Awaited<ReturnType<typeof call>>;
        if (pick < 0.3) {
          res = await call('POST', '/saved-project/installer/search?page=1&limit=20', token, {});
        } else if (pick < 0.45) {
          res = await call('GET', '/user', token);
        } else if (pick < 0.6) {
          res = await call('POST', '/task/filter?page=1&limit=50', token, {
            board: 'tasks',
            filters: [{ column: n.status, value: [n.inProgress, n.notStarted] }],
            sort: [{ column: n.dueDate, order: 'asc' }],
            groupBy: n.status,
          });
        } else if (pick < 0.7) {
          res = await call('GET', '/dashboard/stats', token);
        } else if (pick < 0.85 || mine.length === 0) {
          const name = `soak-${run}-${w}-${seq++}`;
          res = await call('POST', '/task/create', token, { board: 'tasks', taskName: name });
          if (res.status === 200) {
            const id = res.json().data._id as string;
            written.set(id, { name, token, status: null });
            mine.push(id);
          }
        } else {
          const id = mine[Math.floor(Math.random() * mine.length)] as string;
          const status = statuses[Math.floor(Math.random() * statuses.length)] as string;
          res = await call('PUT', `/task/update/${id}`, token, { properties: { [n.status]: status } });
          const entry = written.get(id);
          if (res.status === 200 && entry) entry.status = status;
        }
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
        latencies.push(res.ms);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: opts.connections }, (_, w) => worker(w)));
    const elapsed = (Date.now() - started) / 1000;
    clearInterval(sampler);

    // Every acknowledged write is there, with the last acknowledged value.
    let missingWrites = 0;
    let wrongValues = 0;
    for (const token of tokens) {
      const found = new Map<string, { name: string; status: string | null }>();
      for (let page = 1; ; page++) {
        const res = await call('POST', `/task/filter?page=${page}&limit=1000`, token, {
          board: 'tasks',
          search: `soak-${run}-`,
        });
        const data = res.json().data;
        for (const t of data.tasks) {
          found.set(t._id, { name: t.taskName, status: (t.properties[n.status]?.value as string) ?? null });
        }
        if (!data.pagination.hasNextPage) break;
      }
      for (const [id, w] of written) {
        if (w.token !== token) continue;
        const got = found.get(id);
        if (!got || got.name !== w.name) missingWrites++;
        else if (w.status !== null && got.status !== w.status) wrongValues++;
      }
    }

    const sorted = [...latencies].sort((a, b) => a - b);
    const warm = rss.filter((s) => s.at >= warmUntil && Number.isFinite(s.mb));
    const window = Math.max(1, Math.floor(warm.length / 10));
    const rssWarmMb = median(warm.slice(0, window).map((s) => s.mb));
    const rssEndMb = median(warm.slice(-window).map((s) => s.mb));
    const memoryGrowth = rssWarmMb > 0 ? rssEndMb / rssWarmMb - 1 : 0;
    const serverErrors = Object.entries(byStatus)
      .filter(([code]) => Number(code) >= 500 || code === '418')
      .reduce((n, [, c]) => n + c, 0);
    const result: SoakResult = {
      requests: latencies.length,
      rps: Math.round(latencies.length / elapsed),
      p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
      p95: Math.round(percentile(sorted, 0.95) * 10) / 10,
      p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
      byStatus,
      serverErrors,
      rssWarmMb: Math.round(rssWarmMb),
      rssEndMb: Math.round(rssEndMb),
      memoryGrowth: Math.round(memoryGrowth * 1000) / 1000,
      writes: written.size,
      missingWrites,
      wrongValues,
      ok: false,
    };
    result.ok =
      serverErrors === 0 &&
      memoryGrowth <= 0.2 &&
      missingWrites === 0 &&
      wrongValues === 0 &&
      written.size > 0;
    return result;
  } finally {
    if (server) await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run soak [-- --seconds 180 --connections 100]` (or SOAK_SECONDS, SOAK_CONNECTIONS). */
async function main() {
  const arg = (name: string, env: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return Number(i >= 0 ? process.argv[i + 1] : (process.env[env] ?? fallback));
  };
  const result = await runSoak({
    seconds: arg('seconds', 'SOAK_SECONDS', 180),
    connections: arg('connections', 'SOAK_CONNECTIONS', 100),
    databaseUrl: process.env.SOAK_DATABASE_URL,
    log: (line) => console.log(`[soak] ${line}`),
  });
  console.log(
    [
      `requests ${result.requests} (${result.rps}/s), latency p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`,
      `answers ${JSON.stringify(result.byStatus)}, server errors ${result.serverErrors}`,
      `memory after warm-up ${result.rssWarmMb} MB, at the end ${result.rssEndMb} MB (${(result.memoryGrowth * 100).toFixed(1)} %)`,
      `writes acknowledged ${result.writes}, missing ${result.missingWrites}, wrong value ${result.wrongValues}`,
      result.ok ? 'PASS' : 'FAIL',
    ].join('\n'),
  );
  if (!result.ok) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
