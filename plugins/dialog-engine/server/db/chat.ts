import { apps, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, sql, text, timestamp, uuid } from '@civic/sdk/server/schema';
import type { ResponseMessage } from '../../../knowledge-base/contract/common/responses/index';

/** How an app answers in one environment (/dialogFlow): the engine and its handler URLs. */
export const dialogEngineConfigs = pgTable(
  'dialog_engine_configs',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    environment: text('environment').notNull().$type<'draft' | 'production'>(),
    engine: text('engine').notNull(),
    qnaHandler: text('qna_handler'),
    dialogHandler: text('dialog_handler'),
    linkedAppIds: text('linked_app_ids').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.environment] }), check('dialog_engine_configs_env_check', sql`${t.environment} in ('draft', 'production')`)],
);

/** A conversation with the web chat (or another channel): what the engine remembers between turns. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    environment: text('environment').notNull().$type<'draft' | 'production'>(),
    channel: text('channel').notNull(),
    /** The signed-in member chatting with the draft; null for citizens. */
    userId: uuid('user_id'),
    /** Active contexts and slot filling in progress. */
    state: jsonb('state').$type<{ contexts: Array<{ name: string; lifespan: number }>; pending: { intentId: string; values: Record<string, string>; asking: string } | null }>().notNull(),
    csatRating: integer('csat_rating'),
    csatComment: text('csat_comment'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('chat_sessions_app_created_idx').on(t.appId, t.createdAt.desc()), check('chat_sessions_csat_check', sql`${t.csatRating} is null or ${t.csatRating} between 1 and 5`)],
);

/**
 * §3 Transcript: one turn — the user's text (`data`), the answer, its intent and confidence, the
 * feedback, and what explains it later: session, environment, content version and hash, top matches.
 * reviewStatus is PENDING for fallbacks and low-confidence answers. Keyset paging by (app, time, id).
 */
export const transcripts = pgTable(
  'transcripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    environment: text('environment').notNull().$type<'draft' | 'production'>(),
    channel: text('channel').notNull(),
    data: text('data').notNull(),
    transAuthor: text('trans_author').notNull(),
    reply: jsonb('reply').$type<ResponseMessage[]>().notNull(),
    confidenceScore: doublePrecision('confidence_score').notNull(),
    intentId: uuid('intent_id'),
    intentName: text('intent_name'),
    fallback: boolean('fallback').notNull(),
    topMatches: jsonb('top_matches').$type<Array<{ intentId: string; intentName: string; score: number }>>().notNull(),
    contentVersion: text('content_version').notNull(),
    contentHash: text('content_hash').notNull(),
    thumbsUp: boolean('thumbs_up').notNull().default(false),
    thumbsDown: boolean('thumbs_down').notNull().default(false),
    reviewStatus: text('review_status').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('transcripts_app_created_idx').on(t.appId, t.createdAt.desc(), t.id.desc()),
    index('transcripts_session_idx').on(t.sessionId),
    // The training inbox: unmatched (any status) newest first, keyset by time and id; matched of one
    // review status likewise, whose prefix (app, status) also counts the pending badge.
    index('transcripts_app_fallback_created_idx').on(t.appId, t.fallback, t.createdAt.desc(), t.id.desc()),
    index('transcripts_app_review_idx').on(t.appId, t.reviewStatus, t.fallback, t.createdAt.desc(), t.id.desc()),
  ],
);
