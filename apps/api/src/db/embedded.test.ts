import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { fileSizeQueries } from './pglite-fs';

/** The embedded database on disk (decision 0012): file sizes kept in memory, and its own maintenance. */
describe('embedded database', () => {
  let database: Database | null = null;
  let dataDir = '';
  afterEach(async () => {
    await database?.close();
    database = null;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async () => {
    dataDir ||= mkdtempSync(join(tmpdir(), 'solar-embedded-'));
    database = await openDatabase({ dataDir });
    return database;
  };
  /** PostgreSQL's idea of the table's size (lseek to the end, answered from the kept size) and the file's. */
  const sizes = async (db: Database) => {
    const [row] = await db.query<{ size: string; path: string }>(
      `SELECT pg_relation_size('size_probe') AS size, pg_relation_filepath('size_probe') AS path`,
    );
    if (!row) throw new Error('no size_probe');
    return { postgres: Number(row.size), disk: statSync(join(dataDir, 'db', row.path)).size };
  };

  it('keeps file sizes true through growth, vacuum truncation, TRUNCATE and a restart, asking the system once a file', async () => {
    const before = fileSizeQueries.count;
    let db = await open();
    // The database's files are NodeFS's with sizes kept: each was sized once by the system.
    expect(fileSizeQueries.count).toBeGreaterThan(before);
    await db.ownerStatement(`CREATE TABLE size_probe (id int PRIMARY KEY, pad text)`);
    await db.ownerStatement(`GRANT SELECT ON size_probe TO solar_app`);
    await db.ownerStatement(
      `INSERT INTO size_probe SELECT g, repeat(md5(g::text), 20) FROM generate_series(1, 4000) g`,
    );
    const grown = await sizes(db);
    expect(grown.postgres).toBeGreaterThan(1_000_000);
    expect(grown.postgres).toBe(grown.disk);

    // Asked again and again, the size comes from memory: the system is not asked for it.
    const asked = fileSizeQueries.count;
    for (let i = 0; i < 20; i++) expect((await sizes(db)).postgres).toBe(grown.postgres);
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM size_probe');
    expect(n).toBe(4000);
    expect(fileSizeQueries.count - asked).toBeLessThanOrEqual(2);

    // VACUUM cuts the empty tail off the file (truncation), more rows grow it again.
    await db.ownerStatement(`DELETE FROM size_probe WHERE id > 100`);
    expect(await db.maintain?.()).toBe(true);
    const cut = await sizes(db);
    expect(cut.postgres).toBeLessThan(grown.postgres / 10);
    expect(cut.postgres).toBe(cut.disk);
    await db.ownerStatement(
      `INSERT INTO size_probe SELECT g, repeat(md5(g::text), 20) FROM generate_series(101, 2000) g`,
    );
    const regrown = await sizes(db);
    expect(regrown.postgres).toBe(regrown.disk);
    expect(regrown.postgres).toBeGreaterThan(cut.postgres);

    // TRUNCATE writes a new file; then the database is closed and opened again.
    await db.ownerStatement(`TRUNCATE size_probe`);
    await db.ownerStatement(`INSERT INTO size_probe SELECT g, 'x' FROM generate_series(1, 10) g`);
    const truncated = await sizes(db);
    expect(truncated.postgres).toBe(truncated.disk);
    await db.close();
    database = null;
    db = await open();
    const reopened = await sizes(db);
    expect(reopened.postgres).toBe(reopened.disk);
    expect(await db.query('SELECT id FROM size_probe ORDER BY id')).toHaveLength(10);
    // It opens the embedded database twice (about 9 s alone on a two-core machine); with the other
    // test files running beside it a fresh-clone run once took 33 s.
  }, 90_000);

  it('vacuums and analyzes when something was written, then works as solar_app again', async () => {
    const db = await open();
    await db.ownerStatement(`CREATE TABLE stats_probe (id int, kind text)`);
    await db.ownerStatement(
      `INSERT INTO stats_probe SELECT g, CASE WHEN g % 10 = 0 THEN 'rare' ELSE 'common' END FROM generate_series(1, 5000) g`,
    );
    const tuples = async () =>
      Number(
        (
          await db.query<{ n: number }>(`SELECT reltuples AS n FROM pg_class WHERE relname = 'stats_probe'`)
        )[0]?.n,
      );
    // Never analyzed: PostgreSQL knows nothing of the rows (reltuples -1).
    expect(await tuples()).toBe(-1);

    expect(await db.maintain?.()).toBe(true);
    expect(await tuples()).toBe(5000);
    // Back under row-level security as the application's role, not the owner.
    expect(await db.query(`SELECT current_user AS who`)).toEqual([{ who: 'solar_app' }]);

    // Nothing written since: nothing to do. A write: it runs again.
    expect(await db.maintain?.()).toBe(false);
    await db.ownerStatement(`INSERT INTO stats_probe SELECT g, 'new' FROM generate_series(5001, 6000) g`);
    expect(await db.maintain?.()).toBe(true);
    expect(await tuples()).toBe(6000);
    // It opens the embedded database and writes 5,000 rows; a fresh-clone run beside a loaded
    // machine took 41 s.
  }, 90_000);
});
