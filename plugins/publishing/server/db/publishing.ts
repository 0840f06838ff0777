import { apps, boolean, check, index, integer, jsonb, pgTable, sql, text, timestamp, uniqueIndex, uuid } from '@civic/sdk/server/schema';
import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';

/**
 * Published versions of an app's knowledge base: immutable, numbered per app, each the whole draft
 * as it was (KnowledgeSnapshot) with who published it, when and why.
 */
export const knowledgeVersions = pgTable(
  'knowledge_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    snapshot: jsonb('snapshot').$type<KnowledgeSnapshot>().notNull(),
    note: text('note').notNull().default(''),
    authorId: uuid('author_id'),
    authorEmail: text('author_email').notNull(),
    approvedByEmail: text('approved_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('knowledge_versions_app_number_uq').on(t.appId, t.number)],
);

/** Which version citizens get (the production environment), per app; no row means never published. */
export const appProduction = pgTable('app_production', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.appId, { onDelete: 'cascade' }),
  versionId: uuid('version_id')
    .notNull()
    .references(() => knowledgeVersions.id),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
  changedByEmail: text('changed_by_email').notNull(),
});

/** Per-app publishing options and the conflict-detection bookkeeping behind the §4 nudge. */
export const publishingSettings = pgTable('publishing_settings', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.appId, { onDelete: 'cascade' }),
  requireApproval: boolean('require_approval').notNull().default(false),
  /** Fingerprint of the phrases the last conflict run saw; a different one now means "run it again". */
  conflictFingerprint: text('conflict_fingerprint'),
  conflictRunAt: timestamp('conflict_run_at', { withTimezone: true, mode: 'date' }),
});

/** A publish waiting for a second app admin (when approval is required). */
export const publishRequests = pgTable(
  'publish_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('pending').$type<'pending' | 'approved' | 'rejected' | 'withdrawn'>(),
    requestedBy: uuid('requested_by'),
    requestedByEmail: text('requested_by_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    jobId: uuid('job_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The draft as it was when the request was filed: the diff an approver reviews and what the approved
     * publish ships. Null only on requests filed before pinning existed (those are treated as stale).
     */
    snapshot: jsonb('snapshot').$type<KnowledgeSnapshot>(),
    /** Hash of `snapshot` (see draftHash); a draft whose hash differs makes the request stale. */
    snapshotHash: text('snapshot_hash'),
  },
  (t) => [
    index('publish_requests_app_idx').on(t.appId, t.requestedAt),
    check('publish_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);

/**
 * The last publish replay of an app (run by the dialog engine, recorded through `PublishReplays`):
 * the draft it replayed and how many answers would change. A publish of that same draft with changed
 * answers needs the editor's acknowledgement.
 */
export const publishReplays = pgTable('publish_replays', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.appId, { onDelete: 'cascade' }),
  draftHash: text('draft_hash').notNull(),
  changes: integer('changes').notNull(),
  replayedAt: timestamp('replayed_at', { withTimezone: true, mode: 'date' }).notNull(),
});
