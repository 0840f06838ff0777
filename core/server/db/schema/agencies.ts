import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Government agencies; every user and app belongs to one. */
export const agencies = pgTable('agencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
