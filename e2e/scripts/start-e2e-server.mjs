// Starts the portal for the browser tests on a fresh embedded database in a temporary folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'solar-e2e-'));
const apiDir = resolve(import.meta.dirname, '../../apps/api');
const child = spawn(
  process.execPath,
  [resolve(apiDir, '../../node_modules/tsx/dist/cli.mjs'), 'src/main.ts'],
  {
    cwd: apiDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: process.env.E2E_PORT ?? '3100',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // ADMIN's 5,000 demo quotes are more than this, so its map takes the server's clusters
      // (map-server-clusters.spec.ts); an installer's area (about 1,600) is still sent as points.
      MAP_POINT_LIMIT: '2000',
      // Every browser test sends from 127.0.0.1: room for the suite's quote requests (and retries)
      // under the per-address limit (customer.spec.ts uses its own forwarded address to reach it).
      QUOTE_REQUESTS_PER_HOUR: '10',
      PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
    },
  },
);
const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
