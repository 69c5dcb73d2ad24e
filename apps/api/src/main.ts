import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo';
import { startServer } from './server';

const config = loadConfig();
const server = await startServer(config);
await server.app.listen({ port: config.PORT, host: config.HOST });

const where = config.DATABASE_URL
  ? 'PostgreSQL server (DATABASE_URL)'
  : `embedded PGlite in ${config.DATA_DIR}`;
console.log(`
  Solar Partner Portal is running at ${config.PUBLIC_URL}
  API: ${config.PUBLIC_URL}/api   database: ${where}
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
