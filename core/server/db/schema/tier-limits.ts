import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Limits per subscription tier (our reading of §3's unshown shape, see ARCHITECTURE). */
export const tierLimits = pgTable('tier_limits', {
  tier: text('tier').primaryKey(),
  maxIntents: integer('max_intents').notNull(),
  maxMembers: integer('max_members').notNull(),
  maxMonthlySessions: integer('max_monthly_sessions').notNull(),
  analytics: boolean('analytics').notNull(),
  categories: boolean('categories').notNull(),
  labels: boolean('labels').notNull(),
  trainingHub: boolean('training_hub').notNull(),
});
