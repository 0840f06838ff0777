import { apps, integer, jsonb, pgTable, text, timestamp } from '@civic/sdk/server/schema';

/**
 * Web chat widget settings per app (§3 "Web chat widget settings", plugin `webchat`). Stored as one
 * JSON document validated by the plugin's DTO; fields missing from it read as the §9 defaults, so
 * an app without a row has the default widget. `version` guards concurrent edits.
 */
export const webchatSettings = pgTable('webchat_settings', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.appId, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
