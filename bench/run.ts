/**
 * The benchmark suite (bench/README.md): seeds a generated data set on a PostgreSQL server, starts
 * the API as a child process, drives each scenario with autocannon from this process, and times the
 * same SQL straight through `pg` (the floor). Writes bench/results/<date>[-quick].json and .md.
 *
 *   npm run bench -- --quick          everyday, under two minutes: 100,000 quotes, server and PGlite
 *   npm run bench                     the full run: 100,000 and 1,000,000 quotes, and PGlite
 *
 * For a closer look: BENCH_ONLY=<regex> runs only the scenarios whose names match (and only the
 * server's small phase with --quick), BENCH_CPU_PROF=<folder> writes a CPU profile of each API
 * process there (open it in Chrome's DevTools), BENCH_KEEP=1 keeps the server databases (to run
 * EXPLAIN on them; drop them afterwards), BENCH_DUMP_SQL=<file> appends each scenario's captured
 * statements there (one JSON line a scenario), BENCH_PHASES=small,large,pglite picks the phases.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  bareSqlStatements,
  captureStatements,
  type Figures,
  floorDriver,
  measureFloor,
  PLAN_MODES,
  percentiles,
  type Statement,
} from './floor';
import { waitFor } from './wait';

/**
 * autocannon keeps every answer's body as a string (`body += chunk`, for body checks the bench does
 * not use). Decoding the map's 877 KB into a string, and its brotli form's 350 KB of binary as
 * UTF-8, cost the load driver more CPU than the API spent on the answer, on the same two cores: it
 * capped 3a at about 600 answers a second and the brotli form (3c) at 180 (decision 0016). The
 * bench counts an answer's bytes, as autocannon does apart from this, and leaves bodies alone.
 */
function stopKeepingBodies() {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody?: unknown };
  };
  if (typeof queue.prototype.addBody !== 'function') {
    throw new Error('autocannon no longer has PipelinedRequestsQueue.addBody: see stopKeepingBodies');
  }
  queue.prototype.addBody = () => {};
}
stopKeepingBodies();

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const quick = process.argv.includes('--quick');
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const phases_ = process.env.BENCH_PHASES?.split(',');
const cpuProfile = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null;

export interface BenchSize {
  quotes: number;
  cities: number;
  companies: number;
  projectsPerCompany: number;
  board: number;
}
const SMALL: BenchSize = {
  quotes: 100_000,
  cities: 100,
  companies: 20,
  projectsPerCompany: 100,
  board: 5_000,
};
const LARGE: BenchSize = {
  quotes: 1_000_000,
  cities: 400,
  companies: 200,
  projectsPerCompany: 200,
  board: 50_000,
};
/**
 * How long each scenario is counted. A quick run (everyday use, under two minutes on a clean clone)
 * counts 1 s a scenario and 0.75 s of its SQL floor: at 500-2,000 answers a second that is still
 * 500-2,000 latencies a scenario, and the floor, the database alone, moves less between runs than
 * the API. The full run is the one the budgets are read from.
 */
const SECONDS = quick ? 1 : 10;
const FLOOR_SECONDS = quick ? 0.75 : SECONDS;
/**
 * Each scenario (and its SQL floor) is driven this long first, at the same concurrency, and not
 * counted: the first answers after a start pay for compiling, opening the pools' connections,
 * preparing statements and building kept answers, and in a 10 s run the slowest 5 % are half a
 * second, so they were the p95 of whichever scenario ran first. A quick run's 0.3 s is still 60 or
 * more answers at the slowest scenario's rate (PGlite's), past the third run of a statement on each
 * of the pool's ten connections, from which it is prepared.
 */
const WARMUP_SECONDS = quick ? 0.3 : 1;
/**
 * A new API process is driven this long more before its first scenario: its first seconds pay for
 * compiling the paths every request shares and for growing its heap, and a 1 s warm-up left the
 * first scenario of a phase (1a) at 0.80 ms of CPU a request against 0.59–0.67 ms a few seconds later
 * (PGlite's engine compiles longer: its 1a cost 4.1 ms a request after 1.5 s, 2.0 ms after 3 s).
 */
const START_WARMUP_SECONDS = quick ? 3 : 4;
const CONNECTIONS = 32;
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const HELLO_PORT = PORT + 1;
/** bench/bare-sql.mjs (PORT + 2 is the smaller database's API in the million's phase). */
const BARE_SQL_PORT = PORT + 3;
/** The scenarios of the p50 budget, also driven against bench/bare-sql.mjs. */
const BARE_SQL_SCENARIOS = /^(1[a-d]|2|4|5) /;
const PASSWORD = 'Bench-Password-2026';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

function profileArgs(): string[] {
  return cpuProfile ? ['--cpu-prof', '--cpu-prof-dir', cpuProfile] : [];
}

function startChild(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

/** Scenario 5's filter: a view saved on the board company's task board (so it has its index). */
const BOARD_VIEW = {
  board: 'tasks',
  filters: [
    { column: 'Status', value: ['Done', 'In progress'] },
    { column: 'Priority', value: ['High', 'Medium'] },
    { column: 'Tags', value: ['Dach'] },
  ],
  sort: [{ column: 'Due date', order: 'asc' }],
  groupBy: 'Status',
  sumProperty: 'Estimate (h)',
} as const;

interface Scenario {
  name: string;
  /** What varies with the data size (the deep page's number, the board's size). */
  note?: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  token?: string;
  /** Compared with the SQL floor (needs captured statements). */
  floor?: boolean;
  /** Driven in turns with the bare server answering as many bytes (hello.mjs): scenario 7. */
  beside?: { path: string; bytes: string };
  /** The `Accept-Encoding` autocannon sends: `identity` (the plain answer) unless set (3c). */
  acceptEncoding?: string;
}

/** What Chromium sends as `Accept-Encoding` (rows 3c and 5c). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** What driving a scenario measures: latency and throughput, the answer's size, and with a pid the CPU. */
type ApiFigures = Figures & { bytes: number; gzipBytes: number; cpuMsPerRequest?: number };

interface Row {
  scenario: string;
  note?: string;
  api: ApiFigures;
  floor: Figures | null;
  /** Scenario 5's request over plain, typed, indexed columns (the board budget's yardstick). */
  plain?: Figures;
  /** Scenario 7: the bare server, driven in turns with the API (driveInTurns). */
  bare?: Figures & { path: string; bytes: string };
  /**
   * The p50 budget's scenarios: the same request to bench/bare-sql.mjs, a bare HTTP server running
   * the captured statements as the floor does (what answering over HTTP from Node costs at all).
   */
  bareSql?: ApiFigures;
  /** PGlite's rows: the same request to the API on the PostgreSQL server, driven in turns with PGlite. */
  server?: ApiFigures;
  /** The million's rows: the same scenario on the 100,000-quote database, driven in turns with it. */
  smaller?: ApiFigures;
  statements: number;
}

interface Phase {
  name: string;
  database: 'postgres' | 'pglite';
  size: BenchSize;
  seedSeconds: number;
  hello: Figures | null;
  /** The same bare server answering scenario 7's 5,187 bytes (hello.mjs `/sized`). */
  helloSized?: Figures | null;
  rows: Row[];
}

/** The size of one answer as sent with gzip (the browser asks for it), read without decompressing. */
function gzipBytes(s: Scenario, base: string): Promise<number> {
  return new Promise((resolveSize, reject) => {
    const body = s.body === undefined ? undefined : JSON.stringify(s.body);
    const req = request(
      `${base}${s.path}`,
      {
        method: s.method,
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'gzip',
          ...(s.token ? { authorization: `JWT ${s.token}` } : {}),
        },
      },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        res.on('end', () => resolveSize(size));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * CPU time a process has used, in milliseconds (Linux: utime + stime of /proc/<pid>/stat, in clock
 * ticks of 10 ms); null where there is no /proc.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The CPU figure as the log lines write it. */
const cpuText = (api: ApiFigures) => `API CPU ${api.cpuMsPerRequest ?? '–'} ms a request`;

/**
 * What autocannon saw in one stretch of driving: every answer's latency, the errors, an answer's
 * size, and the CPU time the API process (`pid` of {@link load}) used meanwhile (null where unknown).
 */
interface Stretch {
  latencies: number[];
  errors: number;
  bytes: number;
  cpuMs: number | null;
  /** How long the load ran, as autocannon measured it (requests per second divide by this). */
  seconds: number;
}

const newStretch = (): Stretch => ({ latencies: [], errors: 0, bytes: 0, cpuMs: 0, seconds: 0 });

/**
 * autocannon checks whether its `duration` is over only when it takes a sample, every `sampleInt`
 * milliseconds (1,000 by default): a 0.25 s warm-up lasted a whole second and a 1.5 s run two. A
 * sample every 100 ms ends a load within 0.1 s of its duration, and the rate is taken over the
 * time the load really ran.
 */
const SAMPLE_MS = 100;

async function load(s: Scenario, base: string, seconds: number, into: Stretch, pid?: number): Promise<void> {
  const before = cpuMsOf(pid);
  await new Promise<void>((done, fail) => {
    const instance = autocannon(
      {
        url: `${base}${s.path}`,
        method: s.method,
        connections: CONNECTIONS,
        duration: seconds,
        sampleInt: SAMPLE_MS,
        headers: {
          'content-type': 'application/json',
          'accept-encoding': s.acceptEncoding ?? 'identity',
          ...(s.token ? { authorization: `JWT ${s.token}` } : {}),
        },
        body: s.body === undefined ? undefined : JSON.stringify(s.body),
      },
      (err, result) => {
        if (err) return fail(err);
        into.seconds += result.duration;
        done();
      },
    );
    instance.on('response', (_client, status, resBytes, time) => {
      if (status >= 400) into.errors += 1;
      into.latencies.push(time);
      into.bytes = resBytes;
    });
  });
  const after = cpuMsOf(pid);
  into.cpuMs = into.cpuMs !== null && before !== null && after !== null ? into.cpuMs + after - before : null;
}

async function figuresOf(s: Scenario, base: string, stretch: Stretch): Promise<ApiFigures> {
  const cpu =
    stretch.cpuMs !== null && stretch.latencies.length > 0
      ? { cpuMsPerRequest: Math.round((stretch.cpuMs / stretch.latencies.length) * 1000) / 1000 }
      : {};
  return {
    ...percentiles(stretch.latencies, stretch.seconds, stretch.errors),
    bytes: stretch.bytes,
    gzipBytes: await gzipBytes(s, base),
    ...cpu,
  };
}

/**
 * Drives one scenario. With `pid`, also the API process's CPU time per answered request: it moves
 * less than latency and throughput with what else the machine's cores are doing, so it is the
 * better figure to compare two versions of the code by across runs on a noisy machine (it still
 * moved by a third between runs of the same code on this session's VM).
 */
async function drive(s: Scenario, base: string, pid?: number): Promise<ApiFigures> {
  await load(s, base, WARMUP_SECONDS, newStretch());
  const stretch = newStretch();
  await load(s, base, SECONDS, stretch, pid);
  return figuresOf(s, base, stretch);
}

/** One side of {@link driveInTurns}: a scenario, the server answering it, and that process's pid. */
interface Side {
  s: Scenario;
  base: string;
  pid?: number;
}

/** The SQL floor's driver as a side of {@link driveInTurns} (the p50 budget's scenarios). */
interface FloorSide {
  floor: ReturnType<typeof floorDriver>;
}

/**
 * Drives sides in turns of 2 s (0.5 s in a quick run), each for SECONDS in all, after a warm-up of
 * each: on two shared cores a server's rate moved by a factor of two between minutes, so a ratio
 * of two figures taken minutes apart said more about the machine than about the two servers.
 * Scenario 7 and the bare server (decision 0013), PGlite and the PostgreSQL server (decision 0019),
 * the p50 budget's scenarios with bench/bare-sql.mjs and their SQL floor (decision 0027).
 */
async function driveInTurns(...sides: (Side | FloorSide)[]): Promise<Stretch[]> {
  const slice = quick ? 0.5 : 2;
  const turns = Math.max(1, Math.round(SECONDS / slice));
  const drive = (side: Side | FloorSide, seconds: number, into: Stretch) =>
    'floor' in side ? side.floor.run(seconds, into) : load(side.s, side.base, seconds, into, side.pid);
  for (const side of sides) await drive(side, WARMUP_SECONDS, newStretch());
  const stretches = sides.map(newStretch);
  const order = sides.map((_, i) => i);
  for (let turn = 0; turn < turns; turn++) {
    // The order turns round every turn, so no side always follows the same one.
    for (const i of turn % 2 === 0 ? [...order].reverse() : order) {
      await drive(sides[i] as Side | FloorSide, slice, stretches[i] as Stretch);
    }
  }
  return stretches;
}

type Inject = (opts: {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}) => Promise<Answer>;

interface Answer {
  statusCode: number;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read loosely by the bench
  json: () => any;
}

/** What the scenarios need to know of the seeded data, read while the bench holds the database. */
interface Facts {
  boardEmail: string;
  boardLat: number;
  boardLon: number;
  searcherEmail: string;
  searcherArea: number;
  /** Scenario 3b's box: the searcher's own area. */
  areaBox: { minLat: number; maxLat: number; minLng: number; maxLng: number };
  /** Scenario 3a's box: around the searcher, grown or shrunk until it holds about MAP_BOX_QUOTES. */
  mapBox: { minLat: number; maxLat: number; minLng: number; maxLng: number };
  mapBoxQuotes: number;
}

/** The issue's map scenario: a bounding box holding about 20,000 quotes, whatever the data size. */
const MAP_BOX_QUOTES = 20_000;

async function collectFacts(query: <T>(text: string, params?: unknown[]) => Promise<T[]>): Promise<Facts> {
  const [board] = await query<{ email: string; lat: number; lon: number }>(
    `SELECT u.email, c.latitude AS lat, c.longitude AS lon FROM companies c JOIN users u ON u.company_id = c.id
     WHERE c.slug = 'bench-0'`,
  );
  // The quote search runs as the installer with the largest service area (the most pages).
  const [searcher] = await query<{ email: string; n: number; lat: number; lon: number }>(
    `SELECT u.email, count(*)::int AS n, c.latitude AS lat, c.longitude AS lon
     FROM quote_areas a JOIN users u ON u.company_id = a.company_id JOIN companies c ON c.id = a.company_id
     GROUP BY u.email, c.latitude, c.longitude ORDER BY n DESC LIMIT 1`,
  );
  if (!board || !searcher) throw new Error('the bench data has no board company or no service area');
  const lat = Number(searcher.lat);
  const lon = Number(searcher.lon);
  const boxOf = (f: number) => ({
    minLat: lat - 0.4 * f,
    maxLat: lat + 0.4 * f,
    minLng: lon - 0.6 * f,
    maxLng: lon + 0.6 * f,
  });
  const quotesIn = async (f: number) => {
    const b = boxOf(f);
    const [row] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM quotes WHERE latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4`,
      [b.minLat, b.maxLat, b.minLng, b.maxLng],
    );
    return Number(row?.n ?? 0);
  };
  // Bisect the box's size (its area grows with the square of f) to within 5 % of the target.
  let low = 0;
  let high = 8;
  let f = 1;
  let n = await quotesIn(f);
  for (let i = 0; i < 20 && Math.abs(n - MAP_BOX_QUOTES) > MAP_BOX_QUOTES * 0.05; i++) {
    if (n < MAP_BOX_QUOTES) low = f;
    else high = f;
    f = (low + high) / 2;
    n = await quotesIn(f);
  }
  return {
    areaBox: boxOf(1),
    mapBox: boxOf(f),
    mapBoxQuotes: n,
    boardEmail: board.email,
    boardLat: Number(board.lat),
    boardLon: Number(board.lon),
    searcherEmail: searcher.email,
    searcherArea: Number(searcher.n),
  };
}

/** Logs in and builds the scenarios on a seeded database (`inject` reaches the API). */
async function buildScenarios(inject: Inject, facts: Facts, size: BenchSize): Promise<Scenario[]> {
  const loginAs = async (email: string) => {
    const res = await inject({
      method: 'POST',
      url: '/api/user/installer/login',
      payload: { email, password: PASSWORD },
    });
    const token = res.json().data?.token as string | undefined;
    if (!token) throw new Error(`login ${email}: ${res.body.slice(0, 200)}`);
    return token;
  };
  const token = await loginAs(facts.boardEmail);
  const searchToken = await loginAs(facts.searcherEmail);
  const deepPage = Math.min(200, Math.floor(facts.searcherArea / 20) - 1);
  log(`quote search as ${facts.searcherEmail}: ${facts.searcherArea} quotes in the service area`);
  // Page 10,000 of all quotes (the 100,000-quote data set has 5,000 pages).
  const adminDeepPage = Math.min(9_999, Math.floor(size.quotes / 20) - 2);
  const adminToken = await loginAs('admin@bench.test');
  /** The keyset cursor after page `page` (20 a page), as a user scrolling there holds it. */
  const cursorOf = async (who: string, page: number) => {
    const res = await inject({
      method: 'PUT',
      url: `/api/quote/installer/search?page=${page}&limit=20`,
      headers: { authorization: `JWT ${who}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    const next = res.json().data?.pagination?.nextCursor as string | undefined;
    if (!next) throw new Error(`no page after ${page}: ${res.body.slice(0, 200)}`);
    return encodeURIComponent(next);
  };
  const board: Scenario = {
    name: '5 board filter (3 filters, sort, group)',
    note: `${size.board} records`,
    method: 'POST',
    // As the board's table asks since the seventh session: the cells as values (docs/board.md).
    path: '/api/task/filter?page=1&limit=50&cells=values',
    body: BOARD_VIEW,
    token,
    floor: true,
  };
  const mapBox: Scenario = {
    name: '3a map view of a bounding box holding about 20,000 quotes (ADMIN)',
    note: `${facts.mapBoxQuotes.toLocaleString('en')} quotes`,
    method: 'POST',
    path: '/api/quote/installer/map-view',
    body: { bbox: facts.mapBox },
    token: adminToken,
    floor: true,
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
      name: '1b quote search (installer area), deep page',
      note: `page ${deepPage + 1}`,
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
      name: '1d quote search (ADMIN, all quotes), deep page',
      note: `page ${adminDeepPage + 1}`,
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
    mapBox,
    {
      // The installer's own map: about 20,000 of its quotes at 1M, 3,000 at 100k.
      name: "3b map view of the installer's area",
      method: 'POST',
      path: '/api/quote/installer/map-view',
      body: { bbox: facts.areaBox },
      token: searchToken,
      floor: true,
    },
    {
      // 3a as Chromium asks for it: the kept answer's brotli form (decision 0016).
      ...mapBox,
      name: '3c map view as 3a, asked as a browser asks (brotli)',
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
    },
    {
      // Zoomed out over the whole platform: more quotes than the map sends as points, so the server
      // answers with its clusters (docs/pipeline.md, the map).
      name: '3d map view of every quote (ADMIN, zoom 6): server clusters',
      method: 'POST',
      path: '/api/quote/installer/map-view',
      body: { zoom: 6 },
      token: adminToken,
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
    board,
    {
      // 5 as Chromium asks for it: compressed for each answer, at brotli's quality 1 (decision
      // 0016). Its SQL floor is 5's.
      ...board,
      name: '5c board filter as 5, asked as a browser asks (brotli)',
      floor: false,
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
    },
    {
      name: '6a login (argon2)',
      method: 'POST',
      path: '/api/user/installer/login',
      body: { email: facts.boardEmail, password: PASSWORD },
    },
    { name: '6b GET /user', method: 'GET', path: '/api/user', token, floor: true },
    {
      // The budget's endpoint: authenticated (a session checked), validated (the query string by
      // its zod schema), company-scoped (the company's own totals), with an answer about the size of
      // hello-world's, so the comparison is of the work and not of the bytes.
      name: '7a company-scoped, validated GET /quote/installer/total',
      method: 'GET',
      path: '/api/quote/installer/total',
      token,
      beside: { path: '/', bytes: '17 bytes' },
    },
    {
      name: '7b company-scoped GET /user-properties',
      method: 'GET',
      path: '/api/user-properties?board=tasks',
      token,
      beside: { path: '/sized', bytes: '5,187 bytes' },
    },
  ];
  return scenarios;
}

/** Seeds `size` on a new server database, measures every scenario and its floor, drops it. */
/** A server phase's database, kept for the PGlite phase to drive the server beside it; drop it after. */
interface KeptDatabase {
  databaseUrl: string;
  size: BenchSize;
  drop: () => Promise<void>;
}

const dropDatabase = (dbName: string) =>
  adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => log(`drop failed: ${e}`));

async function runServerPhase(
  size: BenchSize,
  opts: { keep?: boolean; beside?: KeptDatabase | null } = {},
): Promise<{ phase: Phase; kept: KeptDatabase | null }> {
  const dbName = `solar_bench_${Date.now().toString(36)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  log(`PostgreSQL server, ${size.quotes.toLocaleString('en')} quotes, database ${dbName}`);
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const children: ChildProcess[] = [];
  let closeCapture: (() => Promise<void>) | null = null;
  let kept: KeptDatabase | null = null;
  const bareDir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  try {
    // Migrations and seed through the API's own code.
    const { loadConfig } = await import('../apps/api/src/config');
    const { startServer } = await import('../apps/api/src/server');
    const { seedAll } = await import('./seed');
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
      await seedAll((text, params) => client.query(text, params), size, PASSWORD);
    } finally {
      client.release();
      await pool.end();
    }
    const boardCompanyId = await seedBoard(capture.database, size);
    // As autovacuum would after a bulk load: statistics, and visibility maps for index-only scans.
    const owner = new pg.Client({ connectionString: databaseUrl });
    await owner.connect();
    await owner.query('VACUUM ANALYZE').finally(() => owner.end());
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    const facts = await collectFacts((text, params) => capture.database.query(text, params));
    const scenarios = (
      await buildScenarios((opts) => capture.app.inject(opts as never) as never, facts, size)
    ).filter((x) => !only || only.test(x.name));
    // The statements of one request of each scenario, for the floor.
    const captured = new Map<string, Statement[]>();
    for (const s of scenarios.filter((x) => x.floor)) {
      const request = () =>
        capture.app.inject({
          method: s.method,
          url: s.path,
          headers: { authorization: `JWT ${s.token}`, 'content-type': 'application/json' },
          payload: s.body === undefined ? undefined : JSON.stringify(s.body),
        });
      // Once to warm what the API keeps between requests (the totals of a large set), then captured.
      await request();
      const statements = await captureStatements(async () => {
        const res = await request();
        if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
      captured.set(s.name, statements);
      if (process.env.BENCH_DUMP_SQL)
        appendFileSync(process.env.BENCH_DUMP_SQL, `${JSON.stringify({ name: s.name, statements })}\n`);
    }
    await capture.close();
    closeCapture = null;
    const plainBoard = await plainBoardStatements(databaseUrl, boardCompanyId);

    children.push(
      // As deployed: NODE_ENV=production (answers written by the compiled serializers alone).
      startChild([...profileArgs(), '--import', 'tsx', 'apps/api/src/main.ts'], {
        ...env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
      }),
    );
    children.push(startChild([join(here, 'hello.mjs')], { PORT: String(HELLO_PORT) }));
    // The p50 budget's scenarios' statements, for the bare HTTP server in front of them.
    const bareRoutes = Object.fromEntries(
      scenarios.flatMap((s) => {
        const statements = captured.get(s.name);
        return BARE_SQL_SCENARIOS.test(s.name) && statements
          ? [
              [
                `${s.method} ${s.path} ${s.body === undefined ? '' : JSON.stringify(s.body)}`,
                bareSqlStatements(statements),
              ],
            ]
          : [];
      }),
    );
    const bareFile = join(bareDir, 'routes.json');
    writeFileSync(bareFile, JSON.stringify({ routes: bareRoutes, planMode: PLAN_MODES }));
    const bareSql = startChild([join(here, 'bare-sql.mjs')], {
      DATABASE_URL: databaseUrl,
      BARE_SQL_FILE: bareFile,
      PORT: String(BARE_SQL_PORT),
    });
    children.push(bareSql);
    await waitFor(`http://127.0.0.1:${PORT}/api/health`);
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
    await waitFor(`http://127.0.0.1:${BARE_SQL_PORT}/health`);
    const hello = await drive({ name: 'hello', method: 'GET', path: '/' }, `http://127.0.0.1:${HELLO_PORT}`);
    log(`hello world: ${hello.rps} req/s`);
    const helloSized = await drive(
      { name: 'hello, 5 KB', method: 'GET', path: '/sized' },
      `http://127.0.0.1:${HELLO_PORT}`,
    );
    log(`hello world answering 5,187 bytes: ${helloSized.rps} req/s`);
    // With a smaller database beside (the million's phase), each scenario is driven in turns on
    // both (and scenario 7 with its bare server too), so the change in throughput is not the change of the machine's minute (decision 0019).
    const smaller = opts.beside
      ? await startTwin(opts.beside, env, (x) => !only || only.test(x.name), children)
      : null;
    const rows: Row[] = [];
    const first = scenarios[0];
    const smallerFirst = smaller?.scenarios.find((x) => x.name === first?.name);
    await Promise.all([
      first && load(first, `http://127.0.0.1:${PORT}`, START_WARMUP_SECONDS, newStretch()),
      smaller && smallerFirst && load(smallerFirst, smaller.base, START_WARMUP_SECONDS, newStretch()),
    ]);
    for (const s of scenarios) {
      let api: ApiFigures;
      let bare: Row['bare'];
      let onSmaller: ApiFigures | undefined;
      let onBare: ApiFigures | undefined;
      let floor: Figures | null = null;
      const twin = smaller?.scenarios.find((x) => x.name === s.name);
      const statements = captured.get(s.name);
      const base = `http://127.0.0.1:${PORT}`;
      if (s.beside) {
        // Scenario 7 beside its bare server and, in the million's phase, the smaller database's API.
        const baseline: Scenario = { name: 'hello', method: 'GET', path: s.beside.path };
        const [ours, theirs, onTwin] = (await driveInTurns(
          { s, base, pid: children[0]?.pid },
          { s: baseline, base: `http://127.0.0.1:${HELLO_PORT}` },
          ...(smaller && twin ? [{ s: twin, base: smaller.base, pid: smaller.pid }] : []),
        )) as [Stretch, Stretch, Stretch?];
        api = await figuresOf(s, base, ours);
        bare = { ...percentiles(theirs.latencies, theirs.seconds, theirs.errors), ...s.beside };
        log(`${s.name}: bare server ${bare.rps} req/s in the same turns (${bare.bytes})`);
        if (smaller && twin && onTwin) {
          onSmaller = await figuresOf(twin, smaller.base, onTwin);
          log(`${s.name} on the smaller database in the same turns: ${onSmaller.rps} req/s`);
        }
      } else if (statements && BARE_SQL_SCENARIOS.test(s.name)) {
        // The p50 budget's scenarios: the API, the bare HTTP server in front of the same statements
        // and the SQL floor in the same turns (and, in the million's phase, the smaller database's
        // API), so the three p50s are taken in the same moments of the machine.
        const floorSide = {
          floor: floorDriver(databaseUrl, statements, { connections: CONNECTIONS, poolSize: 10 }),
        };
        const bareBase = `http://127.0.0.1:${BARE_SQL_PORT}`;
        try {
          const [ours, theirs, onFloor, onTwin] = (await driveInTurns(
            { s, base, pid: children[0]?.pid },
            { s, base: bareBase, pid: bareSql.pid },
            floorSide,
            ...(smaller && twin ? [{ s: twin, base: smaller.base, pid: smaller.pid }] : []),
          )) as [Stretch, Stretch, Stretch, Stretch?];
          api = await figuresOf(s, base, ours);
          onBare = await figuresOf(s, bareBase, theirs);
          floor = percentiles(onFloor.latencies, onFloor.seconds, onFloor.errors);
          if (smaller && twin && onTwin) {
            onSmaller = await figuresOf(twin, smaller.base, onTwin);
            log(
              `${s.name} on the smaller database in the same turns: p50 ${onSmaller.p50} ms, ${onSmaller.rps} req/s`,
            );
          }
        } finally {
          await floorSide.floor.close();
        }
        if (onBare.errors)
          throw new Error(`${s.name}: ${onBare.errors} failed answers of bench/bare-sql.mjs`);
      } else if (smaller && twin) {
        const [ours, theirs] = (await driveInTurns(
          { s, base, pid: children[0]?.pid },
          { s: twin, base: smaller.base, pid: smaller.pid },
        )) as [Stretch, Stretch];
        api = await figuresOf(s, base, ours);
        onSmaller = await figuresOf(twin, smaller.base, theirs);
        log(
          `${s.name} on the smaller database in the same turns: p50 ${onSmaller.p50} ms, ${onSmaller.rps} req/s`,
        );
      } else {
        api = await drive(s, base, children[0]?.pid);
      }
      if (!floor && statements)
        floor = await measureFloor(databaseUrl, statements, {
          connections: CONNECTIONS,
          seconds: FLOOR_SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          poolSize: 10,
        });
      const plain = s.name.startsWith('5 ')
        ? await measureFloor(databaseUrl, plainBoard, {
            connections: CONNECTIONS,
            seconds: FLOOR_SECONDS,
            warmupSeconds: WARMUP_SECONDS,
            poolSize: 10,
          })
        : undefined;
      rows.push({
        scenario: s.name,
        note: s.note,
        api,
        floor,
        plain,
        bare,
        ...(onBare ? { bareSql: onBare } : {}),
        ...(onSmaller ? { smaller: onSmaller } : {}),
        statements: statements?.length ?? 0,
      });
      if (plain) log(`${s.name} over plain indexed columns: p50 ${plain.p50} ms, p95 ${plain.p95} ms`);
      log(
        `${s.name}${s.note ? ` (${s.note})` : ''}: p50 ${api.p50} ms, p95 ${api.p95} ms, ${api.rps} req/s, ${cpuText(api)}${onBare ? ` | bare SQL server p50 ${onBare.p50} ms` : ''}${floor ? ` | floor p50 ${floor.p50} ms` : ''}${api.errors ? ` | ${api.errors} errors` : ''}`,
      );
    }
    kept = opts.keep ? { databaseUrl, size, drop: () => dropDatabase(dbName) } : null;
    return {
      phase: {
        name: `server, ${label(size)}`,
        database: 'postgres',
        size,
        seedSeconds,
        hello,
        helloSized,
        rows,
      },
      kept,
    };
  } finally {
    await closeCapture?.().catch(() => {});
    for (const c of children) await stopChild(c);
    // The bare server's routes are kept with the database: bench/cpu-split.mjs drives them again.
    if (process.env.BENCH_KEEP) {
      log(`kept database ${dbName} and ${join(bareDir, 'routes.json')} (BENCH_KEEP)`);
    } else {
      rmSync(bareDir, { recursive: true, force: true });
      if (!kept) await dropDatabase(dbName);
    }
  }
}

/** The demo task board for the board company, through the API's own builder (as the company). */
async function seedBoard(
  database: import('../apps/api/src/db/client').Database,
  size: BenchSize,
): Promise<string> {
  const { demoTaskColumns, seedBoardTasks } = await import('../apps/api/src/db/seed/board');
  const { loadColumns, saveColumns } = await import('../apps/api/src/modules/board/board.repository');
  const { companyTenant } = await import('../apps/api/src/db/tenant');
  const [company] = await database.query<{ id: string }>(`SELECT id FROM companies WHERE slug = 'bench-0'`);
  if (!company) throw new Error('no bench company');
  const { syncViewIndexes } = await import('../apps/api/src/modules/board/board.view-index');
  await database.as(companyTenant(company.id)).db.transaction(async (tx) => {
    await loadColumns(tx, company.id, 'tasks', null);
    await saveColumns(tx, company.id, 'tasks', demoTaskColumns('en'));
    await seedBoardTasks(tx, { companyId: company.id, count: size.board, lang: 'en' });
  });
  // Scenario 5's filter as a saved view of the board user, and its index (what the view's job does).
  await database.query(
    `INSERT INTO board_views (company_id, user_id, board, name, filters, sort, group_by, sum_property)
     SELECT $1, u.id, 'tasks', 'Bench view', $2::jsonb, $3::jsonb, $4, $5 FROM users u
     WHERE u.company_id = $1 ORDER BY u.email LIMIT 1`,
    [
      company.id,
      JSON.stringify(BOARD_VIEW.filters),
      JSON.stringify(BOARD_VIEW.sort),
      BOARD_VIEW.groupBy,
      BOARD_VIEW.sumProperty,
    ],
  );
  await syncViewIndexes(database, company.id, 'tasks');
  return company.id;
}

/**
 * Scenario 5 over plain columns: the board's records copied into a table with typed, indexed
 * columns for the properties the view reads, and one request's SQL (groups with their sums, then
 * the page) against it. The budget: the API within 3 times this.
 */
async function plainBoardStatements(databaseUrl: string, companyId: string): Promise<Statement[]> {
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  try {
    await owner.query(`CREATE TABLE bench_board_plain AS
      SELECT id, company_id, board, is_deleted, position, seq, task_name, properties,
        properties -> 'Status' ->> 'value' AS status,
        array_position('{Not started,In progress,Done}'::text[], properties -> 'Status' ->> 'value') AS status_rank,
        properties -> 'Priority' ->> 'value' AS priority,
        ARRAY(SELECT jsonb_array_elements_text(coalesce(properties -> 'Tags' -> 'value', '[]'))) AS tags,
        properties -> 'Due date' ->> 'value' AS due,
        (properties -> 'Estimate (h)' ->> 'value')::numeric AS estimate
      FROM board_records WHERE company_id = '${companyId}' AND board = 'tasks'`);
    await owner.query(`CREATE INDEX bench_board_plain_view ON bench_board_plain
      (company_id, status_rank, status, due, position, seq) WHERE NOT is_deleted`);
    await owner.query('VACUUM ANALYZE bench_board_plain');
  } finally {
    await owner.end();
  }
  const where = `company_id = $1 AND NOT is_deleted
    AND (status IS NULL OR status = '' OR status = ANY('{Done,In progress}'))
    AND (priority IS NULL OR priority = '' OR priority = ANY('{High,Medium}'))
    AND (cardinality(tags) = 0 OR tags && '{Dach}')`;
  return [
    {
      text: `SELECT status, count(*)::int, sum(estimate)::float8 FROM bench_board_plain WHERE ${where}
        GROUP BY status ORDER BY array_position('{Not started,In progress,Done}'::text[], status) NULLS LAST, status`,
      values: [companyId],
    },
    {
      text: `SELECT id, task_name, properties FROM bench_board_plain WHERE ${where}
        ORDER BY status_rank NULLS LAST, status NULLS LAST, due NULLS LAST, position, seq LIMIT 50`,
      values: [companyId],
    },
  ];
}

/**
 * The embedded mode: the same data on PGlite in a temporary folder, seeded by this process as the
 * owner before the API opens it (one process at a time), then scenario 1 against the API.
 */
/**
 * The API on the embedded PGlite, seeded alike, scenario 1. With the server phase's database (`kept`)
 * the API on the server runs beside it and each scenario is driven in turns on both (decision 0019).
 */
async function runPglitePhase(size: BenchSize, kept: KeptDatabase | null): Promise<Phase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'solar-bench-pglite-'));
  log(`PGlite, ${size.quotes.toLocaleString('en')} quotes, folder ${dataDir}`);
  const env = {
    SEED_DEMO: 'false',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_ADDRESS: '1000000',
    // The seed ends with VACUUM ANALYZE (below); the API's own first run would fall into a scenario.
    EMBEDDED_MAINTENANCE_MINUTES: '0',
  };
  const children: ChildProcess[] = [];
  try {
    const { loadConfig } = await import('../apps/api/src/config');
    const { startServer } = await import('../apps/api/src/server');
    const { seedAll } = await import('./seed');
    const { PGlite } = await import('@electric-sql/pglite');
    // Migrate through the API, then seed as the owner (ANALYZE needs it), then let the API reopen it.
    const migrate = await startServer(loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      runWorker: false,
    });
    await migrate.close();
    const seedStarted = Date.now();
    const db = new PGlite(join(dataDir, 'db'));
    await db.waitReady;
    await seedAll((text, params) => db.query(text, params as unknown[]), size, PASSWORD);
    await db.query('VACUUM ANALYZE');
    const facts = await collectFacts(async (text, params) => (await db.query(text, params)).rows as never);
    await db.close();
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    const base = `http://127.0.0.1:${PORT}`;
    const child = startChild([...profileArgs(), '--import', 'tsx', 'apps/api/src/main.ts'], {
      ...env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
    });
    children.push(child);
    const wanted = (x: Scenario) => x.name.startsWith('1') && (!only || only.test(x.name));
    // The server's API starts while PGlite's does.
    const twin = kept ? startTwin(kept, env, wanted, children) : null;
    twin?.catch(() => undefined); // awaited below; marked handled should PGlite's start fail first
    await waitFor(`${base}/api/health`);
    const scenarios = (await buildScenarios(fetchInject(base), facts, size)).filter(wanted);
    const server = await twin;
    const rows: Row[] = [];
    // Both new processes warm up at once: PGlite's engine compiles for a few seconds.
    const first = scenarios[0];
    const serverFirst = server?.scenarios.find((x) => x.name === first?.name);
    await Promise.all([
      first && load(first, base, START_WARMUP_SECONDS, newStretch()),
      server && serverFirst && load(serverFirst, server.base, START_WARMUP_SECONDS, newStretch()),
    ]);
    for (const s of scenarios) {
      const twin = server?.scenarios.find((x) => x.name === s.name);
      if (server && twin) {
        const [ours, theirs] = (await driveInTurns(
          { s, base, pid: child.pid },
          { s: twin, base: server.base, pid: server.pid },
        )) as [Stretch, Stretch];
        const [api, onServer] = [await figuresOf(s, base, ours), await figuresOf(twin, server.base, theirs)];
        rows.push({ scenario: s.name, note: s.note, api, server: onServer, floor: null, statements: 0 });
        log(
          `PGlite ${s.name}: p50 ${api.p50} ms, p95 ${api.p95} ms, ${api.rps} req/s, ${cpuText(api)} | the server in the same turns: p50 ${onServer.p50} ms, ${onServer.rps} req/s`,
        );
      } else {
        const api = await drive(s, base, child.pid);
        rows.push({ scenario: s.name, note: s.note, api, floor: null, statements: 0 });
        log(`PGlite ${s.name}: p50 ${api.p50} ms, p95 ${api.p95} ms, ${api.rps} req/s, ${cpuText(api)}`);
      }
    }
    return { name: `PGlite, ${label(size)}`, database: 'pglite', size, seedSeconds, hello: null, rows };
  } finally {
    for (const c of children) await stopChild(c);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A second API process on a kept server database (port PORT + 2, as deployed), with its scenarios
 * built on that database, to drive in turns with the phase's own API (decision 0019).
 */
async function startTwin(
  kept: KeptDatabase,
  env: Record<string, string>,
  wanted: (s: Scenario) => boolean,
  children: ChildProcess[],
): Promise<{ pid?: number; base: string; scenarios: Scenario[] }> {
  const base = `http://127.0.0.1:${PORT + 2}`;
  const child = startChild(['--import', 'tsx', 'apps/api/src/main.ts'], {
    ...env,
    NODE_ENV: 'production',
    DATABASE_URL: kept.databaseUrl,
    PORT: String(PORT + 2),
    HOST: '127.0.0.1',
  });
  children.push(child);
  await waitFor(`${base}/api/health`);
  const facts = await withClient(kept.databaseUrl, (c) =>
    collectFacts(async (text, params) => (await c.query(text, params)).rows as never),
  );
  const scenarios = (await buildScenarios(fetchInject(base), facts, kept.size)).filter(wanted);
  return { pid: child.pid, base, scenarios };
}

/** Reaches an API process over HTTP, shaped as Fastify's `inject` answers. */
function fetchInject(base: string): Inject {
  return async (opts) => {
    const res = await fetch(`${base}${opts.url}`, {
      method: opts.method,
      headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) },
      body:
        opts.payload === undefined
          ? undefined
          : typeof opts.payload === 'string'
            ? opts.payload
            : JSON.stringify(opts.payload),
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) };
  };
}

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const label = (size: BenchSize) =>
  `${size.quotes.toLocaleString('en')} quotes, ${size.board.toLocaleString('en')} board records`;

async function main() {
  log(`${quick ? 'quick' : 'full'} run`);
  const phases: Phase[] = [];
  try {
    const wanted = (phase: string, byDefault: boolean) => (phases_ ? phases_.includes(phase) : byDefault);
    let kept: KeptDatabase | null = null;
    try {
      const pglite = wanted('pglite', !(quick && only));
      if (wanted('small', true)) {
        const small = await runServerPhase(SMALL, { keep: pglite || wanted('large', !quick) });
        phases.push(small.phase);
        kept = small.kept;
      }
      if (pglite) phases.push(await runPglitePhase(SMALL, kept));
      if (wanted('large', !quick)) phases.push((await runServerPhase(LARGE, { beside: kept })).phase);
    } finally {
      await kept?.drop();
    }
  } catch (err) {
    process.exitCode = 1;
    console.error(err);
    if (phases.length === 0) return;
  }
  const date = new Date().toISOString().slice(0, 10);
  const report = {
    date,
    mode: quick ? 'quick' : 'full',
    seconds: SECONDS,
    floorSeconds: FLOOR_SECONDS,
    connections: CONNECTIONS,
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? '',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    phases,
  };
  const dir = join(here, 'results');
  mkdirSync(dir, { recursive: true });
  // A partial run (BENCH_ONLY) does not replace the day's results.
  const file = join(dir, `${date}${quick ? '-quick' : ''}${only ? '-only' : ''}`);
  writeFileSync(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${file}.md`, markdown(report));
  console.log(`\n${markdown(report)}`);
  log(`results in ${file}.json and .md`);
}

const ms = (n: number | undefined) => (n === undefined ? '–' : String(n));

function markdown(r: {
  date: string;
  mode: string;
  machine: Record<string, unknown>;
  phases: Phase[];
}): string {
  const lines = [
    `### ${r.date} (${r.mode}): ${CONNECTIONS} connections, ${SECONDS} s a scenario${FLOOR_SECONDS === SECONDS ? '' : ` (${FLOOR_SECONDS} s of its SQL floor)`}`,
    '',
    `Machine: ${r.machine.cpus} × ${r.machine.cpu}, ${r.machine.memoryGb} GB, Node ${r.machine.node}; PostgreSQL on the same machine.`,
  ];
  for (const phase of r.phases) {
    lines.push('', `#### ${phase.name} (seeded in ${phase.seedSeconds.toFixed(0)} s)`, '');
    if (phase.hello) lines.push(`Hello-world Fastify on the same machine: ${phase.hello.rps} req/s.`, '');
    if (phase.helloSized)
      lines.push(
        `The same bare server answering 5,187 bytes (scenario 7's size): ${phase.helloSized.rps} req/s.`,
        '',
      );
    lines.push(
      '| scenario | API p50 ms | API p95 ms | API p99 ms | API req/s | bytes (gzip) | SQL floor p50 | floor p95 | API p50 − floor p50 | API CPU ms a request |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const row of phase.rows) {
      const gap = row.floor ? (row.api.p50 - row.floor.p50).toFixed(1) : '–';
      lines.push(
        `| ${row.scenario}${row.note ? ` (${row.note})` : ''} | ${row.api.p50} | ${row.api.p95} | ${row.api.p99} | ${row.api.rps} | ${row.api.bytes.toLocaleString('en')} (${(row.api.gzipBytes ?? 0).toLocaleString('en')}) | ${ms(row.floor?.p50)} | ${ms(row.floor?.p95)} | ${gap} | ${row.api.cpuMsPerRequest ?? '–'} |`,
      );
    }
  }
  // Scenario 5 against the same request over plain indexed columns.
  const boards = r.phases.flatMap((p) => p.rows.filter((row) => row.plain).map((row) => ({ phase: p, row })));
  if (boards.length) {
    lines.push(
      '',
      '#### The board (5) against the same request over plain indexed columns',
      '',
      '| phase | API p50 ms | API p95 ms | plain columns p50 ms | plain p95 ms | API p50 / plain p50 |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const { phase, row } of boards) {
      const plain = row.plain as Figures;
      lines.push(
        `| ${phase.name} | ${row.api.p50} | ${row.api.p95} | ${plain.p50} | ${plain.p95} | ${(row.api.p50 / Math.max(0.01, plain.p50)).toFixed(2)} |`,
      );
    }
  }
  // The p50 budget: the floor, a bare HTTP server in front of it, and the API.
  const bareSqlRows = r.phases.flatMap((p) =>
    p.rows.filter((row) => row.bareSql && row.floor).map((row) => ({ phase: p, row })),
  );
  if (bareSqlRows.length) {
    lines.push(
      '',
      '#### The p50 budget: the SQL floor, a bare HTTP server running the same statements (bare-sql.mjs), and the API',
      '',
      '| phase | scenario | floor p50 ms | bare server p50 ms | API p50 ms | bare − floor | API − bare | bare CPU ms a request | API CPU ms a request |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const { phase, row } of bareSqlRows) {
      const bare = row.bareSql as ApiFigures;
      const floor = row.floor as Figures;
      lines.push(
        `| ${phase.name} | ${row.scenario} | ${floor.p50} | ${bare.p50} | ${row.api.p50} | ${(bare.p50 - floor.p50).toFixed(1)} | ${(row.api.p50 - bare.p50).toFixed(1)} | ${bare.cpuMsPerRequest ?? '–'} | ${row.api.cpuMsPerRequest ?? '–'} |`,
      );
    }
  }
  // Scenario 7 against the bare server, driven in turns.
  const besides = r.phases.flatMap((p) => p.rows.filter((row) => row.bare).map((row) => ({ phase: p, row })));
  if (besides.length) {
    lines.push(
      '',
      '#### Scenario 7 against a bare Fastify server answering as many bytes, driven in turns',
      '',
      '| phase | scenario | API req/s | bare server req/s | bare answer | API / bare |',
      '| --- | --- | ---: | ---: | --- | ---: |',
    );
    for (const { phase, row } of besides) {
      const bare = row.bare as NonNullable<Row['bare']>;
      lines.push(
        `| ${phase.name} | ${row.scenario} | ${row.api.rps} | ${bare.rps} | ${bare.bytes} | ${((row.api.rps / Math.max(1, bare.rps)) * 100).toFixed(0)} % |`,
      );
    }
  }
  // Throughput from the small to the large data set, and PGlite against the server.
  const [small, large] = r.phases.filter((p) => p.database === 'postgres');
  if (small && large) {
    lines.push(
      '',
      `#### Throughput from ${small.size.quotes.toLocaleString('en')} to ${large.size.quotes.toLocaleString('en')} quotes`,
      '',
      '| scenario | req/s small | req/s large | change | measured |',
      '| --- | ---: | ---: | ---: | --- |',
    );
    for (const row of large.rows) {
      // Since decision 0019 the smaller database's figure is the one driven in turns with the larger.
      const before = row.smaller ?? small.rows.find((x) => x.scenario === row.scenario)?.api;
      if (!before) continue;
      const change = ((row.api.rps / Math.max(1, before.rps) - 1) * 100).toFixed(0);
      lines.push(
        `| ${row.scenario} | ${before.rps} | ${row.api.rps} | ${change} % | ${row.smaller ? 'in turns' : 'phases apart'} |`,
      );
    }
  }
  const pglite = r.phases.find((p) => p.database === 'pglite');
  // Since decision 0019 the server's figure is the one driven in turns with PGlite.
  const serverOf = (row: Row) => row.server ?? small?.rows.find((x) => x.scenario === row.scenario)?.api;
  if (pglite?.rows.some(serverOf)) {
    const inTurns = pglite.rows.some((row) => row.server);
    // In turns, the time a request is the mean by Little's law (32 connections over the rate): the
    // slowest answers of a turn are the ones still in flight when it ends, which its latencies
    // never count, so a short turn's p50 flatters the slower side (decision 0019).
    lines.push(
      '',
      inTurns
        ? `#### PGlite against the server at ${pglite.size.quotes.toLocaleString('en')} quotes, driven in turns`
        : `#### PGlite against the server at ${pglite.size.quotes.toLocaleString('en')} quotes`,
      '',
      inTurns
        ? '| scenario | server req/s | PGlite req/s | PGlite / server (time a request) | server p50 ms | PGlite p50 ms |'
        : '| scenario | server p50 ms | PGlite p50 ms | PGlite / server |',
      inTurns ? '| --- | ---: | ---: | ---: | ---: | ---: |' : '| --- | ---: | ---: | ---: |',
    );
    for (const row of pglite.rows) {
      const server = serverOf(row);
      if (!server) continue;
      lines.push(
        row.server
          ? `| ${row.scenario} | ${server.rps} | ${row.api.rps} | ${(server.rps / Math.max(1, row.api.rps)).toFixed(2)} | ${server.p50} | ${row.api.p50} |`
          : `| ${row.scenario} | ${server.p50} | ${row.api.p50} | ${(row.api.p50 / Math.max(0.01, server.p50)).toFixed(2)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

await main();
