import { apps, boolean, pgTable, text, timestamp } from '@civic/sdk/server/schema';

/** App settings, Reports: one scheduled bot-summary e-mail per app. */
export const analyticsReportSchedules = pgTable('analytics_report_schedules', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.appId, { onDelete: 'cascade' }),
  frequency: text('frequency').notNull().$type<'weekly' | 'monthly'>(),
  format: text('format').notNull().$type<'pdf' | 'csv'>(),
  /** E-mail addresses of app members, checked when saved and again when sent. */
  recipients: text('recipients').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
