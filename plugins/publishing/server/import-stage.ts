import { and, asc, eq, type DbExecutor } from '@civic/sdk/server';
import { importChunks, importStages } from './db/import-stages';

/**
 * The stage of an import written into the draft in short transactions (the bulk import of Q&A, the
 * Q&A generator, the agent zip import), whatever its chunks hold: the job's work, planned outside any
 * transaction, is saved chunk by chunk while `staging` (nothing of the draft touched), made `applying`
 * at the commit point, then written one chunk per transaction. Each import says what a chunk is and
 * how it is checked and written (bulk-stage, agent-stage); this is the part they share.
 */

/** What an import stages: its chunks, each written into the draft in a transaction of its own, and the counts and problems its job shows. */
export interface PlannedStage<C> {
  chunks: readonly C[];
  counts: Record<string, number>;
  errors: string[];
}

/** The counts and problems of a stage so far: what writing a chunk may change (rows passed over). */
export interface StageTally {
  counts: Record<string, number>;
  errors: string[];
}

export interface StageProgress extends StageTally {
  /** Chunks written so far, of `total`. */
  done: number;
  total: number;
}

/** The job's stage: absent, still `staging` (nothing of the draft written), or `applying`. */
export async function stageStateOf(db: DbExecutor, jobId: string): Promise<'staging' | 'applying' | undefined> {
  const [stage] = await db.select({ state: importStages.state }).from(importStages).where(eq(importStages.jobId, jobId));
  return stage?.state;
}

/** Forgets a stage that did not reach `applying` (its chunks go with it). */
export async function discardStage(db: DbExecutor, jobId: string): Promise<void> {
  await db.delete(importStages).where(and(eq(importStages.jobId, jobId), eq(importStages.state, 'staging')));
}

/** Deletes the stage whatever its state: in the transaction that writes its last chunk. */
export async function endStage(tx: DbExecutor, jobId: string): Promise<void> {
  await tx.delete(importStages).where(eq(importStages.jobId, jobId));
}

/** Saves the plan as the job's stage, a chunk per statement (each its own short transaction); the draft is not touched. */
export async function saveChunks<C>(db: DbExecutor, jobId: string, appId: string, planned: PlannedStage<C>, each: (done: number, total: number) => void): Promise<void> {
  const total = planned.chunks.length;
  await db.insert(importStages).values({ jobId, appId, state: 'staging', counts: planned.counts, errors: planned.errors, chunks: total });
  for (let no = 0; no < total; no += 1) {
    each(no, total);
    await db.insert(importChunks).values({ jobId, no, rows: planned.chunks[no] });
  }
}

/**
 * The commit point, in the caller's short transaction: locks the stage, runs the import's own check
 * of the draft as a whole (a refusal — a JobError — leaves the draft as it was) and makes the stage
 * `applying`: from then on the import is written to its end.
 */
export async function commitToStage(tx: DbExecutor, jobId: string, check: () => Promise<void>): Promise<void> {
  const [stage] = await tx.select({ state: importStages.state }).from(importStages).where(eq(importStages.jobId, jobId)).for('update');
  if (stage?.state !== 'staging') throw new Error(`No import staged for job ${jobId}`);
  await check();
  await tx.update(importStages).set({ state: 'applying' }).where(eq(importStages.jobId, jobId));
}

/**
 * Writes the stage's next chunk into the draft on the caller's transaction (through `write`) and
 * deletes it there, so each chunk is written exactly once whoever runs it (the stage row is locked
 * meanwhile). `write` answers the stage's new counts and problems when the chunk changed them.
 * Undefined when the stage is gone (finished) or not `applying`.
 */
export async function writeNextChunk<C>(tx: DbExecutor, jobId: string, write: (chunk: C, tally: StageTally) => Promise<StageTally | undefined>): Promise<StageProgress | undefined> {
  const [stage] = await tx.select().from(importStages).where(eq(importStages.jobId, jobId)).for('update');
  if (stage?.state !== 'applying') return undefined;
  const [chunk] = await tx.select().from(importChunks).where(eq(importChunks.jobId, jobId)).orderBy(asc(importChunks.no)).limit(1);
  if (!chunk) return { counts: stage.counts, errors: stage.errors, done: stage.chunks, total: stage.chunks };
  const changed = await write(chunk.rows as C, { counts: stage.counts, errors: stage.errors });
  await tx.delete(importChunks).where(and(eq(importChunks.jobId, jobId), eq(importChunks.no, chunk.no)));
  if (changed) await tx.update(importStages).set({ counts: changed.counts, errors: changed.errors }).where(eq(importStages.jobId, jobId));
  const tally = changed ?? { counts: stage.counts, errors: stage.errors };
  return { ...tally, done: chunk.no + 1, total: stage.chunks };
}

/** How many chunks the stage has left to write. */
export async function chunksLeft(db: DbExecutor, jobId: string): Promise<number> {
  return db.$count(importChunks, eq(importChunks.jobId, jobId));
}
