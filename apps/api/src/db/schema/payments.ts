import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { files, quotes } from './quotes';
import { users } from './users';

/** A company's plan (one row per company; no row means Free). */
export const subscriptions = pgTable('subscriptions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull().default('free'),
  objExtra: integer('obj_extra').notNull().default(0),
  pvsolExtra: integer('pvsol_extra').notNull().default(0),
  status: text('status').notNull().default('active'),
  provider: text('provider').notNull().default('none'),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** Cancelled by the company: the plan stays until current_period_end and does not renew. */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider events already applied, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  companyId: uuid('company_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Prices and checkout sessions of the local test provider (Stripe keeps its own). */
export const localPrices = pgTable('local_prices', {
  id: text('id').primaryKey(),
  unitAmount: integer('unit_amount').notNull(),
  obj: integer('obj').notNull(),
  pvsol: integer('pvsol').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  priceId: text('price_id').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Planning-file downloads: each file counts once per company, in the month of its first download. */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** YYYY-MM of the first download (UTC). */
    month: text('month').notNull(),
    /** Counted against the free allowance (true) or the plan's monthly budget. */
    isFree: boolean('is_free').notNull().default(false),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('downloads_company_file_key').on(t.companyId, t.fileId),
    index('downloads_company_month_idx').on(t.companyId, t.month),
  ],
);
