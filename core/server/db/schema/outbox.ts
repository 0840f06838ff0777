import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail of a deployment without SMTP (embedded default): kept here instead of being sent. */
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
