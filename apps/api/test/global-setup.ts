import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/client';

/** Where the migrated PGlite snapshot for this set of migrations lives. */
export function snapshotPath(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const p = join(MIGRATIONS_FOLDER, f);
    if (f.endsWith('.sql') || f.endsWith('.json')) hash.update(f).update(readFileSync(p));
  }
  return join(tmpdir(), `solar-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * Prepares the test database once per run: on PGlite a migrated snapshot that each test file loads
 * in under a second; with TEST_DATABASE_URL a freshly migrated server database shared by all files
 * (tests isolate themselves by creating their own companies).
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await createDatabaseIfMissing(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
    );
    await client.end();
    const database = await openDatabase({ databaseUrl: url });
    await database.close();
    return;
  }
  const file = snapshotPath();
  if (existsSync(file)) return;
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
  await database.close();
}

async function createDatabaseIfMissing(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
