/**
 * npm run backup -- <folder>     backs up the database and uploaded files into <folder>
 * npm run restore -- <folder>    puts them back (docs/operations.md)
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).
 */
import { resolve } from 'node:path';
import { loadConfig } from '../src/config';
import { backup, restore } from '../src/ops/backup';

const [command, folder] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !folder) {
  console.error('usage: backup.ts backup|restore <folder>');
  process.exit(2);
}
const config = loadConfig();
const target = { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL || undefined };
const dir = resolve(process.env.INIT_CWD ?? process.cwd(), folder);
if (command === 'backup') console.log(`written: ${backup(target, dir).join(', ')}`);
else {
  restore(target, dir);
  console.log(`restored from ${dir}`);
}
