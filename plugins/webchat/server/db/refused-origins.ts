import { apps, integer, pgTable, primaryKey, text, timestamp } from '@civic/sdk/server/schema';

/**
 * Web pages refused the widget (their origin is not on the app's allowedDomains), per app and
 * origin: the Web Chat tab lists the recent ones so an admin sees a site that tried to embed it.
 */
export const webchatRefusedOrigins = pgTable(
  'webchat_refused_origins',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    attempts: integer('attempts').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.origin] })],
);
