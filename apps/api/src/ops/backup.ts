import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Backup and restore (docs/operations.md). A backup is a folder with the database and the uploaded
 * files: `database.tar.gz` (the embedded PGlite data folder) or `database.dump` (pg_dump custom
 * format) plus `files.tar.gz`. Restore puts both back; the portal must be stopped for the embedded
 * database (PGlite is single-process), a server database may stay up.
 */
export interface BackupTarget {
  /** The data folder: `db/` (embedded database) and `files/` (uploads). */
  dataDir: string;
  /** A PostgreSQL server database instead of the embedded one. */
  databaseUrl?: string;
}

function ensureStopped(dataDir: string): void {
  const lock = join(dataDir, 'db.lock');
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8'));
  try {
    if (pid && pid !== process.pid) {
      process.kill(pid, 0);
      throw new Error(`The portal (process ${pid}) uses ${dataDir}: stop it before a backup or restore.`);
    }
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('The portal')) throw err;
    // A stale lock of a process that is gone.
  }
}

const tar = (args: string[]) => execFileSync('tar', args, { stdio: 'pipe' });

export function backup(target: BackupTarget, outDir: string): string[] {
  const out = resolve(outDir);
  mkdirSync(out, { recursive: true });
  const written: string[] = [];
  if (target.databaseUrl) {
    const file = join(out, 'database.dump');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, target.databaseUrl], {
      stdio: 'pipe',
    });
    written.push(file);
  } else {
    ensureStopped(target.dataDir);
    const file = join(out, 'database.tar.gz');
    tar(['-czf', file, '-C', target.dataDir, 'db']);
    written.push(file);
  }
  // Uploaded files and the generated token secret (sessions survive a restore).
  const rest = ['files', 'jwt-secret'].filter((name) => existsSync(join(target.dataDir, name)));
  if (rest.length) {
    const file = join(out, 'files.tar.gz');
    tar(['-czf', file, '-C', target.dataDir, ...rest]);
    written.push(file);
  }
  return written;
}

export function restore(target: BackupTarget, fromDir: string): void {
  const from = resolve(fromDir);
  if (target.databaseUrl) {
    execFileSync(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        `--dbname=${target.databaseUrl}`,
        join(from, 'database.dump'),
      ],
      { stdio: 'pipe' },
    );
  } else {
    ensureStopped(target.dataDir);
    mkdirSync(target.dataDir, { recursive: true });
    rmSync(join(target.dataDir, 'db'), { recursive: true, force: true });
    tar(['-xzf', join(from, 'database.tar.gz'), '-C', target.dataDir]);
  }
  if (existsSync(join(from, 'files.tar.gz'))) {
    rmSync(join(target.dataDir, 'files'), { recursive: true, force: true });
    tar(['-xzf', join(from, 'files.tar.gz'), '-C', target.dataDir]);
  }
}
