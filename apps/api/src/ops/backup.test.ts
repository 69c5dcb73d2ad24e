import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { backup, restore } from './backup';

/** Backs up, wipes, restores and compares (issue 8 "Data safety"), for both kinds of database. */
async function fingerprint(db: Awaited<ReturnType<typeof openDatabase>>) {
  return db.query<{ name: string; n: number }>(
    `SELECT name, (SELECT count(*)::int FROM users u WHERE u.company_id = c.id) AS n FROM companies c ORDER BY name`,
  );
}

describe('backup and restore', () => {
  it('round-trips the embedded database and the uploaded files', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'solar-backup-'));
    const out = join(dataDir, '..', `${randomUUID()}-backup`);
    let db = await openDatabase({ dataDir });
    await db.query(`INSERT INTO companies (name) VALUES ('Backup GmbH'), ('Restore AG')`);
    const before = await fingerprint(db);
    await db.close();
    mkdirSync(join(dataDir, 'files'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'offer.pdf'), 'original');

    // Refused while the database is open (single process), then written.
    db = await openDatabase({ dataDir });
    expect(() => backup({ dataDir }, out)).not.toThrow(); // our own process holds the lock: allowed
    await db.close();
    backup({ dataDir }, out);

    // Wipe: the data changes and a file is lost, then the backup comes back.
    db = await openDatabase({ dataDir });
    await db.query(`DELETE FROM companies`);
    await db.close();
    writeFileSync(join(dataDir, 'files', 'offer.pdf'), 'broken');
    restore({ dataDir }, out);
    db = await openDatabase({ dataDir });
    expect(await fingerprint(db)).toEqual(before);
    await db.close();
    expect(readFileSync(join(dataDir, 'files', 'offer.pdf'), 'utf8')).toBe('original');
    // It opens a fresh embedded database (migrations included) three times: 65 s once on a loaded
    // two-core machine.
  }, 150_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'round-trips a PostgreSQL server database',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `solar_backup_${Date.now().toString(36)}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'solar-backup-pg-'));
      const out = join(dataDir, 'backup');
      try {
        let db = await openDatabase({ databaseUrl: url.toString() });
        await db.query(`INSERT INTO companies (name) VALUES ('Server GmbH')`);
        const before = await fingerprint(db);
        backup({ dataDir, databaseUrl: url.toString() }, out);
        await db.query(`DELETE FROM companies`);
        await db.query(`INSERT INTO companies (name) VALUES ('Wrong')`);
        restore({ dataDir, databaseUrl: url.toString() }, out);
        expect(await fingerprint(db)).toEqual(before);
        await db.close();
        db = await openDatabase({ databaseUrl: url.toString() });
        expect(await fingerprint(db)).toEqual(before);
        await db.close();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    60_000,
  );
});
