import type { BulkRow } from '../../common/bulk';
import { apps, check, integer, jobs, jsonb, pgTable, primaryKey, sql, text, timestamp, uuid } from '@civic/sdk/server/schema';

/**
 * An import (a bulk file of Q&A, the generator's approved pairs, an agent zip) on its way into the draft, so that
 * the job writes in short transactions and is still all or nothing. Its planned rows are written in
 * chunks while it is `staging` (nothing of the draft touched: a stopped or failed job discards them);
 * one short transaction checks the draft and makes it `applying`; from then on each chunk is written
 * into the draft in a transaction of its own that deletes the chunk, and the last one deletes the
 * stage with the job's final status. A job stopped while `applying` is run again and finishes.
 */
export const importStages = pgTable(
  'publishing_import_stages',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    state: text('state').notNull().$type<'staging' | 'applying'>(),
    /** The job's counts (a bulk import's created, updated…; a zip's intents, phrases…) and row problems, kept up to date as chunks are written. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    errors: jsonb('errors').$type<string[]>().notNull(),
    chunks: integer('chunks').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('publishing_import_stages_state_check', sql`${t.state} in ('staging', 'applying')`)],
);

/**
 * One transaction's worth of an import, as its kind stages it: the bulk import's Q&A pairs to create
 * and those to replace (`StagedRow[]`), the agent zip import's intents, classes, entity types… (`AgentChunk`).
 */
export const importChunks = pgTable(
  'publishing_import_chunks',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importStages.jobId, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    rows: jsonb('rows').$type<unknown>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.no] })],
);

/** A planned row: `id` is the Q&A pair it replaces (absent for a new one). */
export type StagedRow = Omit<BulkRow, 'errors'> & { id?: string };
