import { sql } from 'drizzle-orm';
import {
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
import { users } from './users';

/** A customer's solar project request; belongs to the platform, seen by installers nearby. */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortId: text('short_id').notNull(),
    version: integer('version').notNull().default(1),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    status: text('status').notNull().default('NOT_ACCESSED'),
    taskStatus: text('task_status').notNull().default('TO_BE_PLANNED'),
    verification: text('verification').notNull().default('pending'),
    solarCoverage: text('solar_coverage').notNull().default('no_solar'),
    roofType: text('roof_type').notNull().default(''),
    roofMaterial: text('roof_material').notNull().default(''),
    roofOrientation: text('roof_orientation').notNull().default(''),
    buildingType: text('building_type').notNull().default('Single-Family'),
    pricePerKwh: doublePrecision('price_per_kwh').notNull().default(0),
    feedInTariff: doublePrecision('feed_in_tariff').notNull().default(0),
    people: integer('people').notNull().default(1),
    consumption: doublePrecision('consumption').notNull().default(0),
    totalCost: doublePrecision('total_cost').notNull().default(0),
    rating: doublePrecision('rating').notNull().default(0),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    isDuplicate: boolean('is_duplicate').notNull().default(false),
    isBlacklisted: boolean('is_blacklisted').notNull().default(false),
    customerFirstName: text('customer_first_name').notNull().default(''),
    customerLastName: text('customer_last_name').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    /** The company a customer chose on the public page (partner link), if any. */
    requestedCompanyId: uuid('requested_company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_short_id_key').on(t.shortId),
    // Read forwards for ascending and backwards for descending sorts (`rating DESC, id DESC`).
    index('quotes_rating_id_idx').on(t.rating, t.id),
    index('quotes_total_cost_idx').on(t.totalCost, t.id),
    index('quotes_created_idx').on(t.createdAt, t.id),
    index('quotes_city_idx').on(t.city, t.id),
    index('quotes_city_rating_idx').on(t.city, t.rating, t.id),
    index('quotes_geo_idx').on(t.latitude, t.longitude),
    index('quotes_task_status_idx').on(t.taskStatus, t.id),
  ],
);

/**
 * The quotes each company sees: those inside its service area and those it has a project of, kept by
 * triggers on quotes, companies and projects (migrations 0011, 0012): the listing reads them in
 * rating order from one index range
 * instead of testing the distance of every quote (docs/decisions/0005). Derived from platform data
 * (quote coordinates and the company's public location), so it carries no company content.
 */
export const quoteAreas = pgTable(
  'quote_areas',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** A copy of the quote's rating, the default sort, so a page is one index range. */
    rating: doublePrecision('rating').notNull(),
    /** Within the company's radius. */
    inArea: boolean('in_area').notNull().default(true),
    /** The company has a (not deleted) project of the quote: visible wherever the quote is. */
    hasProject: boolean('has_project').notNull().default(false),
    /**
     * Copies of the quote's columns an installer filters by most (migration 0016): a filtered page
     * reads them from the rating index (its INCLUDE columns) instead of looking up every quote.
     */
    buildingType: text('building_type').notNull().default(''),
    status: text('status').notNull().default(''),
    verification: text('verification').notNull().default(''),
    totalCost: doublePrecision('total_cost').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.quoteId], name: 'quote_areas_pkey' }),
    index('quote_areas_company_rating_idx').on(t.companyId, t.rating, t.quoteId),
    index('quote_areas_quote_idx').on(t.quoteId),
  ],
);

/**
 * A company's project of a quote (SPEC "saved project"; "matched" when the platform matched the
 * quote to the company). One per company and quote.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull().default('ACQUISITION'),
    isMatched: boolean('is_matched').notNull().default(false),
    responsibleUserId: uuid('responsible_user_id').references(() => users.id, { onDelete: 'set null' }),
    customerTarget: text('customer_target').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    components: jsonb('components').notNull().default([]),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projects_company_quote_key').on(t.companyId, t.quoteId),
    index('projects_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('projects_company_stage_idx').on(t.companyId, t.stage, t.updatedAt),
    index('projects_quote_idx').on(t.quoteId),
  ],
);

export const stageHistory = pgTable(
  'stage_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromStage: text('from_stage'),
    toStage: text('to_stage').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The customer made the move through the customer view (an acceptance or a decline): no user. */
    byCustomer: boolean('by_customer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stage_history_project_idx').on(t.projectId, t.createdAt)],
);

/** Uploaded files: a company's project files, and the platform's planning files of a quote. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for platform files (planning OBJ/PVSol uploaded by ADMIN). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    /** media | project | obj | pvsol */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_project_idx').on(t.projectId, t.createdAt),
    index('files_quote_kind_idx').on(t.quoteId, t.kind),
    index('files_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const changeRequests = pgTable(
  'change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    status: text('status').notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_requests_status_idx').on(t.status, t.createdAt)],
);
