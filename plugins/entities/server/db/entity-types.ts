import { apps, boolean, check, integer, jsonb, pgTable, sql, text, timestamp, uniqueIndex, uuid } from '@civic/sdk/server/schema';
import type { EntityEntry } from '../../contract/common/index';

/** Knowledge base entities (§3 "Entity"), in the draft. Names are unique per app, without `@`. */
export const entityTypes = pgTable(
  'entity_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    kind: text('kind').notNull().$type<'KIND_MAP' | 'KIND_LIST' | 'KIND_REGEXP'>(),
    enableFuzzyExtraction: boolean('enable_fuzzy_extraction').notNull().default(false),
    entries: jsonb('entries').$type<EntityEntry[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entity_types_app_name_uq').on(t.appId, sql`lower(${t.displayName})`),
    check('entity_types_kind_check', sql`${t.kind} in ('KIND_MAP', 'KIND_LIST', 'KIND_REGEXP')`),
  ],
);
