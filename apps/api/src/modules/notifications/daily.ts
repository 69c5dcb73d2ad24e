import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx, Tx } from '../../db/client';
import { enqueueJob } from '../../lib/jobs';
import type { JobDeps } from '../../server';
import { purgeLoginFailures } from '../auth/throttle';
import { rowsOf } from '../board/board.sql';
import { queueMails } from './notifications.service';

/**
 * The daily job: reminds people of the records due that day and tells sales of the new leads of the
 * day before (docs/notifications.md); it queues its next run itself.
 */
export const DAILY_JOB = 'daily-notifications';

export type ReminderConfig = Pick<
  Config,
  'JOB_QUEUE' | 'NOTIFICATION_MAIL_DELAY_SECONDS' | 'DAILY_NOTIFICATION_HOUR' | 'DAILY_NOTIFICATION_TIME_ZONE'
>;

/** The parts of an instant's wall-clock time in a time zone. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: n('year'), m: n('month'), d: n('day'), h: n('hour'), min: n('minute'), s: n('second') };
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: what "due today" compares with. */
export function dayIn(at: Date, timeZone: string): string {
  const { y, m, d } = wallClock(at, timeZone);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The instant at which a time zone's clock shows `hour`:00 on the given day (daylight saving included). */
function instantAt(y: number, m: number, d: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d, hour);
  // The zone's offset at the guess, then again at the corrected instant (a change of offset between).
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(at), timeZone);
    const offset = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - at;
    at = guess - offset;
  }
  return new Date(at);
}

/** The next instant after `now` at which the zone's clock shows `hour`:00. */
export function nextReminderRun(now: Date, timeZone: string, hour: number): Date {
  const { y, m, d } = wallClock(now, timeZone);
  for (let add = 0; add < 3; add++) {
    const day = new Date(Date.UTC(y, m - 1, d + add));
    const at = instantAt(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hour, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error('no next reminder run');
}

/**
 * Makes the reminders of `day` (YYYY-MM-DD): for every record with a date property on that day, one
 * notification for each person in its person properties, unless the record is done (its status is
 * the last option of the status column, as "Erledigt" is on a new board) or in the bin. A reminder
 * is made once per person, record, property and day, however often this runs. `task_overdue` is the
 * same for the day before a run's day: what was due yesterday and is still not done. Works across
 * companies (the platform scope of the job worker). In the caller's transaction.
 */
export async function createDueReminders(
  tx: Tx,
  config: ReminderConfig,
  day: string,
  kind: 'task_due' | 'task_overdue' = 'task_due',
): Promise<number> {
  const prefix = kind === 'task_due' ? 'due' : 'overdue';
  // The estimate of the index probes below is high enough for PostgreSQL's JIT, whose compiling
  // costs seconds where the statement takes milliseconds (50,000 records: 2.7 s with, 30 ms without).
  await tx.execute(sql`SET LOCAL jit = off`);
  const inserted = rowsOf<{ id: number | string; user_id: string }>(
    await tx.execute(sql`INSERT INTO notifications
        (company_id, user_id, actor_id, kind, board, record_id, project_id, title, data, key)
      SELECT DISTINCT ON (u.id, r.id, dk.key) r.company_id, u.id, NULL::uuid, ${kind}::text, r.board, r.id,
        r.project_id, r.task_name, jsonb_build_object('property', dk.key),
        ${prefix}::text || ':' || r.id || ':' || dk.key || ':' || ${day}
      FROM (SELECT bp.company_id, bp.board, bp.properties AS cols, c.key,
              jsonb_build_object(c.key, jsonb_build_object('value', ${day}::text)) AS probe
            FROM board_properties bp CROSS JOIN LATERAL jsonb_each(bp.properties) AS c(key, col)
            WHERE c.col->>'dataType' = 'date') dk
        -- One probe of the records' GIN index for each board's date column (OFFSET 0 keeps it one).
        CROSS JOIN LATERAL (SELECT r.* FROM board_records r WHERE r.properties @> dk.probe
          AND r.company_id = dk.company_id AND r.board = dk.board AND NOT r.is_deleted OFFSET 0) r
        CROSS JOIN LATERAL jsonb_each(r.properties) AS p(key, cell)
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.cell->'value') = 'array'
          THEN p.cell->'value' ELSE '[]'::jsonb END) person
        JOIN users u ON u.id::text = person->>'value' AND u.company_id = r.company_id AND NOT u.is_disabled
      WHERE dk.cols->p.key->>'dataType' = 'person'
        AND NOT EXISTS (SELECT 1 FROM jsonb_each(r.properties) AS s(key, cell)
          WHERE dk.cols->s.key->>'dataType' = 'status'
            AND s.cell->>'value' = dk.cols->s.key->'options'->-1->>'value')
      ORDER BY u.id, r.id, dk.key
      ON CONFLICT (user_id, key) WHERE key IS NOT NULL DO NOTHING
      RETURNING id, user_id`),
  );
  await queueMails(tx, config, inserted);
  return inserted.length;
}

/**
 * Queues the next daily run unless one is waiting already (at start, and by each run). Processes
 * starting together, or one starting while a run ends, would each find none waiting and each queue
 * one, and each of those runs would queue its own next: the look and the queueing happen under a
 * transaction-scoped advisory lock of the queue's daily job, so the second waits for the first to
 * commit and then finds its job. In a transaction of its own, or in a savepoint of the caller's (a
 * run), whose commit then releases the lock. A lock and no unique index: a run that failed after
 * queueing its next is retried as a second pending job of the kind (lib/jobs.ts), which an index
 * would refuse.
 */
export async function scheduleDailyRun(db: DbOrTx, config: ReminderConfig, now = new Date()) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${DAILY_JOB}:${config.JOB_QUEUE}`}))`);
    const waiting = rowsOf<{ id: number }>(
      await tx.execute(sql`SELECT id FROM jobs WHERE queue = ${config.JOB_QUEUE} AND kind = ${DAILY_JOB}
        AND status = 'pending' LIMIT 1`),
    );
    if (waiting.length) return;
    const at = nextReminderRun(now, config.DAILY_NOTIFICATION_TIME_ZONE, config.DAILY_NOTIFICATION_HOUR);
    await enqueueJob(
      tx,
      config.JOB_QUEUE,
      DAILY_JOB,
      { day: dayIn(at, config.DAILY_NOTIFICATION_TIME_ZONE) },
      {
        delaySeconds: Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000)),
      },
    );
  });
}

/**
 * Tells each company's admins and sales people how many customer projects came into its service
 * area on `day` (YYYY-MM-DD in the zone), leaving out duplicates, blacklisted ones and those the
 * company has saved already; once per person and day. From the quotes of that day (their
 * `created_at` index) to the companies whose area holds them (`quote_areas`).
 */
export async function createLeadDigest(tx: Tx, config: ReminderConfig, day: string): Promise<number> {
  const zone = config.DAILY_NOTIFICATION_TIME_ZONE;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const from = instantAt(y, m, d, 0, zone);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const to = instantAt(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, zone);
  const inserted = rowsOf<{ id: number | string; user_id: string }>(
    await tx.execute(sql`INSERT INTO notifications (company_id, user_id, kind, title, data, key)
      SELECT a.company_id, u.id, 'new_leads', '', jsonb_build_object('count', a.n), 'leads:' || ${day}
      FROM (SELECT qa.company_id, count(*)::int AS n
            FROM quotes q JOIN quote_areas qa ON qa.quote_id = q.id
            WHERE q.created_at >= ${from.toISOString()}::timestamptz AND q.created_at < ${to.toISOString()}::timestamptz
              AND NOT q.is_duplicate AND NOT q.is_blacklisted
              AND NOT EXISTS (SELECT 1 FROM projects p WHERE p.company_id = qa.company_id AND p.quote_id = q.id)
            GROUP BY qa.company_id) a
        JOIN users u ON u.company_id = a.company_id AND NOT u.is_disabled
          AND u.role IN ('INSTALLER_ADMIN', 'INSTALLER_SALES')
      ON CONFLICT (user_id, key) WHERE key IS NOT NULL DO NOTHING
      RETURNING id, user_id`),
  );
  await queueMails(tx, config, inserted);
  return inserted.length;
}

/** Read notifications are kept this long after they were read; the panel pages through the rest. */
export const KEEP_READ_DAYS = 90;
/** Any notification, read or not, is kept this long after it was made. */
export const KEEP_ANY_DAYS = 365;

/**
 * Deletes what nobody will look for again: notifications read more than {@link KEEP_READ_DAYS} days
 * ago, and any older than {@link KEEP_ANY_DAYS} days. Their keys (a day's reminder, a day's leads)
 * are of days the daily run never works again. Once a day, one statement: the table is read through
 * once, which at a few rows per person and day costs less than an index kept for it on every write.
 */
export async function pruneNotifications(tx: DbOrTx, now = new Date()): Promise<number> {
  const day = 86_400_000;
  const readBefore = new Date(now.getTime() - KEEP_READ_DAYS * day).toISOString();
  const madeBefore = new Date(now.getTime() - KEEP_ANY_DAYS * day).toISOString();
  const deleted = rowsOf<{ id: number }>(
    await tx.execute(sql`DELETE FROM notifications
      WHERE read_at < ${readBefore}::timestamptz OR created_at < ${madeBefore}::timestamptz
      RETURNING id`),
  );
  return deleted.length;
}

/** The day before a YYYY-MM-DD day. */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/**
 * Job: the reminders of its day and the leads of the day before, old notifications pruned, then the
 * next run. A run that comes late (the server was down) still does its day's work that same day, but
 * not for a day that has passed. Every run, late or not, then purges the login throttle's old rows,
 * in short batches of their own outside the day's transaction.
 */
export async function dailyJob(deps: Pick<JobDeps, 'config' | 'database'>, payload: unknown) {
  const { config } = deps;
  const day = (payload as { day?: unknown }).day;
  await deps.database.db.transaction(async (tx) => {
    if (typeof day === 'string' && day === dayIn(new Date(), config.DAILY_NOTIFICATION_TIME_ZONE)) {
      await createDueReminders(tx, config, day);
      await createDueReminders(tx, config, dayBefore(day), 'task_overdue');
      await createLeadDigest(tx, config, dayBefore(day));
      await pruneNotifications(tx);
    }
    await scheduleDailyRun(tx, config);
  });
  await purgeLoginFailures(deps.database, config);
}
