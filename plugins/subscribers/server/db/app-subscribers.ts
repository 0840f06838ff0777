import { apps, index, pgTable, text, timestamp, uniqueIndex, uuid } from '@civic/sdk/server/schema';

/**
 * Citizens who opted in to an app's announcements on a channel. Only what sending and proving
 * consent need: the channel, its contact, the topics, which consent text was agreed to and when,
 * where the opt-in came from, and the status with its times. They go with their app.
 */
export const appSubscribers = pgTable(
  'app_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    /** WEB_CHAT (contact: e-mail), TELEGRAM (user id), WHATSAPP (phone number). */
    channel: text('channel').notNull(),
    /** As given (an e-mail lower-cased). */
    contact: text('contact').notNull(),
    topics: text('topics').array().notNull().default([]),
    consentVersion: text('consent_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull(),
    source: text('source').notNull().default(''),
    /** ACTIVE or UNSUBSCRIBED. */
    status: text('status').notNull().default('ACTIVE'),
    /** SHA-256 of the unsubscribe token given at the last opt-in (the token itself is never stored). */
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One row per contact and channel of an app: a second opt-in updates it.
    uniqueIndex('app_subscribers_contact_idx').on(t.appId, t.channel, t.contact),
    // Keyset pages, newest first.
    index('app_subscribers_page_idx').on(t.appId, t.createdAt, t.id),
    index('app_subscribers_status_idx').on(t.appId, t.status, t.channel),
    uniqueIndex('app_subscribers_token_idx').on(t.unsubscribeTokenHash),
  ],
);
