/**
 * Makes a big board for benchmarks: a new company "Bench Board <n>" with one admin and a task board
 * of `--count` records (default 50,000) over the demo columns (20+ properties of many types).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/solar_bench npx tsx bench/seed-board.ts --count 50000
 *
 * Without DATABASE_URL it uses the embedded database in DATA_DIR (default ./data).
 */
import { openDatabase } from '../apps/api/src/db/client';
import { demoTaskColumns, seedBoardTasks } from '../apps/api/src/db/seed/board';
import { insertCompany, insertUser } from '../apps/api/src/db/seed/builders';
import { PLATFORM } from '../apps/api/src/db/tenant';
import { loadColumns, saveColumns } from '../apps/api/src/modules/board/board.repository';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};

const count = Number(arg('count', '50000'));
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? undefined : (process.env.DATA_DIR ?? './data'),
});
const started = Date.now();
const stamp = Date.now().toString(36);
// The API's connection works under row-level security: the platform scope writes any company.
await database.as(PLATFORM).db.transaction(async (tx) => {
  const company = await insertCompany(tx, { name: `Bench Board ${stamp}`, city: 'München' });
  await insertUser(tx, {
    email: `bench-${stamp}@bench.test`,
    role: 'INSTALLER_ADMIN',
    passwordHash: null,
    companyId: company.id,
    firstName: 'Bench',
    lastName: 'Admin',
  });
  await loadColumns(tx, company.id, 'tasks', null);
  await saveColumns(tx, company.id, 'tasks', demoTaskColumns('en'));
  await seedBoardTasks(tx, { companyId: company.id, count, lang: 'en' });
  console.log(`company ${company.id}: ${count} records in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
await database.close();
