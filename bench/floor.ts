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

/**
 * Replays one request's statements with `connections` concurrent callers for `seconds`, each as a
 * named (prepared) statement, as the API runs a statement from its third run (db/client.ts), and
 * those marked for a generic plan in that mode, as the API's pool for them does (db/plan.ts).
 */
export async function measureFloor(
  databaseUrl: string,
  statements: Statement[],
  opts: { connections: number; seconds: number; poolSize: number; warmupSeconds?: number },
): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolSize });
  const names = new Map(statements.map((s, i) => [s.text, `floor_${i}`]));
  const generic = new WeakMap<pg.PoolClient, boolean>();
  const latencies: number[] = [];
  let errors = 0;
  // Driven `warmupSeconds` first, not counted (connections opened, statements prepared), as the API.
  const counted = Date.now() + (opts.warmupSeconds ?? 0) * 1000;
  const end = counted + opts.seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const warm = Date.now() >= counted;
      const started = performance.now();
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
        if (warm) latencies.push(performance.now() - started);
      } catch {
        if (warm) errors += 1;
        await client.query('ROLLBACK').catch(() => {});
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  await pool.end();
  return percentiles(latencies, opts.seconds, errors);
}
