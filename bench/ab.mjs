// Two versions of the API compared in turns on one kept bench database (docs/decisions/0023).
//
//   BENCH_KEEP=1 BENCH_ONLY='^(7a) ' BENCH_PHASES=small npm run bench -- --quick   # keeps solar_bench_<id>
//   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
//   AB_A='{"CWD":"/tmp/before"}' node bench/ab.mjs solar_bench_<id> '/api/quote/installer/search?page=1&limit=20' \
//     admin@bench-19.bench.test
//
// Arguments: the database, the path, the user to log in as, rounds (10) and seconds a turn (1).
// AB_A / AB_B: JSON of environment variables for each side's API process (CWD: the checkout it runs
// from; CMD and CMDARGS: a program to start it with, such as `nice`). AB_METHOD and AB_BODY: the
// request (GET without a body by default). Each side is started fresh, warmed 3 s, then driven at
// 32 connections in turns (A B, B A, ...), so both meet the same moments of a noisy machine; an A/A
// run of one version gave 1.017. It prints each side's requests a second, its median p50 and its
// CPU a request (the process and its children, from /proc).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { API_ENV, benchToken, waitUntilUp } from './api-process.mjs';

const [db, path, email, rounds = '10', turn = '1'] = process.argv.slice(2);
if (!db || !path || !email) {
  console.error('usage: node bench/ab.mjs <database> <path> <email> [rounds] [seconds a turn]');
  process.exit(2);
}
const sides = { a: JSON.parse(process.env.AB_A ?? '{}'), b: JSON.parse(process.env.AB_B ?? '{}') };
const ports = { a: 3801, b: 3802 };
const base = {
  DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
  ...API_ENV,
};

function start(side) {
  const extra = sides[side];
  const args = ['--import', 'tsx', 'apps/api/src/main.ts'];
  const [command, commandArgs] = extra.CMD
    ? [extra.CMD, [...(extra.CMDARGS ?? '').split(' ').filter(Boolean), process.execPath, ...args]]
    : [process.execPath, args];
  return spawn(command, commandArgs, {
    cwd: extra.CWD ?? new URL('..', import.meta.url).pathname,
    env: { ...process.env, ...base, ...extra, PORT: String(ports[side]) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** CPU ticks (1/100 s) of a process and its children. */
function ticks(pid) {
  let sum = 0;
  const walk = (p) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      sum += Number(fields[11]) + Number(fields[12]);
      for (const child of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/)) {
        if (child) walk(child);
      }
    } catch {
      // the process ended
    }
  };
  walk(pid);
  return sum;
}

const children = { a: start('a'), b: start('b') };
try {
  await waitUntilUp(`http://127.0.0.1:${ports.a}/api/health`);
  await waitUntilUp(`http://127.0.0.1:${ports.b}/api/health`);
  const token = await benchToken(ports.a, email);
  const drive = (side, seconds) =>
    new Promise((resolve, reject) =>
      autocannon(
        {
          url: `http://127.0.0.1:${ports[side]}${path}`,
          connections: 32,
          duration: seconds,
          sampleInt: 100,
          method: process.env.AB_METHOD ?? 'GET',
          body: process.env.AB_BODY,
          headers: {
            authorization: `JWT ${token}`,
            'accept-encoding': 'identity',
            'content-type': 'application/json',
          },
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      ),
    );
  await drive('a', 3);
  await drive('b', 3);
  const totals = { a: { n: 0, s: 0, cpu: 0, p50: [] }, b: { n: 0, s: 0, cpu: 0, p50: [] } };
  for (let i = 0; i < Number(rounds); i++) {
    for (const side of i % 2 ? ['b', 'a'] : ['a', 'b']) {
      const cpu = ticks(children[side].pid);
      const started = Date.now();
      const result = await drive(side, Number(turn));
      if (result.non2xx) throw new Error(`${side}: ${result.non2xx} answers not 2xx`);
      const t = totals[side];
      t.cpu += ticks(children[side].pid) - cpu;
      t.n += result.requests.total;
      t.s += (Date.now() - started) / 1000;
      t.p50.push(result.latency.p50);
    }
  }
  for (const side of ['a', 'b']) {
    const t = totals[side];
    const p50 = t.p50.sort((x, y) => x - y)[Math.floor(t.p50.length / 2)];
    console.log(
      `${side}: ${Math.round(t.n / t.s)} req/s, median p50 ${p50} ms, CPU ${((t.cpu * 10) / t.n).toFixed(3)} ms a request`,
    );
  }
  console.log(`b / a requests: ${(totals.b.n / totals.a.n).toFixed(3)}`);
} finally {
  children.a.kill('SIGTERM');
  children.b.kill('SIGTERM');
}
