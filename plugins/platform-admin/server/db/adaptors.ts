import { apps, boolean, index, pgTable, primaryKey, text, timestamp, uuid } from '@civic/sdk/server/schema';

/**
 * Channel connectors of the platform (platform-admin plugin): web chat, WhatsApp, Telegram, LINE,
 * Facebook Messenger, Slack … each with the https webhook the channel calls.
 */
export const adaptors = pgTable('adaptors', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull(),
  name: text('name').notNull().unique(),
  webhookUrl: text('webhook_url').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Outcome of the last connection test, as shown on the screen. */
  lastTestAt: timestamp('last_test_at', { withTimezone: true, mode: 'date' }),
  lastTestOk: boolean('last_test_ok'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The apps an adaptor serves. */
export const adaptorApps = pgTable(
  'adaptor_apps',
  {
    adaptorId: uuid('adaptor_id')
      .notNull()
      .references(() => adaptors.id, { onDelete: 'cascade' }),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adaptorId, t.appId] }), index('adaptor_apps_app_idx').on(t.appId)],
);
