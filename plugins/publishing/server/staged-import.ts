import type { DbExecutor, DomainEvents, JobContext } from '@civic/sdk/server';
import { knowledgeChanged } from '../../knowledge-base/contract/events';
import type { BulkServices, StagedImport } from './bulk-plan';
import { applyNextChunk, chunksLeft, commitStage, discardStage, endStage, saveStage, stageStateOf } from './bulk-stage';

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
 * A bulk import of Q&A as a resumable job that never holds the database for long, and is still all
 * or nothing: (1) plan, reading in batches; (2) stage the planned rows in chunks, nothing of the
 * draft touched — a cancellation, failure or stop discards them; (3) one short transaction checks
 * the draft and commits to the import (from then on it can no longer be cancelled); (4) each chunk is
 * written into the draft in a short transaction of its own, the last one with the job's final status
 * and `knowledge.changed`. Other requests run between these transactions (on PGlite they share one
 * connection). Stopped or killed in (4), the job is run again and writes the chunks left.
 */
export async function runStagedImport<P>(ctx: JobContext<P>, kb: BulkServices, events: DomainEvents, job: StagedImportJob): Promise<void> {
  const appId = ctx.appId ?? '';
  const db = ctx.db;
  if ((await stageStateOf(db, ctx.id)) === 'applying') ctx.uncancellable();
  else {
    // A stage a stopped run left before its commit point is planned afresh.
    await discardStage(db, ctx.id);
    const staged = await job.plan((fraction, counts) => {
      ctx.throwIfCancelled();
      ctx.progress(5 + 40 * fraction, counts);
    });
    try {
      await saveStage(db, ctx.id, appId, staged, (done, total) => {
        ctx.throwIfCancelled();
        ctx.progress(45 + (5 * done) / total);
      });
      await db.transaction(async (tx) => {
        await commitStage(kb, tx, appId, ctx.id, staged);
        ctx.throwIfCancelled();
        ctx.uncancellable();
      });
    } catch (error) {
      await discardStage(db, ctx.id).catch(() => undefined);
      throw error;
    }
  }
  const stamp = { userId: ctx.createdBy, now: ctx.now(), sourceUrl: job.sourceUrl };
  while ((await chunksLeft(db, ctx.id)) > 1) {
    const step = await db.transaction((tx) => applyNextChunk(kb, tx, appId, ctx.id, stamp));
    if (step) ctx.progress(50 + (50 * step.done) / Math.max(1, step.total), step.counts);
  }
  await ctx.commit(async (tx) => {
    const last = await applyNextChunk(kb, tx, appId, ctx.id, stamp);
    await endStage(tx, ctx.id);
    await job.finish?.(tx);
    await events.publish(tx, knowledgeChanged, { appId });
    const counts = last?.counts ?? {};
    return { counts: job.shownCounts?.(counts) ?? counts, errors: last?.errors, result: job.result };
  });
}
