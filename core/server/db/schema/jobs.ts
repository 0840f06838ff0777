import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps } from './apps';

/**
 * Background jobs (import, export, publish, conflict detection…), run by the server process's job
 * runner (core/server/jobs). A job's own writes and its final status commit in one transaction, so a
 * job is either done or not at all; a job whose heartbeat stopped (process killed) is failed at start.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    appId: text('app_id').references(() => apps.appId, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued').$type<'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'>(),
    progress: integer('progress').notNull().default(0),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    result: jsonb('result').$type<unknown>(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdBy: uuid('created_by'),
    createdByEmail: text('created_by_email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('jobs_app_idx').on(t.appId, t.createdAt),
    index('jobs_status_idx').on(t.status, t.createdAt),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    check('jobs_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
