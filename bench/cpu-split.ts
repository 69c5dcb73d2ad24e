// Where a p50 scenario's CPU goes: the SQL floor, the bare HTTP server (bare-sql.mjs) and the API,
// each driven in turns of the same length at 32 connections, with the CPU of every process on
// the machine read from /proc before and after, grouped: PostgreSQL (every backend), the driver
// (this process: the floor's pg pool, or autocannon), the server (bare-sql.mjs or the API).
//
//   BENCH_KEEP=1 BENCH_ONLY='^(4) ' BENCH_PHASES=small npm run bench -- --quick
//     # keeps solar_bench_<id> and the bare server's routes file (both named at the end of its log)
//   npx tsx bench/cpu-split.ts solar_bench_<id> /tmp/bench-bare-<x>/routes.json admin@bench-0.bench.test
//
// Arguments: the database, the routes file (its first route is driven, or the first whose
// "<method> <url> <body>" holds SPLIT_ROUTE), the user the API's requests
// are made as, seconds a turn (4) and rounds (3). The floor is bench/floor.ts's driver (a pool of
// 10, named statements, the plan mode of each), the sides in turns, each warmed first. At
// saturation the CPU a request of all three groups is what the scenario's throughput, and so its
// p50 at a fixed concurrency, is made of (bench/README.md, "Where the bare server's gap goes").
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { API_ENV, benchToken, waitUntilUp } from './api-process.mjs';
import { type FloorStretch, floorDriver, percentiles, type Statement } from './floor';

const [db, routesFile, email, turn = '4', rounds = '3'] = process.argv.slice(2);
if (!db || !routesFile || !email) {
  console.error(
    'usage: npx tsx bench/cpu-split.ts <database> <routes.json> <email> [seconds a turn] [rounds]',
  );
  process.exit(2);
}
const seconds = Number(turn);
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${db}`;
const { routes } = JSON.parse(readFileSync(routesFile, 'utf8')) as { routes: Record<string, Statement[]> };
const picked = process.env.SPLIT_ROUTE;
const entries = Object.entries(routes);
const chosen = entries.find(([key]) => !picked || key.includes(picked)) ?? entries[0];
if (!chosen) throw new Error(`${routesFile} has no routes`);
const [route, statements] = chosen;
const [method = 'GET', path = '/', ...bodyParts] = route.split(' ');
const body = bodyParts.join(' ') || undefined;
const ports = { api: 3811, bare: 3813 };
const root = new URL('..', import.meta.url).pathname;

function start(kind: 'api' | 'bare'): ChildProcess {
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(ports[kind]) };
  const [args, extra] =
    kind === 'bare'
      ? [['bench/bare-sql.mjs'], { BARE_SQL_FILE: routesFile }]
      : [['--import', 'tsx', 'apps/api/src/main.ts'], API_ENV];
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

type Group = 'postgres' | 'driver' | 'server' | 'other';
interface Cpu {
  user: number;
  system: number;
}

/**
 * CPU ticks (1/100 s, user and system) of every process, by pid, with its group. Compared pid by
 * pid: a PostgreSQL backend that starts in a turn counts from zero, one that ends (an idle pool's
 * connection) had nothing to count.
 */
function cpuByProcess(servers: number[]): Map<string, Cpu & { group: Group }> {
  const processes = new Map<string, Cpu & { group: Group }>();
  for (const pid of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const group: Group =
        comm === 'postgres'
          ? 'postgres'
          : Number(pid) === process.pid
            ? 'driver'
            : servers.includes(Number(pid))
              ? 'server'
              : 'other';
      processes.set(pid, { group, user: Number(fields[11]), system: Number(fields[12]) });
    } catch {
      // the process ended
    }
  }
  return processes;
}

/** Drives one side for `seconds`: the requests answered and their p50. */
type Side = (seconds: number) => Promise<{ requests: number; p50: number }>;

const floor = floorDriver(databaseUrl, statements, { connections: 32, poolSize: 10 });
const floorSide: Side = async (s) => {
  const stretch: FloorStretch = { latencies: [], errors: 0, seconds: 0 };
  await floor.run(s, stretch);
  if (stretch.errors) throw new Error(`floor: ${stretch.errors} errors`);
  return { requests: stretch.latencies.length, p50: percentiles(stretch.latencies, s, 0).p50 };
};

function httpSide(port: number, authorization: string): Side {
  return async (s) => {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      method: method as 'GET',
      body,
      connections: 32,
      duration: s,
      headers: { authorization, 'content-type': 'application/json', 'accept-encoding': 'identity' },
    });
    if (result.non2xx || result.errors)
      throw new Error(`${port}: ${result.non2xx} not 2xx, ${result.errors} errors`);
    return { requests: result.requests.total, p50: result.latency.p50 };
  };
}

const children = { bare: start('bare'), api: start('api') };
const servers = Object.values(children).map((c) => c.pid ?? 0);
try {
  await waitUntilUp(`http://127.0.0.1:${ports.bare}/health`);
  await waitUntilUp(`http://127.0.0.1:${ports.api}/api/health`);
  const token = await benchToken(ports.api, email);
  const sides: Record<string, Side> = {
    'SQL floor': floorSide,
    'bare server': httpSide(ports.bare, 'JWT bare'),
    API: httpSide(ports.api, `JWT ${token}`),
  };
  const totals: Record<
    string,
    { seconds: number; requests: number; p50: number[]; cpu: Partial<Record<Group, Cpu>> }
  > = {};
  for (const [name, side] of Object.entries(sides)) {
    await side(2); // warm: plans, JIT, pools
    totals[name] = { seconds: 0, requests: 0, p50: [], cpu: {} };
  }
  for (let round = 0; round < Number(rounds); round++) {
    for (const [name, side] of Object.entries(sides)) {
      const t = totals[name];
      if (!t) continue;
      const before = cpuByProcess(servers);
      const started = performance.now();
      const { requests, p50 } = await side(seconds);
      t.seconds += (performance.now() - started) / 1000;
      t.requests += requests;
      t.p50.push(p50);
      for (const [pid, now] of cpuByProcess(servers)) {
        const was = before.get(pid) ?? { user: 0, system: 0 };
        const c = t.cpu[now.group] ?? { user: 0, system: 0 };
        c.user += now.user - was.user;
        c.system += now.system - was.system;
        t.cpu[now.group] = c;
      }
    }
  }
  await floor.close();

  const us = (ticks: number, requests: number) => Math.round((ticks * 10_000) / requests);
  console.log(`${route.slice(0, 90)}: ${seconds} s a turn, ${rounds} rounds, 32 connections`);
  console.log(
    '| side | req/s | p50 ms (median) | PostgreSQL µs a request (user + system) | driver µs | server µs | all µs |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, t] of Object.entries(totals)) {
    const part = (group: Group) => {
      const c = t.cpu[group] ?? { user: 0, system: 0 };
      return { user: us(c.user, t.requests), system: us(c.system, t.requests) };
    };
    const [pgCpu, driver, server] = [part('postgres'), part('driver'), part('server')];
    const all = [pgCpu, driver, server].reduce((sum, c) => sum + c.user + c.system, 0);
    const p50 = t.p50.sort((a, b) => a - b)[Math.floor(t.p50.length / 2)] ?? 0;
    const cell = (c: Cpu) => `${c.user + c.system} (${c.user} + ${c.system})`;
    console.log(
      `| ${name} | ${Math.round(t.requests / t.seconds)} | ${p50.toFixed(1)} | ${cell(pgCpu)} | ${cell(driver)} | ${cell(server)} | ${all} |`,
    );
  }
} finally {
  children.bare.kill('SIGTERM');
  children.api.kill('SIGTERM');
}
