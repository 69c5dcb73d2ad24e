import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * Who changed a stage, a price or an access right, and when (issue 8 "Data safety", docs/security.md
 * "Audit log"). Written in the same transaction as the change; never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null when no user acted (a customer accepting an offer through the signed link). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** project.stage, product.price, product.bulk_prices, pricing.strategy, user.role, user.access_removed,
     * change_request.resolved, change_request.reopened */
    action: text('action').notNull(),
    entityId: uuid('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_company_idx').on(t.companyId, t.createdAt, t.id)],
);
