import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ParserOptions, PGlite, parse, protocol } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { CHANGES_CHANNEL, ChangeFeed, registerChangeFeed } from '../lib/change-feed';
import { receiveMarkedColumnsAsBytes } from './pg-bytes';
import { SizeKeepingNodeFS } from './pglite-fs';
import { planModeSql, statementText, wantsGenericPlan } from './plan';
import * as schema from './schema';
import {
  NO_TENANT,
  PLATFORM,
  SET_TENANT_SESSION_SQL,
  SET_TENANT_SQL,
  type TenantScope,
  tenantKey,
  tenantParams,
} from './tenant';

export type Schema = typeof schema;
/** One database type for both drivers: PGlite (embedded) and node-postgres (server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../../drizzle');

export type RawQuery = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
  /** Drizzle, working for this handle's tenant (`none` for the process's own handle). */
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The tenant whose rows `db` sees (row-level security, db/tenant.ts). */
  tenant: TenantScope;
  /** The same database working for `tenant`: a request's handle, a job's, the seeder's. */
  as(tenant: TenantScope): Database;
  /** Raw query for bulk loading and tests, across companies; parameters as $1, $2, ... */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs raw queries in one transaction (bulk loads); rolls back when `fn` throws. */
  rawTransaction<R>(fn: (query: RawQuery) => Promise<R>): Promise<R>;
  /**
   * Runs one statement as the tables' owner instead of solar_app (the indexes of saved board
   * views, board.view-index.ts): on a server on a connection of its own, outside a transaction (so
   * `CREATE INDEX CONCURRENTLY` works); on PGlite in a transaction of its own.
   */
  ownerStatement(text: string): Promise<void>;
  /** The database's change notifications as this process hears them (lib/change-feed.ts). */
  changes: ChangeFeed;
  /**
   * PGlite only, which runs no autovacuum: `VACUUM (ANALYZE)` of the whole database as the owner,
   * when anything was written since the last run (db/maintenance.ts). Answers whether it ran.
   */
  maintain?(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; ignored with databaseUrl. Omit for an in-memory PGlite. */
  dataDir?: string;
  /** A migrated PGlite dump to start from (tests). */
  loadDataDir?: Blob;
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // Migrations run as the connecting role (the tables' owner); the API then works as solar_app.
    receiveMarkedColumnsAsBytes();
    const owner = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
    try {
      await migrateNodePg(drizzleNodePg(owner, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await owner.end();
    }
    const changes = new ChangeFeed();
    // A server out of reach fails a request within seconds instead of holding it (503, error-handler.ts).
    const poolConfig = { connectionString: opts.databaseUrl, max: POOL_SIZE, connectionTimeoutMillis: 5000 };
    // The statements marked for a generic plan (db/plan.ts) run on connections of their own whose
    // session plans every prepared statement once (docs/decisions/0017); everything else, and every
    // transaction, on the main pool, where PostgreSQL chooses for each statement.
    const genericPool = new pg.Pool(poolConfig);
    const pool = new pg.Pool(poolConfig);
    const generic = tenantPool(genericPool, changes, { genericPlans: true });
    const main = tenantPool(pool, changes, { generic });
    const stopListening = listenForChanges(opts.databaseUrl, changes);
    // An idle connection that the server ends (restart, failover, a dropped database) reports here;
    // without a listener it would crash the process. The pool replaces it on the next query.
    for (const p of [pool, genericPool]) {
      p.on('error', (err) => {
        process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
      });
    }
    const platform = main(PLATFORM);
    const shared: Omit<Database, 'db' | 'tenant' | 'as'> = {
      kind: 'postgres',
      changes,
      query: async (text, params) => (await platform.query(text, params)).rows,
      rawTransaction: async (fn) => {
        const client = await platform.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(async (text, params) => (await client.query(text, params)).rows);
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        } finally {
          client.release();
        }
      },
      ownerStatement: async (text) => {
        const client = await platform.connect();
        let lost: Error | undefined;
        try {
          await client.query('RESET ROLE');
          await client.query(text);
        } finally {
          // Back to solar_app before the connection serves anyone else; if that fails, it is dropped.
          await client.query('SET ROLE solar_app').catch((err: Error) => {
            lost = err;
          });
          client.release(lost);
        }
      },
      close: async () => {
        await stopListening();
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
    return handles(shared, (tenant) => {
      const db = drizzleNodePg(main(tenant), { schema }) as unknown as Db;
      registerChangeFeed(db, changes);
      return db;
    });
  }
  let releaseLock = () => {};
  let client: PGlite;
  if (opts.dataDir) {
    const dir = resolve(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    releaseLock = acquireLock(resolve(opts.dataDir));
    // PGlite's NodeFS, keeping file sizes instead of asking the system each time (decision 0012).
    client = new PGlite({ dataDir: dir, fs: new SizeKeepingNodeFS(dir) });
  } else {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  }
  await client.waitReady;
  await migratePglite(drizzlePglite(client, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
  // From here on the session is solar_app, under row-level security (docs/security.md).
  await client.query('SET ROLE solar_app');
  await client.query('SET standard_conforming_strings = on');
  // One session, in this process: it hears every change, its own before the statement returns.
  const changes = new ChangeFeed();
  await client.listen(CHANGES_CHANNEL, (payload) => changes.deliver(payload));
  changes.setLive(true);
  const exclusive = exclusiveQueue();
  const tenantClient = tenantPglite(client, exclusive);
  const platform = tenantClient(PLATFORM);
  let maintainedAt: string | null = null;
  const nextXid = async () =>
    String(
      (await client.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')).rows[0]
        ?.x,
    );
  const shared: Omit<Database, 'db' | 'tenant' | 'as'> = {
    kind: 'pglite',
    changes,
    query: async (text, params) => (await platform.query(text, params)).rows as never,
    rawTransaction: (fn) =>
      platform.transaction((tx) => fn(async (text, params) => (await tx.query(text, params)).rows as never)),
    ownerStatement: async (text) => {
      // The session user owns the tables; `SET LOCAL` ends with this transaction. In the proxy's
      // queue like every other statement, so none runs inside it as the owner.
      await platform.transaction(async (tx) => {
        await tx.exec('SET LOCAL ROLE NONE');
        await tx.exec(text);
      });
    },
    maintain: () =>
      exclusive(async () => {
        // The next transaction id moves with every transaction that wrote (reads take none, and
        // the log's position would move with pruning on a read): unchanged, nothing to do.
        if ((await nextXid()) === maintainedAt) return false;
        // VACUUM cannot run in a transaction, so not with `SET LOCAL`: the session is the owner for
        // this one statement, in the queue, so no caller's statement runs meanwhile.
        await client.exec('RESET ROLE');
        try {
          await client.exec('VACUUM (ANALYZE)');
        } finally {
          await exclusive.mustSucceed(() => client.exec('SET ROLE solar_app'));
        }
        maintainedAt = await nextXid();
        return true;
      }),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
  return handles(shared, (tenant) => {
    const db = drizzlePglite(tenantClient(tenant), { schema }) as unknown as Db;
    registerChangeFeed(db, changes);
    return db;
  });
}

/** Handles kept per tenant: a request takes its caller's from here, made once. */
const KEPT_HANDLES = 10_000;

/**
 * The database's handles, one per tenant, each with its own drizzle object over a driver that names
 * that tenant before its statements. The process's own handle works for no tenant (it fails closed).
 */
function handles(
  shared: Omit<Database, 'db' | 'tenant' | 'as'>,
  drizzleFor: (tenant: TenantScope) => Db,
): Database {
  const kept = new Map<string, Database>();
  const as = (tenant: TenantScope): Database => {
    const key = tenantKey(tenant);
    let handle = kept.get(key);
    if (!handle) {
      if (kept.size >= KEPT_HANDLES) kept.clear();
      handle = { ...shared, db: drizzleFor(tenant), tenant, as };
      kept.set(key, handle);
    }
    return handle;
  };
  return as(NO_TENANT);
}

/**
 * PGlite's one session, one caller at a time. A step that must not fail (taking back the role of
 * solar_app) stops the queue when it does: every later statement fails rather than run as the owner.
 */
function exclusiveQueue() {
  let queue: Promise<unknown> = Promise.resolve();
  let broken: Error | null = null;
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const guarded = () => (broken ? Promise.reject(broken) : fn());
    const run = queue.then(guarded, guarded);
    queue = run.catch(() => undefined);
    return run;
  };
  exclusive.mustSucceed = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      broken = new Error(`The embedded database's session is unusable: ${(err as Error).message}`);
      throw broken;
    }
  };
  return exclusive;
}

/** A pool as one tenant sees it (`tenantPool`). */
type TenantPools = (tenant: TenantScope) => pg.Pool;

/**
 * The server pool as solar_app: every connection takes the role when it opens, and the tenant of the
 * pool's view (one per tenant, from the returned function) each time it is checked out, before any
 * statement of the caller.
 */
function tenantPool(
  pool: pg.Pool,
  changes: ChangeFeed,
  opts: { genericPlans?: boolean; generic?: TenantPools } = {},
): TenantPools {
  // Set before any statement of a caller: the session plans each prepared statement once.
  const planMode = opts.genericPlans ? `; ${planModeSql(true)}` : '';
  pool.on('connect', (client) => {
    // A connection lost while checked out (between two statements of a transaction) reports here;
    // the caller's next statement fails with it. Without a listener it would end the process.
    client.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
    // Every connection listens: a change made on it is announced to it at commit, before the
    // commit returns, so the process that made it never serves what it kept from before.
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) changes.deliver(message.payload);
    });
    // Queued before anything the caller sends on this connection. Standard strings (the default)
    // made sure of: some statements carry values as literals (the board's view indexes).
    client
      .query(`SET ROLE solar_app; SET standard_conforming_strings = on${planMode}; LISTEN ${CHANGES_CHANNEL}`)
      .catch(() => undefined);
  });
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // The tenant each connection holds for its session: set again only when a checkout needs another
  // one (a round trip saved on most statements). Only this function sets the session values; a
  // failed setting forgets the connection's entry.
  const held = new WeakMap<pg.PoolClient, string>();
  const checkout = async (params: [string, string]): Promise<pg.PoolClient> => {
    const client = await connect();
    const key = params.join('\u0000');
    if (held.get(client) === key) return client;
    try {
      held.delete(client);
      await client.query(SET_TENANT_SESSION_SQL, params);
      held.set(client, key);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return client;
  };
  const prepared = hotStatements();
  // A view per tenant over the one pool: what drizzle calls (`query`, `connect`) names the tenant;
  // everything else (events, counts) is the pool's own.
  return (tenant) => {
    const params = tenantParams(tenant);
    const generic = opts.generic?.(tenant);
    const view = Object.create(pool) as pg.Pool;
    return Object.assign(view, {
      connect: () => checkout(params),
      query: async (...args: unknown[]): Promise<unknown> => {
        if (generic && wantsGenericPlan(statementText(args[0])))
          return (generic.query as (...a: unknown[]) => Promise<unknown>)(...args);
        const named = prepared.name(args);
        const client = await checkout(params);
        let stale: Error | undefined;
        try {
          return await (client.query as (...a: unknown[]) => Promise<unknown>)(...named);
        } catch (err) {
          if (named === args || !isStalePlan(err)) throw err;
          stale = err as Error;
        } finally {
          // A table under a prepared statement changed shape (a migration by another process): the
          // connection goes, with its prepared statements, and the statement runs once unprepared.
          client.release(stale);
        }
        const fresh = await checkout(params);
        try {
          return await (fresh.query as (...a: unknown[]) => Promise<unknown>)(...args);
        } finally {
          fresh.release();
        }
      },
    });
  };
}

/** Connections of each of the server's two pools (the main one and the generic plans' one). */
export const POOL_SIZE = 10;

/** Statements run this often outside a transaction are prepared on each connection (named). */
export const PREPARE_AFTER = 3;
/** At most this many distinct statements are prepared: each connection keeps their plans. */
export const PREPARED_MAX = 200;

/**
 * Names the statements that come back (like pgjdbc's prepareThreshold): from its third run a
 * statement's text gets a name from its hash, and node-postgres then parses and plans it once per
 * connection and binds only the values after that. For the searches that is most of the database's
 * work besides the reading itself (planning a quote search under row-level security costs more than
 * running it). Texts with literals in them (the board's view indexes) are bounded by PREPARED_MAX.
 */
export function hotStatements() {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  return {
    /** The query's arguments, with a name when its text is hot. */
    name(args: unknown[]): unknown[] {
      const [first, values] = args;
      const config =
        typeof first === 'string' ? { text: first } : (first as { text?: string; name?: string });
      const text = config?.text;
      if (typeof text !== 'string' || config.name || typeof args[args.length - 1] === 'function') return args;
      let name = names.get(text);
      if (!name) {
        const count = (seen.get(text) ?? 0) + 1;
        if (count < PREPARE_AFTER || names.size >= PREPARED_MAX) {
          if (seen.size >= 10_000) seen.clear();
          seen.set(text, count);
          return args;
        }
        seen.delete(text);
        name = `hot_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
        names.set(text, name);
      }
      return [{ ...config, name }, values];
    },
    /** Starts counting `text` again (its prepared statement was dropped). */
    forget(text: string): void {
      names.delete(text);
    },
  };
}

function isStalePlan(err: unknown): boolean {
  return err instanceof Error && /cached plan must not change result type/.test(err.message);
}

/**
 * One connection of the process's own that listens for changes, so that the feed hears them while
 * the pool is idle or busy. The feed is live while it is up; when it drops (server restart, network)
 * the feed goes dark and it reconnects, waiting longer after each failure (at most 10 s).
 */
function listenForChanges(connectionString: string, changes: ChangeFeed): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const down = () => {
    if (changes.isLive()) changes.setLive(false);
    const lost = client;
    client = null;
    lost?.removeAllListeners();
    lost?.on('error', () => undefined);
    lost?.end().catch(() => undefined);
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 10_000);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5000 });
    client = next;
    next.on('error', down);
    next.on('end', down);
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) changes.deliver(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (stopped || client !== next) return;
      delay = 250;
      changes.setLive(true);
    } catch {
      if (client === next) down();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    if (changes.isLive()) changes.setLive(false);
    last?.removeAllListeners();
    last?.on('error', () => undefined);
    await last?.end().catch(() => undefined);
  };
}

/**
 * PGlite as solar_app with the tenant of the caller named before each statement. PGlite is one
 * session that runs one statement at a time; this queue keeps each caller's setting and statement
 * together, and the tenant is set (for the session) only when it differs from the last one set: a
 * statement usually costs one round trip, not four (BEGIN, setting, statement, COMMIT). A
 * transaction names its tenant with `SET LOCAL`, which ends with it.
 */
function tenantPglite(
  client: PGlite,
  exclusive: ReturnType<typeof exclusiveQueue>,
): (tenant: TenantScope) => PGlite {
  let held: string | null = null;
  const useTenant = async (params: [string, string]) => {
    const key = params.join('\u0000');
    if (held === key) return;
    held = null;
    await client.query(SET_TENANT_SESSION_SQL, params);
    held = key;
  };
  // The session's plan mode: generic for the statements marked for it (db/plan.ts), PostgreSQL's
  // own choice for the rest; set again only when the next statement wants the other one.
  let genericHeld = false;
  const usePlan = async (generic: boolean) => {
    if (genericHeld === generic) return;
    await client.exec(planModeSql(generic));
    genericHeld = generic;
  };
  const prepared = preparedPglite(client);
  return (tenant) => {
    const params = tenantParams(tenant);
    return new Proxy(client, {
      get(target, prop) {
        if (prop === 'query') {
          return (...args: Parameters<PGlite['query']>) =>
            exclusive(async () => {
              await useTenant(params);
              await usePlan(wantsGenericPlan(args[0]));
              return prepared.query(...args);
            });
        }
        if (prop === 'exec') {
          return (...args: Parameters<PGlite['exec']>) =>
            exclusive(async () => {
              await useTenant(params);
              return target.exec(...args);
            });
        }
        if (prop === 'transaction') {
          return <T>(fn: Parameters<PGlite['transaction']>[0]) =>
            exclusive(async () => {
              await usePlan(false);
              return target.transaction(async (tx) => {
                await tx.query(SET_TENANT_SQL, params);
                return fn(tx) as Promise<T>;
              });
            });
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
}

/**
 * Hot statements on PGlite, prepared like the server pool's (`hotStatements`): PGlite's own query
 * parses, describes and plans every statement in five calls into the engine; a prepared one is
 * bound, described and run in one (a quote search: 2.0 → 0.6 ms). Called inside the proxy's queue,
 * so nothing else runs on the session meanwhile; statements that are not hot, or carry a blob, go
 * through PGlite's own query.
 */
function preparedPglite(client: PGlite) {
  const hot = hotStatements();
  const statements = new Map<string, number[]>();
  const messages = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  const { serialize } = protocol;
  const parsersOf = textTypeParsers(client);
  return {
    async query(...args: Parameters<PGlite['query']>) {
      const [text, values = [], options] = args;
      const named = options?.blob ? undefined : (hot.name([text, values])[0] as { name?: string }).name;
      if (!named) return client.query(...args);
      try {
        return await client.runExclusive(async () => {
          let types = statements.get(named);
          if (!types) {
            const described = await client.execProtocol(
              messages(
                serialize.parse({ name: named, text }),
                serialize.describe({ type: 'S', name: named }),
                serialize.sync(),
              ),
            );
            types = parse.parseDescribeStatementResults(described.messages);
            statements.set(named, types);
          }
          const bound = (values as unknown[]).map((v, i) => {
            if (v === null || v === undefined) return null;
            const type = types[i] as number;
            const serializer = options?.serializers?.[type] ?? client.serializers[type];
            return serializer ? serializer(v) : String(v);
          });
          const result = await client.execProtocol(
            messages(
              serialize.bind({ statement: named, values: bound }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ),
          );
          const parsers = parsersOf(options?.parsers);
          return parsers
            ? parse.parseResults(
                result.messages,
                parsers,
                options?.rowMode === 'array' ? ARRAY_ROWS : undefined,
              )[0]
            : parse.parseResults(result.messages, client.parsers, options)[0];
        });
      } catch (err) {
        // A table that changed shape under the statement, or the statement gone: it is dropped
        // (prepared again on a later run) and this run goes through PGlite's own query.
        const message = err instanceof Error ? err.message : '';
        if (!isStalePlan(err) && !/prepared statement .* does not exist/.test(message)) throw err;
        statements.delete(named);
        await client.exec(`DEALLOCATE ${named}`).catch(() => undefined);
        hot.forget(text);
        return client.query(...args);
      }
    },
  };
}

const ARRAY_ROWS = { rowMode: 'array' } as const;
/** Parsers by type id, as PGlite's result parser takes them. */
type Parsers = Parameters<typeof parse.parseResults>[1];
/** A parser that returns its argument: the value stays PostgreSQL's text. */
const IDENTITY = /^\(?\s*([\w$]+)\s*\)?\s*=>\s*\1\s*$/;
const asText = (value: string) => value;

/**
 * drizzle hands PGlite parsers with every query: functions that return their text, so that dates,
 * timestamps and intervals stay strings. PGlite merges them into its own 318 parsers on each call
 * (an object spread of about 80 µs a query, 10 % of a search's CPU on PGlite). Parsers that only keep
 * some types as text are merged once here for each set of such types; any other parser (one that
 * does something) returns `null` and the query is parsed as PGlite would. PGlite's own parsers are
 * read once, after it started (it only adds to them at start or on `refreshArrayTypes`, which the
 * API never calls).
 */
export function textTypeParsers(client: Pick<PGlite, 'parsers'>) {
  const merged = new Map<string, Parsers>();
  return (given: ParserOptions | undefined): Parsers | null => {
    if (!given) return client.parsers as Parsers;
    let key = '';
    for (const oid in given) {
      if (!IDENTITY.test(String(given[oid as unknown as number]))) return null;
      key += `${oid},`;
    }
    let parsers = merged.get(key);
    if (!parsers) {
      if (merged.size >= 100) merged.clear();
      parsers = { ...client.parsers } as Parsers;
      for (const oid in given) parsers[oid] = asText;
      merged.set(key, parsers);
    }
    return parsers;
  };
}

/**
 * PGlite does not lock its folder and a second process would silently lose writes
 * (STACK-NOTES.md), so the server keeps a lock file naming its pid.
 */
function acquireLock(dataDir: string): () => void {
  const file = join(dataDir, 'db.lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid}. Stop it first, or set DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
