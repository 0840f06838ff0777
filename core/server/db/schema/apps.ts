import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies';

/**
 * Chat apps: every field of §3 "App settings" and "App patch". `appId` is the public id used in
 * URLs (`demo-enterprise`). The restriction columns let one Starter-tier app use a feature its tier
 * disables (§6).
 */
export const apps = pgTable(
  'apps',
  {
    appId: text('app_id').primaryKey(),
    appName: text('app_name').notNull(),
    description: text('description').notNull().default(''),
    projectId: text('project_id').notNull().default(''),
    /** Null = automatic: the threshold the app's trained model suggests from its own held-out phrases. */
    mlConfidenceThreshold: doublePrecision('ml_confidence_threshold'),
    /** Null = automatic (as mlConfidenceThreshold). */
    qnaConfidenceThreshold: doublePrecision('qna_confidence_threshold'),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    hosting: text('hosting').notNull().default('GCC'),
    isPlaygroundEnabled: boolean('is_playground_enabled').notNull().default(false),
    isGenerative: boolean('is_generative').notNull().default(false),
    nlpEngineService: text('nlp_engine_service').notNull().default('CIVIC_DIALOG_ENGINE'),
    qnaHandler: text('qna_handler'),
    dialogHandler: text('dialog_handler'),
    subscriptionTier: text('subscription_tier').notNull(),
    civicChuMode: text('civic_chu_mode'),
    systemClassification: text('system_classification').notNull().default('OFFICIAL'),
    isPrivate: boolean('is_private').notNull().default(false),
    skipBackupResponse: boolean('skip_backup_response').notNull().default(false),
    liveChatService: text('live_chat_service'),
    authenticationService: text('authentication_service'),
    goLiveAt: timestamp('go_live_at', { withTimezone: true, mode: 'date' }),
    decommissionAt: timestamp('decommission_at', { withTimezone: true, mode: 'date' }),
    allowedDomains: text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    restrictionAnalytics: boolean('restriction_analytics').notNull().default(false),
    restrictionCategories: boolean('restriction_categories').notNull().default(false),
    restrictionLabels: boolean('restriction_labels').notNull().default(false),
    restrictionTrainingHub: boolean('restriction_training_hub').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('apps_agency_idx').on(t.agencyId),
    check('apps_chu_mode_check', sql`${t.civicChuMode} is null or ${t.civicChuMode} in ('ALL', 'PLAYGROUND')`),
    check('apps_thresholds_check', sql`${t.mlConfidenceThreshold} between 0 and 1 and ${t.qnaConfidenceThreshold} between 0 and 1`),
  ],
);
