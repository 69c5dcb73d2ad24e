import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { startEmbeddedMaintenance } from './db/maintenance';
import { seedDemo } from './db/seed/demo';
import { PLATFORM } from './db/tenant';
import type { AppContext } from './lib/context';
import { type JobHandler, JobRunner } from './lib/jobs';
import { createLocalCatcherMailer, createSmtpMailer, type Mailer } from './lib/mailer';
import { RECOMPUTE_BOARDS_JOB, recomputeBoardsJob } from './modules/board/board.recompute-job';
import { syncViewIndexes, VIEW_INDEX_JOB, type ViewIndexJob } from './modules/board/board.view-index';
import { sendAcceptanceJob } from './modules/customer-view/customer-view.service';
import { DAILY_JOB, dailyJob, scheduleDailyRun } from './modules/notifications/daily';
import { sendNotificationsJob } from './modules/notifications/notifications.mail';
import { NOTIFICATION_MAIL_JOB } from './modules/notifications/notifications.service';
import { sendOfferJob } from './modules/offers/offers.service';
import {
  CANCEL_REPLACED_SUBSCRIPTION_JOB,
  cancelReplacedSubscriptionJob,
} from './modules/payments/payments.service';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds an empty one, and builds the app with its job worker. */
export async function startServer(
  config: Config,
  opts: { runWorker?: boolean } = {},
): Promise<RunningServer> {
  const database = await openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  if (config.SEED_DEMO === 'true') await seedDemo(database);
  const mailer: Mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : await createLocalCatcherMailer(database, config.MAIL_FROM);
  const app = await buildApp({ config, database, mailer });
  const runner = new JobRunner(database, jobHandlers(app.ctx), app.log, 1000, config.JOB_QUEUE);
  if (opts.runWorker !== false) {
    // The daily reminders' job queues its next run; the first comes from here.
    await scheduleDailyRun(database.as(PLATFORM).db, config);
    runner.start();
  }
  const maintenance = startEmbeddedMaintenance(database, app.log, config.EMBEDDED_MAINTENANCE_MINUTES);
  return {
    app,
    database,
    async close() {
      await maintenance.stop();
      await runner.stop();
      await app.close();
      await mailer.close();
      await database.close();
    },
  };
}

/** What the job handlers use: the database, file storage, mailer and settings. */
export type JobDeps = Pick<AppContext, 'config' | 'database' | 'mailer' | 'storage'>;

/** The job kinds the worker knows. */
export function jobHandlers(given: JobDeps): Record<string, JobHandler> {
  // Jobs work across companies (each handler checks its own payload), whoever enqueued them.
  const deps = { ...given, database: given.database.as(PLATFORM) };
  return {
    'send-mail': async (payload: unknown) => {
      await deps.mailer.send(payload as Parameters<Mailer['send']>[0]);
    },
    'send-offer': (payload, attempt) => sendOfferJob(deps, payload, attempt),
    'send-acceptance': (payload) => sendAcceptanceJob(deps, payload),
    [NOTIFICATION_MAIL_JOB]: (payload) => sendNotificationsJob(deps, payload),
    [DAILY_JOB]: (payload) => dailyJob(deps, payload),
    [CANCEL_REPLACED_SUBSCRIPTION_JOB]: (payload) => cancelReplacedSubscriptionJob(deps.config, payload),
    [RECOMPUTE_BOARDS_JOB]: (payload) => recomputeBoardsJob(deps.database, payload),
    [VIEW_INDEX_JOB]: async (payload) => {
      const job = payload as ViewIndexJob;
      await syncViewIndexes(deps.database, job.companyId, job.board, {
        minRecords: deps.config.BOARD_INDEX_MIN_RECORDS,
      });
    },
  };
}
