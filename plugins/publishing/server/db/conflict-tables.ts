import { apps, boolean, check, index, integer, pgTable, primaryKey, sql, text, timestamp, uuid } from '@civic/sdk/server/schema';

/**
 * One conflict-detection run of an app. Its groups and pairs are written while it is `writing`
 * (outside any transaction, in batches), it becomes `current` in the job's final transaction, and the
 * run it replaces is `replaced` until its rows are deleted. `pairs`, `groups` and `identical` follow
 * the fixes made on the page (a moved or deleted phrase's pairs are removed).
 */
export const conflictRuns = pgTable(
  'publishing_conflict_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    jobId: uuid('job_id'),
    state: text('state').notNull().$type<'writing' | 'current' | 'replaced'>(),
    /** Similarity threshold in thousandths. */
    threshold: integer('threshold').notNull(),
    phrases: integer('phrases').notNull(),
    groups: integer('groups').notNull(),
    pairs: integer('pairs').notNull(),
    identical: integer('identical').notNull(),
    millis: integer('millis').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('publishing_conflict_runs_app_idx').on(t.appId, t.state), check('publishing_conflict_runs_state_check', sql`${t.state} in ('writing', 'current', 'replaced')`)],
);

/** The pairs of one run between two intents (`intentA` < `intentB`): counts and the best score (thousandths). */
export const conflictGroups = pgTable(
  'publishing_conflict_groups',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => conflictRuns.id, { onDelete: 'cascade' }),
    /** 1-based rank in the run (most pairs first when it ran): the group's key within the run. */
    no: integer('no').notNull(),
    appId: text('app_id').notNull(),
    intentA: uuid('intent_a').notNull(),
    intentB: uuid('intent_b').notNull(),
    pairCount: integer('pair_count').notNull(),
    maxScore: integer('max_score').notNull(),
    identicalCount: integer('identical_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.no] }),
    index('publishing_conflict_groups_intents_idx').on(t.runId, t.intentA, t.intentB),
    // Keyset pages in either order: (value desc, no) after a cursor.
    index('publishing_conflict_groups_pairs_idx').on(t.runId, t.pairCount.desc(), t.no),
    index('publishing_conflict_groups_score_idx').on(t.runId, t.maxScore.desc(), t.no),
  ],
);

/**
 * A phrase pair of a group, ranked best first (`rank`, the keyset). The texts' hashes tell a pair
 * whose phrase was edited since the run (stale: left out).
 */
export const conflictPairs = pgTable(
  'publishing_conflict_pairs',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => conflictRuns.id, { onDelete: 'cascade' }),
    groupNo: integer('group_no').notNull(),
    rank: integer('rank').notNull(),
    phraseA: uuid('phrase_a').notNull(),
    phraseB: uuid('phrase_b').notNull(),
    hashA: integer('hash_a').notNull(),
    hashB: integer('hash_b').notNull(),
    score: integer('score').notNull(),
    identical: boolean('identical').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.groupNo, t.rank] }),
    index('publishing_conflict_pairs_phrase_a_idx').on(t.runId, t.phraseA),
    index('publishing_conflict_pairs_phrase_b_idx').on(t.runId, t.phraseB),
  ],
);
