import { type AnyPgColumn, apps, check, date, index, integer, jsonb, pgTable, sql, text, timestamp, uniqueIndex, uuid } from '@civic/sdk/server/schema';
import type { ActionParameter, OutputContext } from '../../contract/common/knowledge/index';
import type { ChannelResponses } from '../../contract/common/responses/index';

/**
 * The draft knowledge base: intents and Q&A pairs (kind `qna`). Several plugins read it — the
 * editor, entities (where used), classification (counts), the engine and publishing — so the table
 * is core's. Follow-ups point at their parent; deleting a parent deletes its children (§4). Phrases
 * live in `training_phrases`; parameters and responses are small documents kept with the intent.
 */
export const intents = pgTable(
  'intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'intent' | 'qna'>(),
    displayName: text('display_name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => intents.id, { onDelete: 'cascade' }),
    defaultKind: text('default_kind').$type<'welcome' | 'fallback'>(),
    webhookState: text('webhook_state').notNull().default('WEBHOOK_STATE_UNSPECIFIED'),
    action: text('action').notNull().default(''),
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    inputContexts: text('input_contexts').array().notNull().default(sql`'{}'::text[]`),
    outputContexts: jsonb('output_contexts').$type<OutputContext[]>().notNull().default([]),
    parameters: jsonb('parameters').$type<ActionParameter[]>().notNull().default([]),
    responses: jsonb('responses').$type<ChannelResponses[]>().notNull().default([]),
    answerOwner: text('answer_owner'),
    sourceUrl: text('source_url'),
    reviewBy: date('review_by', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    uniqueIndex('intents_app_name_uq').on(t.appId, sql`lower(${t.displayName})`),
    index('intents_app_kind_idx').on(t.appId, t.kind, t.displayName),
    index('intents_parent_idx').on(t.parentId),
    check('intents_kind_check', sql`${t.kind} in ('intent', 'qna')`),
    check('intents_default_kind_check', sql`${t.defaultKind} is null or ${t.defaultKind} in ('welcome', 'fallback')`),
  ],
);
