import type { Board, BoardActivityQuery, RecordHistoryEvent, TaskHistoryQuery } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../lib/auth-hook';
import { CHANGES_CHANNEL } from '../../lib/change-feed';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import {
  type Assignment,
  assignmentNotifications,
  type NewNotification,
  type NotifyConfig,
  notify,
  type StatusChange,
  statusNotifications,
} from '../notifications/notifications.service';
import { boardCompany } from './board.policy';
import { iso, pgArray, rowsOf } from './board.sql';

export type RecordEventKind = RecordHistoryEvent['kind'];
export type ValueChange = RecordHistoryEvent['changes'][number];
export interface RecordEvent {
  recordId: string;
  kind: RecordEventKind;
  changes?: ValueChange[];
  /** The whole notes before and after an edit that changed them (for mentions; not kept). */
  notes?: { from: string; to: string };
}

/** Notes are long: their history keeps the first characters of each side. */
const NOTES_KEPT = 500;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a write changed of a record: its name and notes when given, and each value written (the keys
 * the user wrote, not the cells computed from them), as `{ key, from, to }`.
 */
export function valueChanges(
  before: { taskName: string; notes: string; properties: Record<string, { value?: unknown } | undefined> },
  after: { taskName?: string; notes?: string; properties: Record<string, { value?: unknown } | undefined> },
  written: readonly string[],
): ValueChange[] {
  const changes: ValueChange[] = [];
  if (after.taskName !== undefined && after.taskName !== before.taskName) {
    changes.push({ key: 'taskName', from: before.taskName, to: after.taskName });
  }
  if (after.notes !== undefined && after.notes !== before.notes) {
    changes.push({
      key: 'notes',
      from: before.notes.slice(0, NOTES_KEPT),
      to: after.notes.slice(0, NOTES_KEPT),
    });
  }
  for (const key of written) {
    const from = before.properties[key]?.value ?? null;
    const to = after.properties[key]?.value ?? null;
    if (!same(from, to)) changes.push({ key, from, to });
  }
  return changes;
}

/**
 * Tells the company's open boards that `userId` changed the board (the live events, decision 0032),
 * for a write that records no event (a move); sent at commit, never for a rolled-back one.
 */
export async function announceBoardChange(tx: DbOrTx, companyId: string, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`board:${companyId}:${userId}`})`);
}

/**
 * Writes the events of one operation in one statement, in the operation's transaction, and tells the
 * people the operation put into a person property (docs/notifications.md).
 */
export async function recordEvents(
  tx: DbOrTx,
  companyId: string,
  userId: string,
  events: readonly RecordEvent[],
  config: NotifyConfig,
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({ record_id: e.recordId, kind: e.kind, changes: e.changes ?? [] }));
  const json = JSON.stringify(rows);
  await tx.execute(sql`INSERT INTO board_record_events (company_id, record_id, user_id, kind, changes)
    SELECT ${companyId}, x.record_id, ${userId}, x.kind, x.changes
    FROM jsonb_to_recordset(${json}::jsonb) AS x(record_id uuid, kind text, changes jsonb)`);
  if (!events.some((e) => e.kind === 'created' || e.changes?.length)) return;
  await withdrawAssignments(tx, companyId, json);
  const assignments = await assignmentsOf(tx, companyId, json);
  const said = assignmentNotifications(companyId, userId, assignments);
  said.push(
    ...statusNotifications(companyId, userId, await statusChangesOf(tx, companyId, json), assignments),
  );
  const noted = events.filter((e) => e.notes);
  if (noted.length) said.push(...(await mentionNotifications(tx, companyId, userId, noted)));
  if (said.length) await notify(tx, config, said);
}

/**
 * The people an edit of notes mentions anew (`@First Last`, docs/notifications.md): members of the
 * company who can log in, named in the new notes and not in the old ones (`notify` leaves out the
 * writer).
 */
async function mentionNotifications(
  tx: DbOrTx,
  companyId: string,
  actorId: string,
  events: readonly RecordEvent[],
): Promise<NewNotification[]> {
  const people = rowsOf<{ id: string; first_name: string; last_name: string }>(
    await tx.execute(sql`SELECT id, first_name, last_name FROM users
      WHERE company_id = ${companyId} AND NOT is_disabled`),
  );
  const records = rowsOf<{ id: string; board: Board; project_id: string | null; task_name: string }>(
    await tx.execute(sql`SELECT id, board, project_id, task_name FROM board_records
      WHERE company_id = ${companyId} AND id = ANY(${pgArray(events.map((e) => e.recordId))}::uuid[])`),
  );
  const out: NewNotification[] = [];
  for (const event of events) {
    const record = records.find((r) => r.id === event.recordId);
    if (!record || !event.notes) continue;
    for (const p of people) {
      const excerpt = mentionIn(event.notes.to, `${p.first_name} ${p.last_name}`);
      if (excerpt === null || mentionIn(event.notes.from, `${p.first_name} ${p.last_name}`) !== null)
        continue;
      out.push({
        companyId,
        userId: p.id,
        actorId,
        kind: 'mentioned',
        board: record.board,
        recordId: record.id,
        projectId: record.project_id,
        title: record.task_name,
        data: { excerpt },
      });
    }
  }
  return out;
}

const EXCERPT_CHARS = 160;

/**
 * Where `@name` stands in a text (any case, not followed by a letter or digit): the line it stands
 * in, cut to `EXCERPT_CHARS` around it, or null when it is not there.
 */
export function mentionIn(text: string, name: string): string | null {
  const wanted = `@${name.trim()}`.toLocaleLowerCase();
  if (wanted.length < 2) return null;
  const lower = text.toLocaleLowerCase();
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, at + 1)) {
    const next = text.charAt(at + wanted.length);
    if (next && /[\p{L}\p{N}]/u.test(next)) continue;
    const start = text.lastIndexOf('\n', at) + 1;
    const endOfLine = text.indexOf('\n', at);
    const line = text.slice(start, endOfLine < 0 ? undefined : endOfLine);
    if (line.length <= EXCERPT_CHARS) return line.trim();
    const from = Math.max(0, Math.min(at - start - EXCERPT_CHARS / 4, line.length - EXCERPT_CHARS));
    return `${from > 0 ? '…' : ''}${line.slice(from, from + EXCERPT_CHARS).trim()}…`;
  }
  return null;
}

/** A JSON value as a list: itself when it is an array, else an empty one. */
const asList = (v: SQL) => sql`CASE WHEN jsonb_typeof(${v}) = 'array' THEN ${v} ELSE '[]'::jsonb END`;

/**
 * Takes back what no longer holds: a person taken out of a person property again (Ctrl+Z, a second
 * thought) loses the unread notification that they were put into it, so no e-mail about it follows.
 * A read one stays, as what was said.
 */
async function withdrawAssignments(tx: DbOrTx, companyId: string, events: string) {
  await tx.execute(sql`DELETE FROM notifications n USING (
      SELECT e.record_id, c->>'key' AS property, person->>'value' AS user_id
      FROM jsonb_to_recordset(${events}::jsonb) AS e(record_id uuid, kind text, changes jsonb)
        JOIN board_records r ON r.id = e.record_id AND r.company_id = ${companyId}
        JOIN board_properties bp ON bp.company_id = r.company_id AND bp.board = r.board
        CROSS JOIN LATERAL jsonb_array_elements(e.changes) c
        CROSS JOIN LATERAL jsonb_array_elements(${asList(sql`c->'from'`)}) person
      WHERE e.kind = 'changed' AND bp.properties->(c->>'key')->>'dataType' = 'person'
        AND NOT ${asList(sql`c->'to'`)} @> jsonb_build_array(jsonb_build_object('value', person->>'value'))
    ) gone
    WHERE n.company_id = ${companyId} AND n.record_id = gone.record_id AND n.user_id::text = gone.user_id
      AND n.kind = 'task_assigned' AND n.data->>'property' = gone.property AND n.read_at IS NULL`);
}

/** A person of a record and the property concerned, as the queries below answer them. */
interface PersonRow {
  user_id: string;
  record_id: string;
  board: Board;
  project_id: string | null;
  task_name: string;
  property: string;
}

const personOf = (r: PersonRow): Assignment => ({
  userId: r.user_id,
  recordId: r.record_id,
  board: r.board,
  projectId: r.project_id,
  name: r.task_name,
  property: r.property,
});

/**
 * Who the events put into a person property: a person in a changed value who was not in it before,
 * or in a new record's value; members of the company who can log in (`notify` leaves out the writer).
 */
async function assignmentsOf(tx: DbOrTx, companyId: string, events: string): Promise<Assignment[]> {
  const rows = rowsOf<PersonRow>(
    await tx.execute(sql`SELECT DISTINCT u.id AS user_id, r.id AS record_id, r.board, r.project_id,
        r.task_name, ch.key AS property
      FROM jsonb_to_recordset(${events}::jsonb) AS e(record_id uuid, kind text, changes jsonb)
        JOIN board_records r ON r.id = e.record_id AND r.company_id = ${companyId} AND NOT r.is_deleted
        JOIN board_properties bp ON bp.company_id = r.company_id AND bp.board = r.board
        CROSS JOIN LATERAL (
          SELECT c->>'key' AS key, c->'to' AS to_v, c->'from' AS from_v
            FROM jsonb_array_elements(e.changes) c WHERE e.kind = 'changed'
          UNION ALL
          SELECT x.key, x.cell->'value', 'null'::jsonb
            FROM jsonb_each(r.properties) AS x(key, cell) WHERE e.kind = 'created'
        ) ch
        CROSS JOIN LATERAL jsonb_array_elements(${asList(sql`ch.to_v`)}) person
        JOIN users u ON u.id::text = person->>'value' AND u.company_id = ${companyId} AND NOT u.is_disabled
      WHERE bp.properties->ch.key->>'dataType' = 'person'
        AND NOT ${asList(sql`ch.from_v`)} @> jsonb_build_array(jsonb_build_object('value', person->>'value'))`),
  );
  return rows.map(personOf);
}

/**
 * The people of a record whose status an edit changed: everyone in one of the record's person
 * properties after the write, with the status's new option as it is called (its label, else the
 * value). A status emptied tells nobody.
 */
async function statusChangesOf(tx: DbOrTx, companyId: string, events: string): Promise<StatusChange[]> {
  const rows = rowsOf<PersonRow & { value: string }>(
    await tx.execute(sql`SELECT DISTINCT u.id AS user_id, r.id AS record_id, r.board, r.project_id,
        r.task_name, c->>'key' AS property,
        coalesce((SELECT o->>'label' FROM jsonb_array_elements(bp.properties->(c->>'key')->'options') o
          WHERE o->>'value' = c->>'to' LIMIT 1), c->>'to') AS value
      FROM jsonb_to_recordset(${events}::jsonb) AS e(record_id uuid, kind text, changes jsonb)
        JOIN board_records r ON r.id = e.record_id AND r.company_id = ${companyId} AND NOT r.is_deleted
        JOIN board_properties bp ON bp.company_id = r.company_id AND bp.board = r.board
        CROSS JOIN LATERAL jsonb_array_elements(e.changes) c
        CROSS JOIN LATERAL jsonb_each(r.properties) AS p(key, cell)
        CROSS JOIN LATERAL jsonb_array_elements(${asList(sql`p.cell->'value'`)}) person
        JOIN users u ON u.id::text = person->>'value' AND u.company_id = ${companyId} AND NOT u.is_disabled
      WHERE e.kind = 'changed' AND bp.properties->(c->>'key')->>'dataType' = 'status'
        AND jsonb_typeof(c->'to') = 'string' AND c->>'to' <> ''
        AND bp.properties->p.key->>'dataType' = 'person'`),
  );
  return rows.map((r) => ({ ...personOf(r), value: r.value }));
}

/** 'created' for records made by one statement. */
export const createdEvents = (ids: readonly string[]): RecordEvent[] =>
  ids.map((recordId) => ({ recordId, kind: 'created' }));

interface EventRow {
  id: number | string;
  kind: RecordEventKind;
  changes: ValueChange[];
  at: Date | string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
}

const eventOf = (r: EventRow) => ({
  id: Number(r.id),
  kind: r.kind,
  changes: r.changes,
  at: iso(r.at),
  user: r.user_id ? { id: r.user_id, firstName: r.first_name ?? '', lastName: r.last_name ?? '' } : null,
});

/** A page of entries newest first: `limit + 1` rows asked, the extra one says there are more. */
function pageOf<R extends EventRow, T>(rows: R[], limit: number, map: (r: R) => T) {
  const page = rows.slice(0, limit);
  return {
    events: page.map(map),
    nextCursor: rows.length > limit ? Number(page[page.length - 1]?.id) : null,
  };
}

/**
 * GET /task/{id}/history: the record's events, newest first, a page at a time (keyset on the event's
 * id). The caller's company only: another company's record is not found.
 */
export async function taskHistory(
  ctx: AppContext,
  me: Principal,
  id: string,
  query: z.output<typeof TaskHistoryQuery>,
) {
  const companyId = boardCompany(me);
  const db = ctx.database.db;
  const [record] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM board_records WHERE company_id = ${companyId} AND id = ${id}`),
  );
  if (!record) throw notFound('task_not_found');
  const rows = rowsOf<EventRow>(
    await db.execute(sql`SELECT e.id, e.kind, e.changes, e.at, e.user_id, u.first_name, u.last_name
      FROM board_record_events e LEFT JOIN users u ON u.id = e.user_id
      WHERE e.company_id = ${companyId} AND e.record_id = ${id}
        ${query.cursor === undefined ? sql`` : sql`AND e.id < ${query.cursor}`}
      ORDER BY e.id DESC LIMIT ${query.limit + 1}`),
  );
  return pageOf(rows, query.limit, eventOf);
}

/**
 * GET /task/activity: the latest entries of every record of a board of the caller's company, newest
 * first, with each record's name (and whether it is in the bin), a page at a time.
 */
export async function boardActivity(
  ctx: AppContext,
  me: Principal,
  query: z.output<typeof BoardActivityQuery>,
) {
  const companyId = boardCompany(me);
  const db = ctx.database.db;
  // A period becomes a bound on the id: the newest entry made before it, found by walking back
  // through the period's own entries (index company_id, id), so the walk below stops there instead
  // of reading every older entry of the company in search of more.
  let after: number | null = null;
  if (query.since !== undefined) {
    const [bound] = rowsOf<{ id: number | string }>(
      await db.execute(sql`SELECT id FROM board_record_events WHERE company_id = ${companyId}
        AND at < ${query.since}::timestamptz ORDER BY id DESC LIMIT 1`),
    );
    after = bound ? Number(bound.id) : 0;
  }
  // Walks the company's entries from the newest (index company_id, id; one person's along
  // company_id, user_id, id) and keeps the board's.
  const rows = rowsOf<EventRow & { record_id: string; task_name: string; is_deleted: boolean }>(
    await db.execute(sql`SELECT e.id, e.kind, e.changes, e.at, e.user_id, u.first_name, u.last_name,
        r.id AS record_id, r.task_name, r.is_deleted
      FROM board_record_events e
        JOIN board_records r ON r.id = e.record_id AND r.company_id = ${companyId}
        LEFT JOIN users u ON u.id = e.user_id
      WHERE e.company_id = ${companyId} AND r.board = ${query.board}
        ${query.userId === undefined ? sql`` : sql`AND e.user_id = ${query.userId}`}
        ${after === null ? sql`` : sql`AND e.id > ${after} AND e.at >= ${query.since}::timestamptz`}
        ${query.cursor === undefined ? sql`` : sql`AND e.id < ${query.cursor}`}
      ORDER BY e.id DESC LIMIT ${query.limit + 1}`),
  );
  return pageOf(rows, query.limit, (r) => ({
    ...eventOf(r),
    record: { id: r.record_id, name: r.task_name, isDeleted: r.is_deleted },
  }));
}
