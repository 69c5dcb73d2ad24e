import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { projects } from './quotes';
import { users } from './users';

/**
 * The board's records (SPEC "Task / project record"): `board` 'tasks' or 'projects' (one record per
 * saved project). Every custom property lives in `properties` as `{ type, icon, value }` keyed by the
 * property name; formula, rollup and system values are materialised there on every write so that
 * `/task/filter` filters and sorts them in SQL like any other (docs/board.md).
 */
export const boardRecords = pgTable(
  'board_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    board: text('board').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    viewId: uuid('view_id'),
    taskName: text('task_name').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    isFrontendVisible: boolean('is_frontend_visible').notNull().default(true),
    isBlank: boolean('is_blank').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    fromRecord: uuid('from_record'),
    position: doublePrecision('position').notNull().default(0),
    /** Company-wide running number (the `id` data type), from board_counters. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    notes: text('notes').notNull().default(''),
    properties: jsonb('properties').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('board_records_list_idx').on(t.companyId, t.board, t.isDeleted, t.position, t.seq),
    index('board_records_project_idx').on(t.companyId, t.projectId),
    uniqueIndex('board_records_project_row_key')
      .on(t.companyId, t.projectId)
      .where(sql`${t.board} = 'projects'`),
    index('board_records_properties_gin').using('gin', t.properties.op('jsonb_path_ops')),
  ],
);

/**
 * A record's history (docs/board.md "A record's history"): who made it, changed which values from
 * what to what, sent it to the bin or brought it back. One row per write of a record; `changes` holds
 * `[{ key, from, to }]` for the values the user wrote (computed cells are left out). Append-only.
 */
export const boardRecordEvents = pgTable(
  'board_record_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => boardRecords.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** created, changed, deleted, restored */
    kind: text('kind').notNull(),
    changes: jsonb('changes').notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('board_record_events_record_idx').on(t.companyId, t.recordId, t.id),
    // The board's activity: the company's latest entries.
    index('board_record_events_company_idx').on(t.companyId, t.id),
    // One person's activity (the activity panel's person filter).
    index('board_record_events_user_idx').on(t.companyId, t.userId, t.id),
  ],
);

/**
 * Who has a board open, and which record (docs/decisions/0034-presence.md): one row per browser tab,
 * written again every 25 s while the tab shows the board; a row not written for a minute is gone.
 */
export const boardPresence = pgTable(
  'board_presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The tab's own id (it makes one when it opens). */
    tabId: uuid('tab_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    board: text('board').notNull(),
    recordId: uuid('record_id').references(() => boardRecords.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // With the company: a user moved to another company starts afresh there (row-level security).
    primaryKey({ columns: [t.companyId, t.userId, t.tabId] }),
    index('board_presence_company_idx').on(t.companyId, t.board, t.seenAt),
  ],
);

/** The next running number of each company's records. */
export const boardCounters = pgTable('board_counters', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  nextSeq: bigint('next_seq', { mode: 'number' }).notNull().default(1),
});

/**
 * Property definitions (SPEC "User properties"): company-wide, one row per company and board,
 * `properties` keyed by the property name. `user_id` is the user who set the board up.
 */
export const boardProperties = pgTable(
  'board_properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    board: text('board').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    properties: jsonb('properties').notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('board_properties_company_board_key').on(t.companyId, t.board)],
);

/** Saved views (SPEC "View"), each user's own, per board and optionally per project. */
export const boardViews = pgTable(
  'board_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    board: text('board').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    viewType: text('view_type').notNull().default('table'),
    filters: jsonb('filters').notNull().default([]),
    sort: jsonb('sort').notNull().default([]),
    hiddenProperties: jsonb('hidden_properties').notNull().default([]),
    groupBy: text('group_by'),
    sumProperty: text('sum_property'),
    order: jsonb('order').notNull().default([]),
    width: jsonb('width').notNull().default({}),
    /** The summary row's calculation of each column, by property key (docs/board.md "Calculations"). */
    calculations: jsonb('calculations').notNull().default({}),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_views_user_idx').on(t.userId, t.board, t.projectId, t.position)],
);

/** Task-set templates (SPEC "Task set template"): a snapshot of tasks, imported into projects. */
export const taskTemplates = pgTable(
  'task_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    tasks: jsonb('tasks').notNull().default([]),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Soft delete: set when deleted, cleared by the undo. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_templates_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A column's type change, kept for its undo (docs/board.md "Changing a column's type"): the cells
 * the conversion could not give back, as `[{ id, from, to }]` (the record, its value before and the
 * value the change wrote). Written in the change's transaction; used once by the undo, else gone
 * after a day.
 */
export const boardRetypes = pgTable(
  'board_retypes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    board: text('board').notNull(),
    /** The column's key after the change. */
    propertyKey: text('property_key').notNull(),
    fromType: text('from_type').notNull(),
    toType: text('to_type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cells: jsonb('cells').notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_retypes_company_idx').on(t.companyId, t.at)],
);
