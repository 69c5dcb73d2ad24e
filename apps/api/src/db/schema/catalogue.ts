import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { files, projects } from './quotes';
import { users } from './users';

/**
 * Products: the platform's list (company_id null, kept by ADMIN) and companies' own products,
 * usually duplicated from a platform product and adapted (source_product_id).
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    sourceProductId: uuid('source_product_id'),
    type: text('type').notNull(),
    subtype: text('subtype'),
    name: text('name').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    /** Per type: power (W), capacity (kWh), efficiency (%), warranty (years), and the like. */
    details: jsonb('details').notNull().default({}),
    datasheetFileId: uuid('datasheet_file_id').references(() => files.id, { onDelete: 'set null' }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_company_type_idx').on(t.companyId, t.type, t.name),
    index('products_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** A product in a company's catalogue with the company's price and bulk prices (by quantity tier). */
export const installerProducts = pgTable(
  'installer_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: doublePrecision('price').notNull(),
    /** [{ minQuantity, price }] sorted by minQuantity. */
    bulkPrices: jsonb('bulk_prices').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('installer_products_company_product_key').on(t.companyId, t.productId)],
);

/** A company's pricing strategy for the offer calculator (SPEC §9). */
export const pricingSettings = pgTable('pricing_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  strategy: text('strategy').notNull().default('fixForProject'),
  value: doublePrecision('value').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull().default('de'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Soft delete: set when deleted, cleared by the undo (issue 8 "Data safety"). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_templates_company_idx').on(t.companyId, t.name)],
);

/** Word (.docx) offer templates; the file itself is in storage. */
export const wordTemplates = pgTable(
  'word_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the default templates shipped with the portal. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull().default('de'),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Soft delete: set when deleted, cleared by the undo; the file stays in storage meanwhile. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('word_templates_company_idx').on(t.companyId, t.name)],
);

/** An offer uploaded on a project, with its production data and delivery state. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    moduleQuantity: integer('module_quantity').notNull(),
    productionCapacity: doublePrecision('production_capacity').notNull(),
    finalPrice: doublePrecision('final_price').notNull(),
    yearlyProduction: doublePrecision('yearly_production').notNull(),
    /** Twelve values keyed by month name (kWh). */
    monthlySolarData: jsonb('monthly_solar_data').notNull(),
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    modelFileId: uuid('model_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** none | queued | sent | failed */
    sendState: text('send_state').notNull().default('none'),
    sendError: text('send_error'),
    sentTo: text('sent_to'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Who last asked for the e-mail to go out (hears of the customer's answer, docs/notifications.md). */
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offers_project_idx').on(t.projectId, t.createdAt)],
);

/** A customer's online acceptance of one offer version (typed name and consent). */
export const offerAcceptances = pgTable(
  'offer_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    offerVersion: integer('offer_version').notNull(),
    fullName: text('full_name').notNull(),
    ip: text('ip').notNull().default(''),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_acceptances_offer_key').on(t.offerId),
    index('offer_acceptances_project_idx').on(t.projectId),
  ],
);

/**
 * A customer's online refusal of one offer version, with the optional reason (docs/offers.md "The
 * customer's decline"). One per offer: a new offer version can be declined (or accepted) anew.
 */
export const offerDeclines = pgTable(
  'offer_declines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    offerVersion: integer('offer_version').notNull(),
    reason: text('reason'),
    ip: text('ip').notNull().default(''),
    declinedAt: timestamp('declined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_declines_offer_key').on(t.offerId),
    index('offer_declines_project_idx').on(t.projectId),
  ],
);
