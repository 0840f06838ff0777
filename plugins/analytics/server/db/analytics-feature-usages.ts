import { apps, index, jsonb, pgTable, text, timestamp, uuid } from '@civic/sdk/server/schema';

/** §7 POST /api/v1/feature-usages: one use of a console feature, for the platform admins' feature analytics. */
export const analyticsFeatureUsages = pgTable(
  'analytics_feature_usages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id').references(() => apps.appId, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    event: text('event').notNull(),
    feature: text('feature').notNull(),
    module: text('module').notNull().default(''),
    intentId: text('intent_id'),
    intentName: text('intent_name'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('analytics_feature_usages_created_idx').on(t.createdAt), index('analytics_feature_usages_app_idx').on(t.appId, t.createdAt)],
);
