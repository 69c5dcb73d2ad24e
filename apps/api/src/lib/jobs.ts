import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx, RawQuery } from '../db/client';
import { jobs } from '../db/schema';
import { PLATFORM } from '../db/tenant';

/** Which attempt this is; on the last one (`attempt >= maxAttempts`) a handler may record the final failure. */
export interface JobAttempt {
  jobId: number;
  attempt: number;
  maxAttempts: number;
}

export type JobHandler = (payload: unknown, attempt: JobAttempt) => Promise<void>;

/** Adds a job to `queue` in the caller's transaction, so it runs only if the business write commits. */
export async function enqueueJob(
  tx: DbOrTx,
  queue: string,
  kind: string,
  payload: unknown,
  opts: { delaySeconds?: number } = {},
): Promise<void> {
  const runAt = opts.delaySeconds ? new Date(Date.now() + opts.delaySeconds * 1000) : undefined;
  await tx.insert(jobs).values({ queue, kind, payload, ...(runAt ? { runAt } : {}) });
  JobRunner.kickAll();
}

/** {@link enqueueJob} in a raw transaction (`Database.rawTransaction`: the public quote request's). */
export async function enqueueJobRaw(
  query: RawQuery,
  queue: string,
  kind: string,
  payload: unknown,
  opts: { delaySeconds?: number } = {},
): Promise<void> {
  await query(
    'INSERT INTO jobs (queue, kind, payload, run_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))',
    [queue, kind, JSON.stringify(payload), opts.delaySeconds ?? 0],
  );
  JobRunner.kickAll();
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * Runs jobs from the `jobs` table: claims one at a time with FOR UPDATE SKIP LOCKED (safe with many
 * workers), retries with exponential backoff, and marks a job failed after its last attempt.
 */
export class JobRunner {
  private static readonly runners = new Set<JobRunner>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private idle: Promise<void> = Promise.resolve();

  private readonly database: Database;

  constructor(
    database: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 1000,
    private readonly queue = 'default',
  ) {
    // The queue's own statements work across companies, like its jobs (server.ts, jobHandlers).
    this.database = database.as(PLATFORM);
  }

  /** Wakes every runner of this process (called after an enqueue). */
  static kickAll() {
    for (const r of JobRunner.runners) r.kick();
  }

  start() {
    this.stopped = false;
    JobRunner.runners.add(this);
    this.kick();
  }

  async stop() {
    this.stopped = true;
    JobRunner.runners.delete(this);
    clearTimeout(this.timer);
    await this.idle;
  }

  kick() {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.running = true;
    this.idle = this.drain()
      // The database gone for a while (a restart, a failover) must not end the process: the next
      // poll tries again, and a claimed job left running is picked up after its lock expires.
      .catch((err: unknown) => this.log.warn({ err, queue: this.queue }, 'job queue unavailable; retrying'))
      .finally(() => {
        this.running = false;
        if (!this.stopped) this.timer = setTimeout(() => this.kick(), this.pollMs);
      });
  }

  private async drain() {
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) return;
      await this.run(job);
    }
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const rows = await this.database.query<ClaimedJob>(
      `UPDATE jobs SET status = 'running', locked_at = now(), attempts = attempts + 1
       WHERE id = (
         SELECT id FROM jobs
         WHERE queue = $1 AND ((status = 'pending' AND run_at <= now())
            OR (status = 'running' AND locked_at < now() - interval '5 minutes'))
         ORDER BY run_at, id
         FOR UPDATE SKIP LOCKED
         LIMIT 1)
       RETURNING id, kind, payload, attempts, max_attempts`,
      [this.queue],
    );
    return rows[0];
  }

  private async run(job: ClaimedJob) {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts });
      await this.database.db.update(jobs).set({ status: 'done', lockedAt: null }).where(sql`id = ${job.id}`);
    } catch (err) {
      const final = job.attempts >= job.max_attempts;
      this.log.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      const delaySeconds = Math.min(2 ** job.attempts * 5, 3600);
      await this.database.query(
        `UPDATE jobs SET status = $2, locked_at = NULL, last_error = $3,
           run_at = now() + make_interval(secs => $4) WHERE id = $1`,
        [
          job.id,
          final ? 'failed' : 'pending',
          String(err instanceof Error ? err.message : err),
          delaySeconds,
        ],
      );
    }
  }
}
