import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { boardRecords } from './board';
import { companies } from './companies';
import { projects } from './quotes';
import { users } from './users';

/**
 * A user's notifications (docs/notifications.md): someone assigned them a record or a project, or a
 * customer accepted an offer. One row per reader; written in the transaction of the change that
 * caused it. `data` keeps what the text needs as it was then (the record's name, the property, the
 * count, the customer's name), so a later rename does not rewrite what was said.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The reader. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who caused it; null for a customer. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    board: text('board'),
    recordId: uuid('record_id').references(() => boardRecords.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** `{ property?, count?, customerName? }` */
    data: jsonb('data').notNull().default({}),
    /** What makes a notification one of a kind (a reminder: its record, property and day), or null. */
    key: text('key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The reader's list, newest first (keyset on id).
    index('notifications_user_idx').on(t.userId, t.id),
    // The badge: the reader's unread ones.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    // A reminder is made once, however often its job runs.
    uniqueIndex('notifications_key_idx').on(t.userId, t.key).where(sql`${t.key} IS NOT NULL`),
  ],
);
