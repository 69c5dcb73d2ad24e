import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

/**
 * PGlite runs no autovacuum (it is one session in this process, without PostgreSQL's background
 * workers), so the embedded database was never analyzed or vacuumed: the planner guessed without
 * statistics (the demo's quote search took twice as long), dead rows stayed, and index-only scans
 * went to the table because nothing set the visibility map. The API process does it itself: once
 * after it starts, then every `everyMinutes` when anything was written since (decision 0012).
 * A server database has autovacuum; there this does nothing.
 */
export function startEmbeddedMaintenance(
  database: Database,
  log: FastifyBaseLogger,
  everyMinutes: number,
): { stop(): Promise<void> } {
  const maintain = database.maintain;
  if (!maintain || everyMinutes <= 0) return { stop: async () => {} };
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    const started = Date.now();
    running = maintain()
      .then((ran) => {
        if (ran) log.info({ ms: Date.now() - started }, 'embedded database vacuumed and analyzed');
      })
      .catch((err: Error) => log.error({ err }, 'embedded database maintenance failed'));
  };
  // Soon after the start (and the demo seed), not in its way.
  const first = setTimeout(run, 2000);
  const timer = setInterval(run, everyMinutes * 60_000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
