import pg from 'pg';
import { planModeSql, wantsGenericPlan } from '../apps/api/src/db/plan';

/**
 * The SQL floor of a scenario: the statements the API ran for one request, captured from the `pg`
 * driver, replayed straight through `pg` with the same parameters and concurrency.
 */
export interface Statement {
  text: string;
  values: unknown[];
}

let capturing: Statement[] | null = null;
const original = pg.Client.prototype.query;

/** Records every statement any `pg` client in this process runs while `fn` runs. */
export async function captureStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  capturing = seen;
  try {
    await fn();
  } finally {
    capturing = null;
  }
  return seen;
}

// biome-ignore lint/suspicious/noExplicitAny: patching the driver's overloaded query signature
(pg.Client.prototype as any).query = function patched(this: pg.Client, ...args: any[]) {
  if (capturing) {
    const [first, second] = args;
    if (typeof first === 'string')
      capturing.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first.text === 'string') {
      capturing.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
    }
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
};

export interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

export function percentiles(latencies: number[], seconds: number, errors: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    rps: Math.round(sorted.length / seconds),
    requests: sorted.length,
    errors,
  };
}

/** What a stretch of the floor's driving measured. */
export interface FloorStretch {
  latencies: number[];
  errors: number;
  seconds: number;
}

/**
 * The floor's driver for one request's statements: `run` replays them with `connections`
 * concurrent callers for a number of seconds, each as a named (prepared) statement, as the API runs
 * a statement from its third run (db/client.ts), and those marked for a generic plan in that mode,
 * as the API's pool for them does (db/plan.ts). Its pool stays open between runs, so it can be
 * driven in turns with the API (bench/run.ts).
 */
export function floorDriver(
  databaseUrl: string,
  statements: Statement[],
  opts: { connections: number; poolSize: number },
) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolSize });
  const names = new Map(statements.map((s, i) => [s.text, `floor_${i}`]));
  const generic = new WeakMap<pg.PoolClient, boolean>();
  return {
    /** Drives the statements for `seconds`; with `into`, adds what it measured there. */
    async run(seconds: number, into?: FloorStretch): Promise<void> {
      const started = performance.now();
      const end = Date.now() + seconds * 1000;
      const worker = async () => {
        while (Date.now() < end) {
          const began = performance.now();
          const client = await pool.connect();
          try {
            for (const s of statements) {
              const wanted = wantsGenericPlan(s.text);
              if ((generic.get(client) ?? false) !== wanted) {
                await client.query(planModeSql(wanted));
                generic.set(client, wanted);
              }
              await client.query({ name: names.get(s.text), text: s.text, values: s.values });
            }
            into?.latencies.push(performance.now() - began);
          } catch {
            if (into) into.errors += 1;
            await client.query('ROLLBACK').catch(() => {});
          } finally {
            client.release();
          }
        }
      };
      await Promise.all(Array.from({ length: opts.connections }, worker));
      if (into) into.seconds += (performance.now() - started) / 1000;
    },
    close: () => pool.end(),
  };
}

/**
 * Replays one request's statements with `connections` concurrent callers for `seconds` (after
 * `warmupSeconds` not counted: connections opened, statements prepared, as the API's), see
 * {@link floorDriver}.
 */
export async function measureFloor(
  databaseUrl: string,
  statements: Statement[],
  opts: { connections: number; seconds: number; poolSize: number; warmupSeconds?: number },
): Promise<Figures> {
  const driver = floorDriver(databaseUrl, statements, opts);
  const stretch: FloorStretch = { latencies: [], errors: 0, seconds: 0 };
  try {
    if (opts.warmupSeconds) await driver.run(opts.warmupSeconds);
    await driver.run(opts.seconds, stretch);
  } finally {
    await driver.close();
  }
  return percentiles(stretch.latencies, opts.seconds, stretch.errors);
}

/** A scenario's statements as bench/bare-sql.mjs runs them: each with the plan mode the floor gives it. */
export function bareSqlStatements(statements: Statement[]) {
  return statements.map((s) => ({ text: s.text, values: s.values, generic: wantsGenericPlan(s.text) }));
}

/** The statements that set a session's plan mode, for bench/bare-sql.mjs. */
export const PLAN_MODES = { generic: planModeSql(true), auto: planModeSql(false) };
