import type { Notification } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PLATFORM } from '../../db/tenant';
import { jobHandlers } from '../../server';
import { boardTestKit, type Company } from '../board/board.test-kit';
import {
  createDueReminders,
  createLeadDigest,
  DAILY_JOB,
  dayBefore,
  dayIn,
  KEEP_ANY_DAYS,
  KEEP_READ_DAYS,
  nextReminderRun,
  pruneNotifications,
  scheduleDailyRun,
} from './daily';
import { NOTIFICATION_MAIL_JOB } from './notifications.service';

let t: TestApp;
const { ok, createTask, companyWithBoard } = boardTestKit(() => t);
let a: Company;
let b: Company;

type List = { data: { docs: Notification[] } };
const dueOf = async (token: string) =>
  (await ok<List>(token, 'GET', '/api/notification?limit=50')).data.docs.filter((n) => n.kind === 'task_due');
const person = (...users: { id: string }[]) => users.map((u) => ({ value: u.id }));
const platform = () => t.database.as(PLATFORM).db;

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithBoard();
  b = await companyWithBoard();
});
afterAll(() => t.close());

describe('the day and hour of the reminders', () => {
  it('finds the next 07:00 in the zone, in winter, in summer and over the change to summer time', () => {
    const next = (iso: string) => nextReminderRun(new Date(iso), 'Europe/Berlin', 7).toISOString();
    expect(next('2026-12-01T05:00:00Z')).toBe('2026-12-01T06:00:00.000Z');
    expect(next('2026-12-01T06:00:00Z')).toBe('2026-12-02T06:00:00.000Z');
    expect(next('2026-07-01T04:00:00Z')).toBe('2026-07-01T05:00:00.000Z');
    // 29 March 2026: the clocks go from 02:00 to 03:00, so 07:00 is 05:00 UTC that morning.
    expect(next('2026-03-28T07:00:00Z')).toBe('2026-03-29T05:00:00.000Z');
    expect(nextReminderRun(new Date('2026-12-01T12:00:00Z'), 'America/New_York', 7).toISOString()).toBe(
      '2026-12-02T12:00:00.000Z',
    );
  });

  it('tells the day of an instant in the zone', () => {
    expect(dayIn(new Date('2026-11-30T23:30:00Z'), 'Europe/Berlin')).toBe('2026-12-01');
    expect(dayIn(new Date('2026-11-30T22:30:00Z'), 'Europe/Berlin')).toBe('2026-11-30');
  });
});

describe('reminders of records due today', () => {
  const day = '2031-05-06';

  it('reminds each person of a record due that day once, but not of done, binned or other days’ records', async () => {
    const due = await createTask(a.admin.token, {
      taskName: 'Mount inverter',
      properties: { 'Due date': day, Assignee: person(a.installer.user, a.sales.user) },
    });
    await createTask(a.admin.token, {
      taskName: 'Finished',
      properties: { 'Due date': day, Assignee: person(a.installer.user), Status: 'Done' },
    });
    await createTask(a.admin.token, {
      taskName: 'Tomorrow',
      properties: { 'Due date': '2031-05-07', Assignee: person(a.installer.user) },
    });
    await createTask(a.admin.token, { taskName: 'Nobody', properties: { 'Due date': day } });
    const binned = await createTask(a.admin.token, {
      taskName: 'Binned',
      properties: { 'Due date': day, Assignee: person(a.installer.user) },
    });
    await ok(a.admin.token, 'POST', '/api/task/delete/multiple', { taskIds: [binned._id] });
    const other = await createTask(b.admin.token, {
      taskName: 'Other company',
      properties: { 'Due date': day, Assignee: person(b.installer.user) },
    });

    expect(
      await platform().transaction((tx) => createDueReminders(tx, t.config, day)),
    ).toBeGreaterThanOrEqual(3);
    const [mine] = await dueOf(a.installer.token);
    expect(await dueOf(a.installer.token)).toHaveLength(1);
    expect(mine).toMatchObject({
      kind: 'task_due',
      recordId: due._id,
      title: 'Mount inverter',
      property: 'Due date',
      actor: null,
    });
    expect((await dueOf(a.sales.token)).map((n) => n.recordId)).toEqual([due._id]);
    // The admin is in no person cell; the other company's people hear of their own record only.
    expect(await dueOf(a.admin.token)).toEqual([]);
    expect((await dueOf(b.installer.token)).map((n) => n.recordId)).toEqual([other._id]);

    // Run again (a retried job, a second process): nothing new.
    expect(await platform().transaction((tx) => createDueReminders(tx, t.config, day))).toBe(0);
    expect(await dueOf(a.installer.token)).toHaveLength(1);
    const mails = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE queue = $1 AND kind = $2
       AND payload->'ids' @> to_jsonb((SELECT id FROM notifications WHERE record_id = $3 AND user_id = $4 AND kind = 'task_due'))`,
      [t.config.JOB_QUEUE, NOTIFICATION_MAIL_JOB, due._id, a.installer.user.id],
    );
    expect(mails[0]?.n).toBe(1);
  });

  it('reminds once more the day after of a record still not done, and not of one done meanwhile', async () => {
    const dueDay = '2031-06-10';
    const runDay = '2031-06-11';
    const late = await createTask(a.admin.token, {
      taskName: 'Still open',
      properties: { 'Due date': dueDay, Assignee: person(a.installer.user) },
    });
    await createTask(a.admin.token, {
      taskName: 'Done in time',
      properties: { 'Due date': dueDay, Assignee: person(a.installer.user), Status: 'Done' },
    });
    const overdueOf = async (token: string) =>
      (await ok<List>(token, 'GET', '/api/notification?limit=50')).data.docs.filter(
        (n) => n.kind === 'task_overdue',
      );
    await platform().transaction((tx) => createDueReminders(tx, t.config, dayBefore(runDay), 'task_overdue'));
    expect(await overdueOf(a.installer.token)).toEqual([
      expect.objectContaining({
        kind: 'task_overdue',
        recordId: late._id,
        title: 'Still open',
        property: 'Due date',
      }),
    ]);
    // Its own key: the day's reminder of the same record and day is another notification, and a
    // second run adds nothing.
    expect(
      await platform().transaction((tx) =>
        createDueReminders(tx, t.config, dayBefore(runDay), 'task_overdue'),
      ),
    ).toBe(0);
    expect(
      await platform().transaction((tx) => createDueReminders(tx, t.config, dueDay)),
    ).toBeGreaterThanOrEqual(1);
    expect((await dueOf(a.installer.token)).some((n) => n.recordId === late._id)).toBe(true);
  });

  it('runs daily: today’s run reminds and queues tomorrow’s, a run of a past day only queues the next', async () => {
    const job = jobHandlers(t.app.ctx)[DAILY_JOB];
    const pending = () =>
      t.database.query<{ day: string }>(
        `SELECT payload->>'day' AS day FROM jobs WHERE queue = $1 AND kind = $2 AND status = 'pending'`,
        [t.config.JOB_QUEUE, DAILY_JOB],
      );
    await scheduleDailyRun(platform(), t.config);
    await scheduleDailyRun(platform(), t.config);
    expect(await pending()).toHaveLength(1);
    await t.database.query(`DELETE FROM jobs WHERE queue = $1 AND kind = $2`, [
      t.config.JOB_QUEUE,
      DAILY_JOB,
    ]);

    const today = dayIn(new Date(), t.config.DAILY_NOTIFICATION_TIME_ZONE);
    const task = await createTask(a.admin.token, {
      taskName: 'Due now',
      properties: { 'Due date': today, Assignee: person(a.sales.user) },
    });
    await job?.({ day: '2020-01-01' }, { jobId: 0, attempt: 1, maxAttempts: 5 });
    expect((await dueOf(a.sales.token)).some((n) => n.recordId === task._id)).toBe(false);
    expect(await pending()).toHaveLength(1);

    await t.database.query(`DELETE FROM jobs WHERE queue = $1 AND kind = $2`, [
      t.config.JOB_QUEUE,
      DAILY_JOB,
    ]);
    // Today's run also prunes: one read half a year ago goes.
    const [old] = await t.database.query<{ id: string }>(
      `INSERT INTO notifications (company_id, user_id, kind, created_at, read_at)
       VALUES ($1, $2, 'project_assigned', now() - interval '200 days', now() - interval '180 days') RETURNING id`,
      [a.company.id, a.sales.user.id],
    );
    const yesterday = await createTask(a.admin.token, {
      taskName: 'Due yesterday',
      properties: { 'Due date': dayBefore(today), Assignee: person(a.sales.user) },
    });
    await job?.({ day: today }, { jobId: 0, attempt: 1, maxAttempts: 5 });
    expect((await dueOf(a.sales.token)).some((n) => n.recordId === task._id)).toBe(true);
    const sales = (await ok<List>(a.sales.token, 'GET', '/api/notification?limit=50')).data.docs;
    expect(sales.some((n) => n.kind === 'task_overdue' && n.recordId === yesterday._id)).toBe(true);
    expect(await t.database.query('SELECT id FROM notifications WHERE id = $1', [old?.id])).toEqual([]);
    const zone = t.config.DAILY_NOTIFICATION_TIME_ZONE;
    expect(await pending()).toEqual([
      { day: dayIn(nextReminderRun(new Date(), zone, t.config.DAILY_NOTIFICATION_HOUR), zone) },
    ]);
  });

  it('queues one next run however many processes start, and runs end, at once', async () => {
    const daily = () =>
      t.database.query<{ day: string }>(
        `SELECT payload->>'day' AS day FROM jobs WHERE queue = $1 AND kind = $2 AND status = 'pending'`,
        [t.config.JOB_QUEUE, DAILY_JOB],
      );
    const job = jobHandlers(t.app.ctx)[DAILY_JOB];
    // On the server each call has a connection of the pool of its own, like processes of their own.
    for (let round = 0; round < 10; round++) {
      await t.database.query(`DELETE FROM jobs WHERE queue = $1 AND kind = $2`, [
        t.config.JOB_QUEUE,
        DAILY_JOB,
      ]);
      await Promise.all([
        ...Array.from({ length: 8 }, () => scheduleDailyRun(platform(), t.config)),
        ...Array.from({ length: 2 }, () =>
          job?.({ day: '2020-01-01' }, { jobId: 0, attempt: 1, maxAttempts: 5 }),
        ),
      ]);
      expect(await daily()).toHaveLength(1);
    }
  });
});

describe('the digest of new leads', () => {
  const day = '2031-05-05';

  it('tells admins and sales how many customer projects came into the area that day, once', async () => {
    const near = { latitude: 48.14, longitude: 11.58 };
    const ids = await t.createQuotes(6, near);
    const [far] = await t.createQuotes(1, { latitude: 53.55, longitude: 9.99 });
    // Noon of the day in Berlin for four and the far one, the next day for one, and one the night
    // before just before midnight in Berlin (22:30 UTC): not the day's.
    const at = (iso: string, quoteIds: (string | undefined)[]) =>
      t.database.query('UPDATE quotes SET created_at = $1 WHERE id = ANY($2::uuid[])', [
        iso,
        `{${quoteIds.join(',')}}`,
      ]);
    await at('2031-05-05T10:00:00Z', [...ids.slice(0, 4), far]);
    await at('2031-05-06T10:00:00Z', [ids[4]]);
    await at('2031-05-04T21:30:00Z', [ids[5]]);
    await t.database.query('UPDATE quotes SET is_duplicate = true WHERE id = $1', [ids[3]]);
    // Company a has saved one of them already.
    await t.database.query('INSERT INTO projects (company_id, quote_id) VALUES ($1, $2)', [
      a.company.id,
      ids[0],
    ]);

    await platform().transaction((tx) => createLeadDigest(tx, t.config, day));
    const leads = async (token: string) =>
      (await ok<List>(token, 'GET', '/api/notification?limit=50')).data.docs.filter(
        (n) => n.kind === 'new_leads',
      );
    for (const token of [a.admin.token, a.sales.token]) {
      expect(await leads(token)).toEqual([
        expect.objectContaining({ kind: 'new_leads', count: 2, actor: null }),
      ]);
    }
    expect((await leads(b.admin.token)).map((n) => n.count)).toEqual([3]);
    // The installer (no sales) hears nothing of leads.
    expect(await leads(a.installer.token)).toEqual([]);
    // Again: nothing new for anyone told already. (On a shared server database another test file's
    // company may have been created near these quotes meanwhile and be told now, so the run's own
    // count is not asserted.)
    await platform().transaction((tx) => createLeadDigest(tx, t.config, day));
    for (const token of [a.admin.token, a.sales.token, b.admin.token]) {
      expect(await leads(token)).toHaveLength(1);
    }
    expect(dayBefore('2031-03-01')).toBe('2031-02-28');
  });

  it(`forgets notifications read over ${KEEP_READ_DAYS} days ago and any over ${KEEP_ANY_DAYS} days old`, async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const make = async (title: string, createdAt: string, readAt: string | null) => {
      const [row] = await t.database.query<{ id: string }>(
        `INSERT INTO notifications (company_id, user_id, kind, title, created_at, read_at)
         VALUES ($1, $2, 'project_assigned', $3, $4, $5) RETURNING id`,
        [a.company.id, a.installer.user.id, title, createdAt, readAt],
      );
      return String(row?.id);
    };
    const kept = [
      await make('read lately', daysAgo(200), daysAgo(KEEP_READ_DAYS - 1)),
      await make('unread, half a year', daysAgo(180), null),
    ];
    const gone = [
      await make('read long ago', daysAgo(100), daysAgo(KEEP_READ_DAYS + 1)),
      await make('unread, over a year', daysAgo(KEEP_ANY_DAYS + 1), null),
    ];
    expect(await platform().transaction((tx) => pruneNotifications(tx))).toBeGreaterThanOrEqual(2);
    const left = await t.database.query<{ id: string }>(
      'SELECT id FROM notifications WHERE id = ANY($1::bigint[])',
      [`{${[...kept, ...gone].join(',')}}`],
    );
    expect(left.map((r) => String(r.id)).sort()).toEqual([...kept].sort());
  });
});
