import { check, index, integer, jsonb, pgTable, sql, text, uuid } from '@civic/sdk/server/schema';
import type { PhrasePart } from '../../contract/common/knowledge/index';
import { intents } from './intents';

/**
 * One row per training phrase (§3), in the intent's order. `text` is the parts joined, kept for
 * search and conflict detection; `entityTypes` lists the `@entities` tagged in it, so "where is this
 * entity used" is an index look-up.
 */
export const trainingPhrases = pgTable(
  'training_phrases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    intentId: uuid('intent_id')
      .notNull()
      .references(() => intents.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    position: integer('position').notNull(),
    referenceId: text('reference_id').notNull(),
    type: text('type').notNull().$type<'example' | 'template'>(),
    parts: jsonb('parts').$type<PhrasePart[]>().notNull(),
    text: text('text').notNull(),
    entityTypes: text('entity_types').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('training_phrases_intent_idx').on(t.intentId, t.position),
    index('training_phrases_app_idx').on(t.appId),
    index('training_phrases_entities_idx').using('gin', t.entityTypes),
    check('training_phrases_type_check', sql`${t.type} in ('example', 'template')`),
  ],
);
