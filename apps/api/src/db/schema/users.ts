import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull(),
    /** Null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    image: text('image'),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: text('role').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /** The city a CITY_ADMIN administers. */
    city: text('city'),
    preferredLanguage: text('preferred_language').notNull().default('de'),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** Bumped to end every session of the user at once (disable, password reset, access removed). */
    sessionVersion: integer('session_version').notNull().default(0),
    /** When the user finished or skipped the first-login tour (issue 9); null shows it. */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** Whether a new notification is also sent by e-mail (docs/notifications.md). */
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_idx').on(t.companyId, sql`lower(${t.firstName})`, t.id),
  ],
);
