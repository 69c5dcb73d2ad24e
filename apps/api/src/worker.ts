// First: stops an unsupported Node.js with a clear message before any dependency loads.
import './check-node';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { PLATFORM } from './db/tenant';
import { JobRunner } from './lib/jobs';
import { createSmtpMailer } from './lib/mailer';
import { createLocalStorage } from './lib/storage';
import { scheduleDailyRun } from './modules/notifications/daily';
import { jobHandlers } from './server';

/**
 * A separate worker for the job table (`npm run worker`). It needs a PostgreSQL server: the embedded
 * database may only be opened by the API process, which runs its own worker.
 */
const config = loadConfig();
if (!config.DATABASE_URL || !config.SMTP_URL) {
  console.error(
    'npm run worker needs DATABASE_URL and SMTP_URL; with the embedded database the API runs the jobs.',
  );
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
const mailer = createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
const runner = new JobRunner(
  database,
  jobHandlers({ config, database, mailer, storage: createLocalStorage(join(config.DATA_DIR, 'files')) }),
  pino({ level: config.LOG_LEVEL }),
  1000,
  config.JOB_QUEUE,
);
await scheduleDailyRun(database.as(PLATFORM).db, config);
runner.start();
console.log('worker running');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    runner
      .stop()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
