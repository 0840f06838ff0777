import { apps, integer, pgTable, sql, text, timestamp, uniqueIndex, uuid } from '@civic/sdk/server/schema';

/** Glossary terms of an app's draft; the engine expands synonyms to the term. */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    synonyms: text('synonyms').array().notNull().default(sql`'{}'::text[]`),
    definition: text('definition').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('glossary_terms_app_term_uq').on(t.appId, sql`lower(${t.term})`)],
);
