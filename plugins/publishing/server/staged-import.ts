import type { DbExecutor, DomainEvents, JobContext } from '@civic/sdk/server';
import { knowledgeChanged } from '../../knowledge-base/contract/events';
import type { BulkServices, StagedImport } from './bulk-plan';
import { bulkStage, checkBulkDraft, writeBulkChunk } from './bulk-stage';
import type { StagedRow } from './db/import-stages';
import { chunksLeft, commitToStage, discardStage, endStage, saveChunks, stageStateOf, writeNextChunk, type PlannedStage, type StageTally } from './import-stage';

/** An import's plan, staged: its chunks, and its check of the draft as a whole at the commit point (in that short transaction). */
export interface PlannedImport<C> extends PlannedStage<C> {
  check(tx: DbExecutor): Promise<void>;
}

/** What a staged import job does besides the staging itself: the parts that differ between a bulk file of Q&A and an agent zip. */
export interface StagedJob<C> {
  /** Reads and plans the work against the draft, outside any transaction (progress 0–1). Writes nothing. */
  plan(progress: (fraction: number, counts?: Record<string, number>) => void): Promise<PlannedImport<C>>;
  /** Writes one chunk into the draft on `tx`; answers the new tally when the chunk changed it (rows passed over). */
  write(tx: DbExecutor, chunk: C, tally: StageTally): Promise<StageTally | undefined>;
  /** The job's result, and what else its final transaction writes. */
  result: unknown;
  finish?(tx: DbExecutor): Promise<void>;
  /** The counts as the job shows them (default: the stage's). */
  shownCounts?(counts: Record<string, number>): Record<string, number>;
}

/**
 * An import as a resumable job that never holds the database for long, and is still all or
 * nothing: (1) plan, reading in batches; (2) stage the planned work in chunks, nothing of the draft
 * touched — a cancellation, failure or stop discards them; (3) one short transaction checks the draft
 * and commits to the import (from then on it can no longer be cancelled); (4) each chunk is written
 * into the draft in a short transaction of its own, the last one with the job's final status and
 * `knowledge.changed`. Other requests run between these transactions (on PGlite they share one
 * connection). Stopped or killed in (4), the job is run again and writes the chunks left. Register
 * its kind `{ transaction: false, resumable: true }`.
 */
export async function runStagedJob<P, C>(ctx: JobContext<P>, events: DomainEvents, job: StagedJob<C>): Promise<void> {
  const appId = ctx.appId ?? '';
  const db = ctx.db;
  if ((await stageStateOf(db, ctx.id)) === 'applying') ctx.uncancellable();
  else {
    // A stage a stopped run left before its commit point is planned afresh.
    await discardStage(db, ctx.id);
    const planned = await job.plan((fraction, counts) => {
      ctx.throwIfCancelled();
      ctx.progress(5 + 40 * fraction, counts);
    });
    try {
      await saveChunks(db, ctx.id, appId, planned, (done, total) => {
        ctx.throwIfCancelled();
        ctx.progress(45 + (5 * done) / total);
      });
      await db.transaction(async (tx) => {
        await commitToStage(tx, ctx.id, () => planned.check(tx));
        ctx.throwIfCancelled();
        ctx.uncancellable();
      });
    } catch (error) {
      await discardStage(db, ctx.id).catch(() => undefined);
      throw error;
    }
  }
  const writeNext = (tx: DbExecutor) => writeNextChunk<C>(tx, ctx.id, (chunk, tally) => job.write(tx, chunk, tally));
  while ((await chunksLeft(db, ctx.id)) > 1) {
    const step = await db.transaction(writeNext);
    if (step) ctx.progress(50 + (50 * step.done) / Math.max(1, step.total), step.counts);
  }
  await ctx.commit(async (tx) => {
    const last = await writeNext(tx);
    await endStage(tx, ctx.id);
    await job.finish?.(tx);
    await events.publish(tx, knowledgeChanged, { appId });
    const counts = last?.counts ?? {};
    return { counts: job.shownCounts?.(counts) ?? counts, errors: last?.errors, result: job.result };
  });
}

/** A bulk import of Q&A (a file, the generator's approved pairs): what differs from one to the other. */
export interface StagedImportJob {
  /** Reads and plans the rows against the draft, outside any transaction (progress 0–1). */
  plan(progress: (fraction: number, counts?: Record<string, number>) => void): Promise<StagedImport>;
  /** The Q&A pairs' source URL (null: an updated pair keeps its own). */
  sourceUrl: string | null;
  /** The job's result, and what else its final transaction writes. */
  result: unknown;
  finish?(tx: DbExecutor): Promise<void>;
  /** The counts as the job shows them (default: created, updated, unchanged, skipped, invalid). */
  shownCounts?(counts: Record<string, number>): Record<string, number>;
}

/**
 * A bulk import of Q&A as a staged job (runStagedJob): chunks of planned rows (bulk-stage), the
 * draft checked at the commit point for room, names taken and pairs deleted meanwhile, each chunk
 * written through the knowledge base's `BulkQna`.
 */
export async function runStagedImport<P>(ctx: JobContext<P>, kb: BulkServices, events: DomainEvents, job: StagedImportJob): Promise<void> {
  const appId = ctx.appId ?? '';
  const stamp = { userId: ctx.createdBy, now: ctx.now(), sourceUrl: job.sourceUrl };
  await runStagedJob<P, StagedRow[]>(ctx, events, {
    plan: async (progress) => {
      const staged = await job.plan(progress);
      return { ...bulkStage(staged), check: (tx) => checkBulkDraft(kb, tx, appId, staged) };
    },
    write: (tx, rows, tally) => writeBulkChunk(kb, tx, appId, rows, stamp, tally),
    result: job.result,
    finish: async (tx) => job.finish?.(tx),
    shownCounts: (counts) => job.shownCounts?.(counts) ?? counts,
  });
}
