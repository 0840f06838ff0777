import { boolean, pgTable, text } from 'drizzle-orm/pg-core';

/** Server-side feature flags, served in Unleash's frontend-API shape. */
export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  description: text('description').notNull().default(''),
});
