import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Single-use mailed links (activation, password reset, unlock). The link carries a signed token whose
 * `jti` is this row's id; using it sets usedAt, so a second use fails even before expiry.
 */
export const oneTimeLinks = pgTable(
  'one_time_links',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull().$type<'activation' | 'reset' | 'unlock'>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('one_time_links_user_idx').on(t.userId)],
);
