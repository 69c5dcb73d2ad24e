import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One database type for both drivers: PGlite (embedded) and node-postgres (server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../../drizzle');

export type RawQuery = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw query for bulk loading and tests; parameters as $1, $2, ... */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs raw queries in one transaction (bulk loads); rolls back when `fn` throws. */
  rawTransaction<R>(fn: (query: RawQuery) => Promise<R>): Promise<R>;
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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server ends (restart, failover, a dropped database) reports here;
    // without a listener it would crash the process. The pool replaces it on the next query.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'postgres',
      query: async (text, params) => (await pool.query(text, params)).rows,
      rawTransaction: async (fn) => {
        const client = await pool.connect();
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
      close: () => pool.end(),
    };
  }
  let releaseLock = () => {};
  let client: PGlite;
  if (opts.dataDir) {
    const dir = resolve(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    releaseLock = acquireLock(resolve(opts.dataDir));
    client = new PGlite(dir);
  } else {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params)).rows as never,
    rawTransaction: (fn) =>
      client.transaction((tx) => fn(async (text, params) => (await tx.query(text, params)).rows as never)),
    close: async () => {
      await client.close();
      releaseLock();
    },
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
