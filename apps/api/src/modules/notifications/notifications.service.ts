import type { Board, Notification, NotificationKind, NotificationReadRequest } from '@solar/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx, RawQuery } from '../../db/client';
import { companyOf, type Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { enqueueJob, enqueueJobRaw } from '../../lib/jobs';
import { iso, pgArray, rowsOf } from '../board/board.sql';

/** The job that mails new notifications to readers who want them (notifications.mail.ts). */
export const NOTIFICATION_MAIL_JOB = 'send-notifications';

/** What the notifying code needs of the settings: where the mail job goes, and when. */
export type NotifyConfig = Pick<Config, 'JOB_QUEUE' | 'NOTIFICATION_MAIL_DELAY_SECONDS'>;

/** What a notification's text needs beyond its title, kept with it (`notifications.data`). */
export interface NotificationData {
  property?: string;
  count?: number;
  customerName?: string;
  excerpt?: string;
  value?: string;
}

export interface NewNotification {
  companyId: string;
  userId: string;
  actorId: string | null;
  kind: NotificationKind;
  board?: Board | null;
  recordId?: string | null;
  projectId?: string | null;
  title: string;
  data?: NotificationData;
}

/** More records than this assigned to one person in one operation make one notification with a count. */
export const ASSIGNED_ONE_BY_ONE = 3;

/** The badge counts this many at most ("99+"): the unread count is bounded, never a full count. */
export const UNREAD_CAP = 100;

/**
 * Adds notifications in the caller's transaction (nothing is said about a change that does not
 * commit), leaving out what a user did themself, and queues their e-mail. One statement for all.
 */
export async function notify(tx: DbOrTx, config: NotifyConfig, items: readonly NewNotification[]) {
  const rows = items
    .filter((n) => n.userId !== n.actorId)
    .map((n) => ({
      company_id: n.companyId,
      user_id: n.userId,
      actor_id: n.actorId,
      kind: n.kind,
      board: n.board ?? null,
      record_id: n.recordId ?? null,
      project_id: n.projectId ?? null,
      title: n.title.slice(0, 500),
      data: n.data ?? {},
    }));
  if (rows.length === 0) return;
  const inserted = rowsOf<{ id: number | string; user_id: string }>(
    await tx.execute(sql`INSERT INTO notifications
        (company_id, user_id, actor_id, kind, board, record_id, project_id, title, data)
      SELECT x.company_id, x.user_id, x.actor_id, x.kind, x.board, x.record_id, x.project_id, x.title, x.data
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(company_id uuid, user_id uuid,
        actor_id uuid, kind text, board text, record_id uuid, project_id uuid, title text, data jsonb)
      RETURNING id, user_id`),
  );
  await queueMails(tx, config, inserted);
}

/**
 * Queues the e-mail of new notifications: one job a reader, so a failed delivery to one is retried
 * without mailing the others again.
 */
export async function queueMails(
  tx: DbOrTx,
  config: NotifyConfig,
  inserted: readonly { id: number | string; user_id: string }[],
) {
  for (const ids of idsByReader(inserted)) {
    await enqueueJob(
      tx,
      config.JOB_QUEUE,
      NOTIFICATION_MAIL_JOB,
      { ids },
      {
        delaySeconds: config.NOTIFICATION_MAIL_DELAY_SECONDS,
      },
    );
  }
}

/** {@link queueMails} in a raw transaction (`Database.rawTransaction`: the public quote request's). */
export async function queueMailsRaw(
  query: RawQuery,
  config: NotifyConfig,
  inserted: readonly { id: number | string; user_id: string }[],
) {
  for (const ids of idsByReader(inserted)) {
    await enqueueJobRaw(
      query,
      config.JOB_QUEUE,
      NOTIFICATION_MAIL_JOB,
      { ids },
      {
        delaySeconds: config.NOTIFICATION_MAIL_DELAY_SECONDS,
      },
    );
  }
}

/** The ids of new notifications, one list a reader: one mail job each. */
function idsByReader(inserted: readonly { id: number | string; user_id: string }[]): number[][] {
  const byUser = new Map<string, number[]>();
  for (const r of inserted) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), Number(r.id)]);
  return [...byUser.values()];
}

/** A person put into a person property of a board record by a write (board.history.ts finds them). */
export interface Assignment {
  userId: string;
  recordId: string;
  board: Board;
  projectId: string | null;
  name: string;
  property: string;
}

/**
 * The notifications of one operation's assignments: one a record, or one with the count for a
 * person given more than `ASSIGNED_ONE_BY_ONE` records at once (a bulk edit, a paste, an import).
 */
export function assignmentNotifications(
  companyId: string,
  actorId: string,
  assignments: readonly Assignment[],
): NewNotification[] {
  const byUser = new Map<string, Assignment[]>();
  for (const a of assignments) {
    const list = byUser.get(a.userId) ?? [];
    if (!list.some((b) => b.recordId === a.recordId)) list.push(a);
    byUser.set(a.userId, list);
  }
  const out: NewNotification[] = [];
  for (const [userId, list] of byUser) {
    const first = list[0] as Assignment;
    if (list.length > ASSIGNED_ONE_BY_ONE) {
      out.push({
        companyId,
        userId,
        actorId,
        kind: 'tasks_assigned',
        board: first.board,
        title: '',
        data: { property: first.property, count: list.length },
      });
      continue;
    }
    for (const a of list) {
      out.push({
        companyId,
        userId,
        actorId,
        kind: 'task_assigned',
        board: a.board,
        recordId: a.recordId,
        projectId: a.projectId,
        title: a.name,
        data: { property: a.property },
      });
    }
  }
  return out;
}

export interface NotificationRow {
  id: number | string;
  kind: NotificationKind;
  created_at: Date | string;
  read_at: Date | string | null;
  actor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  board: Board | null;
  record_id: string | null;
  project_id: string | null;
  title: string;
  data: NotificationData;
}

/** A status an operation set on a record one of whose people is `userId`. */
export interface StatusChange extends Assignment {
  value: string;
}

/**
 * The notifications of one operation's status changes: one a record and person, unless the
 * operation changed the status of more than {@link ASSIGNED_ONE_BY_ONE} of the person's records (a
 * bulk edit, a paste, an import), which says nothing: a list of every record would be noise, and
 * the board shows them. Nobody is told of a status on a record the same operation assigned them:
 * the assignment says it.
 */
export function statusNotifications(
  companyId: string,
  actorId: string,
  changes: readonly StatusChange[],
  assignments: readonly Assignment[],
): NewNotification[] {
  const assigned = new Set(assignments.map((a) => `${a.userId}:${a.recordId}`));
  const byUser = new Map<string, StatusChange[]>();
  for (const c of changes) {
    if (assigned.has(`${c.userId}:${c.recordId}`)) continue;
    const list = byUser.get(c.userId) ?? [];
    if (!list.some((d) => d.recordId === c.recordId && d.property === c.property)) list.push(c);
    byUser.set(c.userId, list);
  }
  const out: NewNotification[] = [];
  for (const [userId, list] of byUser) {
    if (new Set(list.map((c) => c.recordId)).size > ASSIGNED_ONE_BY_ONE) continue;
    for (const c of list) {
      out.push({
        companyId,
        userId,
        actorId,
        kind: 'status_changed',
        board: c.board,
        recordId: c.recordId,
        projectId: c.projectId,
        title: c.name,
        data: { property: c.property, value: c.value },
      });
    }
  }
  return out;
}

/** The columns of a `NotificationRow`, from `notifications n` and its actor `users a`. */
export const NOTIFICATION_COLUMNS = sql`n.id, n.kind, n.created_at, n.read_at, n.actor_id, a.first_name,
  a.last_name, n.board, n.record_id, n.project_id, n.title, n.data`;

export function notificationOf(r: NotificationRow): Notification {
  return {
    id: Number(r.id),
    kind: r.kind,
    at: iso(r.created_at),
    readAt: r.read_at ? iso(r.read_at) : null,
    actor: r.actor_id ? { id: r.actor_id, firstName: r.first_name ?? '', lastName: r.last_name ?? '' } : null,
    board: r.board,
    recordId: r.record_id,
    projectId: r.project_id,
    title: r.title,
    property: r.data.property ?? null,
    count: r.data.count ?? null,
    customerName: r.data.customerName ?? null,
    excerpt: r.data.excerpt ?? null,
    value: r.data.value ?? null,
  };
}

/** The reader's unread notifications, counted up to `UNREAD_CAP` along the partial index. */
async function unreadCount(db: DbOrTx, companyId: string, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM notifications
      WHERE user_id = ${userId} AND company_id = ${companyId} AND read_at IS NULL LIMIT ${UNREAD_CAP}) s`),
  );
  return Number(row?.n ?? 0);
}

/** GET /notification: the reader's own, newest first, a page at a time (keyset on the id). */
export async function listNotifications(
  ctx: AppContext,
  me: Principal,
  query: { cursor?: number; limit: number; unread: boolean },
) {
  const companyId = companyOf(me);
  const db = ctx.database.db;
  const rows = rowsOf<NotificationRow>(
    await db.execute(sql`SELECT ${NOTIFICATION_COLUMNS}
      FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
      WHERE n.user_id = ${me.id} AND n.company_id = ${companyId}
        ${query.cursor === undefined ? sql`` : sql`AND n.id < ${query.cursor}`}
        ${query.unread ? sql`AND n.read_at IS NULL` : sql``}
      ORDER BY n.id DESC LIMIT ${query.limit + 1}`),
  );
  const page = rows.slice(0, query.limit);
  return {
    docs: page.map(notificationOf),
    nextCursor: rows.length > query.limit ? Number(page[page.length - 1]?.id) : null,
    unread: await unreadCount(db, companyId, me.id),
  };
}

/** GET /notification/unread: the badge. */
export async function unreadNotifications(ctx: AppContext, me: Principal) {
  return { unread: await unreadCount(ctx.database.db, companyOf(me), me.id) };
}

/**
 * PUT /notification/read: marks the reader's own notifications read (some, all, or those of a record or
 * project just opened); ids of other readers' notifications change nothing and are not told apart
 * from unknown ones.
 */
export async function markNotificationsRead(ctx: AppContext, me: Principal, body: NotificationReadRequest) {
  const companyId = companyOf(me);
  const db = ctx.database.db;
  const which = body.all
    ? sql``
    : sql`AND (id = ANY(${pgArray((body.ids ?? []).map(String))}::bigint[])
        ${body.recordId ? sql`OR record_id = ${body.recordId}` : sql``}
        ${body.projectId ? sql`OR project_id = ${body.projectId}` : sql``})`;
  await db.execute(sql`UPDATE notifications SET read_at = now()
    WHERE user_id = ${me.id} AND company_id = ${companyId} AND read_at IS NULL ${which}`);
  return { unread: await unreadCount(db, companyId, me.id) };
}
