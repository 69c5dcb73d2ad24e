// Where a p50 scenario's CPU goes: the SQL floor, the bare HTTP server (bare-sql.mjs) and the API,
// each driven for the same number of requests at 32 connections, with the CPU of every process on
// the machine read from /proc before and after, grouped: PostgreSQL (every backend), the driver
// (this process: the floor's pg pool, or autocannon), the server (bare-sql.mjs or the API).
//
//   BENCH_KEEP=1 BENCH_ONLY='^(4) ' BENCH_PHASES=small npm run bench -- --quick
//     # keeps solar_bench_<id> and the bare server's routes file (both named at the end of its log)
//   node bench/cpu-split.mjs solar_bench_<id> /tmp/bench-bare-<x>/routes.json admin@bench-0.bench.test
//
// Arguments: the database, the routes file (its first route is driven, or the first whose
// "<method> <url> <body>" holds SPLIT_ROUTE), the user the API's requests
// are made as, requests a turn (15,000) and rounds (3). The floor runs as bench/floor.ts does (a pool
// of 10, named statements, the plan mode of each), the sides in turns, each warmed first. At
// saturation the CPU a request of all three groups is what the scenario's throughput, and so its
// p50 at a fixed concurrency, is made of (bench/README.md, "Where the bare server's gap goes").
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_ENV, waitUntilUp } from './api-process.mjs';

const [db, routesFile, email, perTurn = '15000', rounds = '3'] = process.argv.slice(2);
if (!db || !routesFile || !email) {
  console.error('usage: node bench/cpu-split.mjs <database> <routes.json> <email> [requests] [rounds]');
  process.exit(2);
}
const n = Number(perTurn);
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${db}`;
const { routes, planMode } = JSON.parse(readFileSync(routesFile, 'utf8'));
const picked = process.env.SPLIT_ROUTE;
const [route, statements] =
  Object.entries(routes).find(([key]) => !picked || key.includes(picked)) ?? Object.entries(routes)[0];
const [method, path, ...bodyParts] = route.split(' ');
const body = bodyParts.join(' ') || undefined;
const ports = { api: 3811, bare: 3813 };
const root = new URL('..', import.meta.url).pathname;

function start(kind) {
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(ports[kind]) };
  if (kind === 'bare') {
    return spawn(process.execPath, ['bench/bare-sql.mjs'], {
      cwd: root,
      env: { ...env, BARE_SQL_FILE: routesFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...env, ...API_ENV },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * CPU ticks (1/100 s, user and system) of every process, by pid, with its group. Compared pid by
 * pid: a PostgreSQL backend that starts in a turn counts from zero, one that ends (an idle pool's
 * connection) had nothing to count.
 */
function cpuByProcess(servers) {
  const processes = new Map();
  for (const pid of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const group =
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

/** What each group spent between two readings. */
function spent(before, after) {
  const groups = {};
  for (const [pid, now] of after) {
    const was = before.get(pid) ?? { user: 0, system: 0 };
    const g = groups[now.group] ?? { user: 0, system: 0 };
    g.user += now.user - was.user;
    g.system += now.system - was.system;
    groups[now.group] = g;
  }
  return groups;
}

const names = new Map(statements.map((s, i) => [s.text, `split_${i}`]));

/** The floor's pool, as bench/floor.ts drives it (kept open between turns). */
function floorDriver() {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 0 });
  const generic = new WeakMap();
  const one = async () => {
    const client = await pool.connect();
    try {
      for (const s of statements) {
        if ((generic.get(client) ?? false) !== s.generic) {
          await client.query(s.generic ? planMode.generic : planMode.auto);
          generic.set(client, s.generic);
        }
        await client.query({ name: names.get(s.text), text: s.text, values: s.values, rowMode: 'array' });
      }
    } finally {
      client.release();
    }
  };
  return {
    async run(count) {
      const latencies = [];
      let left = count;
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (left-- > 0) {
            const t = performance.now();
            await one();
            latencies.push(performance.now() - t);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return latencies[Math.floor(latencies.length / 2)];
    },
    end: () => pool.end(),
  };
}

function httpDriver(port, authorization) {
  const options = {
    url: `http://127.0.0.1:${port}${path}`,
    method,
    body,
    connections: 32,
    headers: { authorization, 'content-type': 'application/json', 'accept-encoding': 'identity' },
  };
  return {
    async run(count) {
      const result = await autocannon({ ...options, amount: count });
      if (result.non2xx || result.errors)
        throw new Error(`${port}: ${result.non2xx} not 2xx, ${result.errors} errors`);
      return result.latency.p50;
    },
    end: async () => {},
  };
}

const children = { bare: start('bare'), api: start('api') };
const servers = Object.values(children).map((c) => c.pid);
try {
  await waitUntilUp(`http://127.0.0.1:${ports.bare}/health`);
  await waitUntilUp(`http://127.0.0.1:${ports.api}/api/health`);
  const login = await fetch(`http://127.0.0.1:${ports.api}/api/user/installer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench-Password-2026' }),
  });
  const token = (await login.json()).data?.token;
  if (!token) throw new Error(`login ${email}: ${login.status}`);
  const sides = {
    'SQL floor': floorDriver(),
    'bare server': httpDriver(ports.bare, 'JWT bare'),
    API: httpDriver(ports.api, `JWT ${token}`),
  };
  const totals = {};
  for (const [name, side] of Object.entries(sides)) {
    await side.run(3000); // warm: plans, JIT, pools
    totals[name] = { seconds: 0, requests: 0, p50: [], cpu: {} };
  }
  for (let round = 0; round < Number(rounds); round++) {
    for (const [name, side] of Object.entries(sides)) {
      const before = cpuByProcess(servers);
      const started = performance.now();
      const p50 = await side.run(n);
      const seconds = (performance.now() - started) / 1000;
      const used = spent(before, cpuByProcess(servers));
      const t = totals[name];
      t.seconds += seconds;
      t.requests += n;
      t.p50.push(p50);
      for (const [group, v] of Object.entries(used)) {
        const c = t.cpu[group] ?? { user: 0, system: 0 };
        c.user += v.user;
        c.system += v.system;
        t.cpu[group] = c;
      }
    }
  }
  for (const side of Object.values(sides)) await side.end();

  const us = (ticks, requests) => Math.round((ticks * 10_000) / requests);
  console.log(`${route.slice(0, 90)}: ${n} requests a turn, ${rounds} rounds, 32 connections`);
  console.log(
    '| side | req/s | p50 ms (median) | PostgreSQL µs a request (user + system) | driver µs | server µs | all µs |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, t] of Object.entries(totals)) {
    const part = (group) => {
      const c = t.cpu[group] ?? { user: 0, system: 0 };
      return { user: us(c.user, t.requests), system: us(c.system, t.requests) };
    };
    const [pgCpu, driver, server] = [part('postgres'), part('driver'), part('server')];
    const all = [pgCpu, driver, server].reduce((s, c) => s + c.user + c.system, 0);
    const p50 = t.p50.sort((a, b) => a - b)[Math.floor(t.p50.length / 2)];
    const cell = (c) => `${c.user + c.system} (${c.user} + ${c.system})`;
    console.log(
      `| ${name} | ${Math.round(t.requests / t.seconds)} | ${Number(p50).toFixed(1)} | ${cell(pgCpu)} | ${cell(driver)} | ${cell(server)} | ${all} |`,
    );
  }
} finally {
  children.bare.kill('SIGTERM');
  children.api.kill('SIGTERM');
}
