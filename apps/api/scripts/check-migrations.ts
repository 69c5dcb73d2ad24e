import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Fails when the Drizzle schema has changes that no migration covers (twenty's pending-migration
 * check): generates into a scratch copy of the migrations folder and looks for a new file.
 */
const root = resolve(import.meta.dirname, '..');
// drizzle-kit takes `--out` relative to the working directory, so the scratch copy lives inside.
const scratch = '.migration-check';
rmSync(join(root, scratch), { recursive: true, force: true });
mkdirSync(join(root, scratch));
try {
  cpSync(join(root, 'drizzle'), join(root, scratch), { recursive: true });
  const count = () => readdirSync(join(root, scratch)).filter((f) => f.endsWith('.sql')).length;
  const before = count();
  const output = execFileSync(
    process.execPath,
    [
      join(root, '../../node_modules/drizzle-kit/bin.cjs'),
      'generate',
      '--dialect=postgresql',
      '--schema=./src/db/schema/index.ts',
      `--out=./${scratch}`,
    ],
    { cwd: root, encoding: 'utf8', stdio: 'pipe' },
  );
  if (count() !== before) {
    console.error(
      'The Drizzle schema has changes without a migration. Run `npm run db:generate` and commit it.',
    );
    process.exit(1);
  }
  if (!/No schema changes/.test(output)) {
    console.error(`Could not check the migrations:\n${output}`);
    process.exit(1);
  }
  console.log('Migrations are up to date.');
} finally {
  rmSync(join(root, scratch), { recursive: true, force: true });
}
