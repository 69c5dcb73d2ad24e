// First: stops an unsupported Node.js with a clear message before any dependency loads.
import './check-node';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo';
import { startServer } from './server';

const config = loadConfig();
const server = await startServer(config);
await server.app.listen({ port: config.PORT, host: config.HOST });
// PORT=0 lets the operating system choose (the tests' child servers read it from the banner).
const { port } = server.app.server.address() as AddressInfo;
const url = config.PORT === port ? config.PUBLIC_URL : `http://localhost:${port}`;

const where = config.DATABASE_URL
  ? 'PostgreSQL server (DATABASE_URL)'
  : `embedded PGlite in ${config.DATA_DIR}`;
console.log(`
  Solar Partner Portal is running at ${url}
  API: ${url}/api   database: ${where}
  Listening on ${config.HOST}:${port}
  Demo logins (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(28)} ${a.role}`).join('\n')}
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Finish what is in flight (and what clients already sent), then stop (docs/operations.md).
    server.app
      .drain()
      .then(() => server.close())
      .then(
        () => process.exit(0),
        (err) => {
          console.error(err);
          process.exit(1);
        },
      );
  });
}
