import { and, asc, eq, JobError, type DbExecutor } from '@civic/sdk/server';
import type { BulkStamp } from '../../knowledge-base/contract/server/index';
import { BulkMessages, type BulkRow } from '../common/bulk';
import { writeRows } from './bulk-apply';
import type { BulkServices, StagedImport } from './bulk-plan';
import { importChunks, importStages, type StagedRow } from './db/import-stages';
import { assertIntentRoomInJob } from './intent-limit';

/**
 * Rows written into the draft per transaction: on PGlite (one connection, SQL on the main thread)
 * each such transaction holds every other request for about a tenth of a second.
 */
export const APPLY_CHUNK = 250;

const stagedRow = ({ errors: _errors, ...row }: BulkRow, id?: string): StagedRow => (id === undefined ? row : { ...row, id });

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

/** Writes the plan as the job's stage, a chunk per statement (each its own short transaction); the draft is not touched. */
export async function saveStage(db: DbExecutor, jobId: string, appId: string, staged: StagedImport, each: (done: number, total: number) => void): Promise<void> {
  const rows = [...[...staged.creates.values()].map((row) => stagedRow(row)), ...[...staged.updates.values()].map(({ id, row }) => stagedRow(row, id))];
  const total = Math.ceil(rows.length / APPLY_CHUNK);
  const counts = { ...staged.counts, created: staged.counts.created + staged.creates.size, updated: staged.counts.updated + staged.updates.size };
  await db.insert(importStages).values({ jobId, appId, state: 'staging', counts, errors: staged.errors, chunks: total });
  for (let no = 0; no < total; no += 1) {
    each(no, total);
    await db.insert(importChunks).values({ jobId, no, rows: rows.slice(no * APPLY_CHUNK, (no + 1) * APPLY_CHUNK) });
  }
}

/**
 * The commit point, in the caller's short transaction: checks the draft against the plan as a whole
 * — room under the tier's intent limit, no new pair's name taken, no changed pair deleted since it
 * was read — and makes the stage `applying`. A refusal (JobError) leaves the draft as it was.
 */
export async function commitStage(kb: BulkServices, tx: DbExecutor, appId: string, jobId: string, staged: StagedImport): Promise<void> {
  const [stage] = await tx.select({ state: importStages.state }).from(importStages).where(eq(importStages.jobId, jobId)).for('update');
  if (stage?.state !== 'staging') throw new Error(`No import staged for job ${jobId}`);
  await assertIntentRoomInJob(kb.counts, tx, appId, staged.creates.size);
  if (await kb.qna.anyNamed(tx, appId, [...staged.creates.keys()])) throw new JobError(BulkMessages.changedMeanwhile);
  if ((await kb.qna.absent(tx, appId, [...staged.updates.values()].map((u) => u.id))).length > 0) throw new JobError(BulkMessages.changedMeanwhile);
  await tx.update(importStages).set({ state: 'applying' }).where(eq(importStages.jobId, jobId));
}

export interface StageProgress {
  counts: Record<string, number>;
  errors: string[];
  /** Chunks written so far, of `total`. */
  done: number;
  total: number;
}

/**
 * Writes the stage's next chunk into the draft on the caller's transaction and deletes it there, so
 * each chunk is written exactly once whoever runs it (the stage row is locked meanwhile). Rows the
 * draft no longer lets through (changed by someone in the seconds since the commit point) are
 * counted as skipped and named. Undefined when the stage is gone (finished) or not `applying`.
 */
export async function applyNextChunk(kb: BulkServices, tx: DbExecutor, appId: string, jobId: string, stamp: BulkStamp): Promise<StageProgress | undefined> {
  const [stage] = await tx.select().from(importStages).where(eq(importStages.jobId, jobId)).for('update');
  if (stage?.state !== 'applying') return undefined;
  const [chunk] = await tx.select().from(importChunks).where(eq(importChunks.jobId, jobId)).orderBy(asc(importChunks.no)).limit(1);
  if (!chunk) return { counts: stage.counts, errors: stage.errors, done: stage.chunks, total: stage.chunks };
  const { taken, missing } = await writeRows(kb, tx, appId, chunk.rows, stamp);
  await tx.delete(importChunks).where(and(eq(importChunks.jobId, jobId), eq(importChunks.no, chunk.no)));
  const counts = { ...stage.counts };
  const errors = [...stage.errors];
  if (taken.length + missing.length > 0) {
    counts.created = (counts.created ?? 0) - taken.length;
    counts.updated = (counts.updated ?? 0) - missing.length;
    counts.skipped = (counts.skipped ?? 0) + taken.length + missing.length;
    errors.push(...taken.map((row) => `Row ${row.row}: ${BulkMessages.takenMeanwhile}`), ...missing.map((row) => `Row ${row.row}: ${BulkMessages.deletedMeanwhile}`));
    await tx.update(importStages).set({ counts, errors }).where(eq(importStages.jobId, jobId));
  }
  return { counts, errors, done: chunk.no + 1, total: stage.chunks };
}

/** How many chunks the stage has left to write. */
export async function chunksLeft(db: DbExecutor, jobId: string): Promise<number> {
  return db.$count(importChunks, eq(importChunks.jobId, jobId));
}
