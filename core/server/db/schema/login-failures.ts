import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins per normalised email, whether or not an account exists, so the answer never
 * reveals which emails are registered. Reset on success.
 */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  firstFailedAt: timestamp('first_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});
