/**
 * The benchmark suite (bench/README.md): seeds a generated data set on a PostgreSQL server, starts
 * the API as a child process, drives each scenario with autocannon from this process, and times the
 * same SQL straight through `pg` (the floor). Writes bench/results/<date>.json and .md.
 *
 *   npm run bench -- --quick          everyday, under two minutes
 *   npm run bench                     the full run (1,000,000 quotes)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { captureStatements, type Figures, measureFloor, percentiles, type Statement } from './floor';
import { waitFor } from './wait';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const quick = process.argv.includes('--quick');
const SIZE = quick
  ? { quotes: 100_000, cities: 100, companies: 20, projectsPerCompany: 100, board: 5_000, seconds: 3 }
  : { quotes: 1_000_000, cities: 400, companies: 200, projectsPerCompany: 200, board: 50_000, seconds: 10 };
const CONNECTIONS = 32;
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const HELLO_PORT = PORT + 1;
const PASSWORD = 'Bench-Password-2026';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `solar_bench_${Date.now().toString(36)}`;
const databaseUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const log = (msg: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function startChild(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  token?: string;
  /** Compared with the SQL floor (needs captured statements). */
  floor?: boolean;
}

async function drive(s: Scenario, base: string): Promise<Figures & { bytes: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const instance = autocannon({
    url: `${base}${s.path}`,
    method: s.method,
    connections: CONNECTIONS,
    duration: SIZE.seconds,
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'identity',
      ...(s.token ? { authorization: `JWT ${s.token}` } : {}),
    },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  });
  instance.on('response', (_client: unknown, status: number, resBytes: number, time: number) => {
    if (status >= 400) errors += 1;
    latencies.push(time);
    bytes = resBytes;
  });
  await instance;
  return { ...percentiles(latencies, SIZE.seconds, errors), bytes };
}

async function main() {
  log(`${quick ? 'quick' : 'full'} run on database ${dbName}`);
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const children: ChildProcess[] = [];
  let closeCapture: (() => Promise<void>) | null = null;
  try {
    // Migrations and seed through the API's own code.
    const { loadConfig } = await import('../apps/api/src/config');
    const { startServer } = await import('../apps/api/src/server');
    const { hashPassword } = await import('../apps/api/src/lib/passwords');
    const { demoTaskColumns, seedBoardTasks } = await import('../apps/api/src/db/seed/board');
    const { loadColumns, saveColumns } = await import('../apps/api/src/modules/board/board.repository');
    const { seedCompanies, seedQuotes } = await import('./seed');
    const env = {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES_ADDRESS: '1000000',
    };
    const capture = await startServer(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { runWorker: false });
    closeCapture = () => capture.close();
    const seedStarted = Date.now();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const client = await pool.connect();
    try {
      await seedQuotes(client, SIZE);
      await seedCompanies(client, SIZE, await hashPassword(PASSWORD));
    } finally {
      client.release();
      await pool.end();
    }
    const [boardCompany] = await capture.database.query<{ id: string; email: string; city: string }>(
      `SELECT c.id, u.email, c.city FROM companies c JOIN users u ON u.company_id = c.id WHERE c.slug = 'bench-0'`,
    );
    if (!boardCompany) throw new Error('no bench company');
    // The API's connection works under row-level security: seed as the company (docs/security.md).
    const { asCompany } = await import('../apps/api/src/db/tenant');
    await asCompany(boardCompany.id, () =>
      capture.database.db.transaction(async (tx) => {
        await loadColumns(tx, boardCompany.id, 'tasks', null);
        await saveColumns(tx, boardCompany.id, 'tasks', demoTaskColumns());
        await seedBoardTasks(tx, { companyId: boardCompany.id, count: SIZE.board });
      }),
    );
    await capture.database.query('ANALYZE');
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(
      `seeded ${SIZE.quotes} quotes, ${SIZE.companies} companies, ${SIZE.board} board records in ${seedSeconds.toFixed(1)} s`,
    );

    const login = await capture.app.inject({
      method: 'POST',
      url: '/api/user/installer/login',
      payload: { email: boardCompany.email, password: PASSWORD },
    });
    const token = login.json().data.token as string;
    // The quote search runs as the installer with the largest service area (the most pages).
    const [searcher] = await capture.database.query<{ email: string; n: number }>(
      `SELECT u.email, count(*)::int AS n FROM quote_areas a JOIN users u ON u.company_id = a.company_id
       GROUP BY u.email ORDER BY n DESC LIMIT 1`,
    );
    if (!searcher) throw new Error('no installer with a service area');
    const searchLogin = await capture.app.inject({
      method: 'POST',
      url: '/api/user/installer/login',
      payload: { email: searcher.email, password: PASSWORD },
    });
    const searchToken = searchLogin.json().data.token as string;
    const deepPage = Math.min(200, Math.floor(searcher.n / 20) - 1);
    // Page 10,000 of all quotes (the quick run has 5,000 pages).
    const adminDeepPage = Math.min(9_999, Math.floor(SIZE.quotes / 20) - 2);
    log(`quote search as ${searcher.email}: ${searcher.n} quotes in the service area`);
    // A platform administrator, who sees every quote: the only scope with 10,000 pages.
    await capture.database.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES ($1, $2, 'Bench', 'Admin', 'ADMIN')`,
      ['admin@bench.test', await hashPassword(PASSWORD)],
    );
    const adminLogin = await capture.app.inject({
      method: 'POST',
      url: '/api/user/installer/login',
      payload: { email: 'admin@bench.test', password: PASSWORD },
    });
    const adminToken = adminLogin.json().data.token as string;
    /** The keyset cursor after page `page` (20 a page), as a user scrolling there holds it. */
    const cursorOf = async (who: string, page: number) => {
      const res = await capture.app.inject({
        method: 'PUT',
        url: `/api/quote/installer/search?page=${page}&limit=20`,
        headers: { authorization: `JWT ${who}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      const next = res.json().data?.pagination?.nextCursor as string | undefined;
      if (!next) throw new Error(`no page after ${page}: ${res.body.slice(0, 200)}`);
      return encodeURIComponent(next);
    };
    const [city] = await capture.database.query<{ lat: number; lon: number }>(
      `SELECT latitude AS lat, longitude AS lon FROM companies WHERE id = $1`,
      [boardCompany.id],
    );
    const box = {
      minLat: (city?.lat ?? 50) - 0.6,
      maxLat: (city?.lat ?? 50) + 0.6,
      minLng: (city?.lon ?? 10) - 0.9,
      maxLng: (city?.lon ?? 10) + 0.9,
    };
    const scenarios: Scenario[] = [
      {
        name: '1a quote search (installer area), page 1',
        method: 'PUT',
        path: '/api/quote/installer/search?page=1&limit=20',
        body: {},
        token: searchToken,
        floor: true,
      },
      {
        name: `1b quote search (installer area), page ${deepPage + 1}`,
        method: 'PUT',
        path: `/api/quote/installer/search?limit=20&cursor=${await cursorOf(searchToken, deepPage)}`,
        body: {},
        token: searchToken,
        floor: true,
      },
      {
        name: '1c quote search (ADMIN, all quotes), page 1',
        method: 'PUT',
        path: '/api/quote/installer/search?page=1&limit=20',
        body: {},
        token: adminToken,
        floor: true,
      },
      {
        name: `1d quote search (ADMIN, all quotes), page ${adminDeepPage + 1}`,
        method: 'PUT',
        path: `/api/quote/installer/search?limit=20&cursor=${await cursorOf(adminToken, adminDeepPage)}`,
        body: {},
        token: adminToken,
        floor: true,
      },
      {
        name: '2 quote search, 3 filters + cost range',
        method: 'PUT',
        path: '/api/quote/installer/search?page=1&limit=20',
        body: {
          buildingType: ['Single-Family', 'Multi-Family', 'Office'],
          verification: ['verified', 'pending'],
          status: ['NOT_ACCESSED', 'USER_HAS_ACCESSED', 'IMAGE_UPLOADED'],
          costMin: 10000,
          costMax: 50000,
        },
        token: searchToken,
        floor: true,
      },
      {
        name: '3 map view of a bounding box',
        method: 'POST',
        path: '/api/quote/installer/map-view',
        body: { bbox: box },
        token,
        floor: true,
      },
      {
        name: '4 saved projects, address search',
        method: 'POST',
        path: '/api/saved-project/installer/search?page=1&limit=20',
        body: { search: 'Benchweg 1' },
        token,
        floor: true,
      },
      {
        name: `5 board filter (3 filters, sort, group) over ${SIZE.board}`,
        method: 'POST',
        path: '/api/task/filter?page=1&limit=50',
        body: {
          board: 'tasks',
          filters: [
            { column: 'Status', value: ['Done', 'In progress'] },
            { column: 'Priority', value: ['High', 'Medium'] },
            { column: 'Tags', value: ['Dach'] },
          ],
          sort: [{ column: 'Due date', order: 'asc' }],
          groupBy: 'Status',
          sumProperty: 'Estimate (h)',
        },
        token,
        floor: true,
      },
      {
        name: '6a login (argon2)',
        method: 'POST',
        path: '/api/user/installer/login',
        body: { email: boardCompany.email, password: PASSWORD },
      },
      { name: '6b GET /user', method: 'GET', path: '/api/user', token, floor: true },
      {
        name: '7 company-scoped GET /user-properties',
        method: 'GET',
        path: '/api/user-properties?board=tasks',
        token,
      },
    ];

    // The statements of one request of each scenario, for the floor.
    const captured = new Map<string, Statement[]>();
    for (const s of scenarios.filter((x) => x.floor)) {
      // Once to warm what the API keeps between requests (the totals of a large set), then captured.
      const request = () =>
        capture.app.inject({
          method: s.method,
          url: s.path,
          headers: { authorization: `JWT ${s.token}`, 'content-type': 'application/json' },
          payload: s.body === undefined ? undefined : JSON.stringify(s.body),
        });
      await request();
      const statements = await captureStatements(async () => {
        const res = await capture.app.inject({
          method: s.method,
          url: s.path,
          headers: { authorization: `JWT ${s.token}`, 'content-type': 'application/json' },
          payload: s.body === undefined ? undefined : JSON.stringify(s.body),
        });
        if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
      captured.set(s.name, statements);
    }
    await capture.close();
    closeCapture = null;

    children.push(
      startChild(['--import', 'tsx', 'apps/api/src/main.ts'], {
        ...env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
      }),
    );
    children.push(startChild([join(here, 'hello.mjs')], { PORT: String(HELLO_PORT) }));
    await waitFor(`http://127.0.0.1:${PORT}/api/health`);
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
    const base = `http://127.0.0.1:${PORT}`;

    const rows: Record<string, unknown>[] = [];
    const hello = await drive({ name: 'hello', method: 'GET', path: '/' }, `http://127.0.0.1:${HELLO_PORT}`);
    log(`hello world: ${hello.rps} req/s`);
    for (const s of scenarios) {
      const api = await drive(s, base);
      const statements = captured.get(s.name);
      const floor = statements
        ? await measureFloor(databaseUrl, statements, {
            connections: CONNECTIONS,
            seconds: SIZE.seconds,
            poolSize: 10,
          })
        : null;
      rows.push({ scenario: s.name, api, floor, statements: statements?.length ?? 0 });
      log(
        `${s.name}: p50 ${api.p50} ms, p95 ${api.p95} ms, ${api.rps} req/s${floor ? ` | floor p50 ${floor.p50} ms` : ''}${api.errors ? ` | ${api.errors} errors` : ''}`,
      );
    }

    const date = new Date().toISOString().slice(0, 10);
    const machine = {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? '',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    };
    const report = {
      date,
      mode: quick ? 'quick' : 'full',
      size: SIZE,
      connections: CONNECTIONS,
      machine,
      seedSeconds,
      hello,
      rows,
    };
    const dir = join(here, 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${date}${quick ? '-quick' : ''}`);
    writeFileSync(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(`${file}.md`, markdown(report));
    console.log(`\n${markdown(report)}`);
    log(`results in ${file}.json and .md`);
  } catch (err) {
    process.exitCode = 1;
    console.error(err);
  } finally {
    await closeCapture?.().catch(() => {});
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => log(`drop failed: ${e}`));
  }
}

function markdown(r: {
  date: string;
  mode: string;
  size: typeof SIZE;
  machine: Record<string, unknown>;
  hello: Figures;
  rows: Record<string, unknown>[];
}): string {
  const lines = [
    `### ${r.date} (${r.mode}): ${r.size.quotes.toLocaleString('en')} quotes, ${r.size.board.toLocaleString('en')} board records, ${CONNECTIONS} connections`,
    '',
    `Machine: ${r.machine.cpus} × ${r.machine.cpu}, ${r.machine.memoryGb} GB, Node ${r.machine.node}. Hello-world Fastify: ${r.hello.rps} req/s.`,
    '',
    '| scenario | API p50 | API p95 | API p99 | API req/s | SQL floor p50 | floor p95 | API p50 / floor p50 | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of r.rows) {
    const api = row.api as Figures;
    const floor = row.floor as Figures | null;
    const ratio = floor && floor.p50 > 0 ? (api.p50 / floor.p50).toFixed(2) : '–';
    lines.push(
      `| ${row.scenario} | ${api.p50} | ${api.p95} | ${api.p99} | ${api.rps} | ${floor?.p50 ?? '–'} | ${floor?.p95 ?? '–'} | ${ratio} | ${api.errors} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

await main();
