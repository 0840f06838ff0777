import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * IVs of accepted login payloads. The primary key makes "insert or fail" the replay check; rows
 * older than the payload's freshness window can never match again and are pruned.
 */
export const loginNonces = pgTable(
  'login_nonces',
  {
    iv: text('iv').primaryKey(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('login_nonces_seen_idx').on(t.seenAt)],
);
