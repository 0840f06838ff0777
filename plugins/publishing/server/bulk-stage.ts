import { JobError, type DbExecutor } from '@civic/sdk/server';
import type { BulkStamp } from '../../knowledge-base/contract/server/index';
import { BulkMessages, type BulkRow } from '../common/bulk';
import { writeRows } from './bulk-apply';
import type { BulkServices, StagedImport } from './bulk-plan';
import type { StagedRow } from './db/import-stages';
import { commitToStage, saveChunks, writeNextChunk, type PlannedStage, type StageProgress, type StageTally } from './import-stage';
import { assertIntentRoomInJob } from './intent-limit';

export { chunksLeft, discardStage, endStage, stageStateOf, type StageProgress } from './import-stage';

/**
 * Rows written into the draft per transaction: on PGlite (one connection, SQL on the main thread)
 * each such transaction holds every other request for about a tenth of a second.
 */
export const APPLY_CHUNK = 250;

const stagedRow = ({ errors: _errors, ...row }: BulkRow, id?: string): StagedRow => (id === undefined ? row : { ...row, id });

/** A bulk import's plan as a stage: its rows in chunks of APPLY_CHUNK, its counts with the rows to write counted. */
export function bulkStage(staged: StagedImport): PlannedStage<StagedRow[]> {
  const rows = [...[...staged.creates.values()].map((row) => stagedRow(row)), ...[...staged.updates.values()].map(({ id, row }) => stagedRow(row, id))];
  const chunks = Array.from({ length: Math.ceil(rows.length / APPLY_CHUNK) }, (_, no) => rows.slice(no * APPLY_CHUNK, (no + 1) * APPLY_CHUNK));
  const counts = { ...staged.counts, created: staged.counts.created + staged.creates.size, updated: staged.counts.updated + staged.updates.size };
  return { chunks, counts, errors: staged.errors };
}

/** Writes the plan as the job's stage, a chunk per statement (each its own short transaction); the draft is not touched. */
export async function saveStage(db: DbExecutor, jobId: string, appId: string, staged: StagedImport, each: (done: number, total: number) => void): Promise<void> {
  await saveChunks(db, jobId, appId, bulkStage(staged), each);
}

/**
 * A bulk import's check at its commit point: room under the tier's intent limit, no new pair's name
 * taken, no changed pair deleted since it was read. A refusal (JobError) leaves the draft as it was.
 */
export async function checkBulkDraft(kb: BulkServices, tx: DbExecutor, appId: string, staged: StagedImport): Promise<void> {
  await assertIntentRoomInJob(kb.counts, tx, appId, staged.creates.size);
  if (await kb.qna.anyNamed(tx, appId, [...staged.creates.keys()])) throw new JobError(BulkMessages.changedMeanwhile);
  if ((await kb.qna.absent(tx, appId, [...staged.updates.values()].map((u) => u.id))).length > 0) throw new JobError(BulkMessages.changedMeanwhile);
}

/** The commit point, in the caller's short transaction: checks the draft against the plan as a whole (checkBulkDraft) and makes the stage `applying`. */
export async function commitStage(kb: BulkServices, tx: DbExecutor, appId: string, jobId: string, staged: StagedImport): Promise<void> {
  await commitToStage(tx, jobId, () => checkBulkDraft(kb, tx, appId, staged));
}

/**
 * Writes one chunk of planned rows into the draft on the caller's transaction. Rows the draft no
 * longer lets through (changed by someone in the seconds since the commit point) are counted as
 * skipped and named: the tally answered then (undefined when nothing was passed over).
 */
export async function writeBulkChunk(kb: BulkServices, tx: DbExecutor, appId: string, rows: readonly StagedRow[], stamp: BulkStamp, tally: StageTally): Promise<StageTally | undefined> {
  const { taken, missing } = await writeRows(kb, tx, appId, rows, stamp);
  if (taken.length + missing.length === 0) return undefined;
  const counts = { ...tally.counts };
  counts.created = (counts.created ?? 0) - taken.length;
  counts.updated = (counts.updated ?? 0) - missing.length;
  counts.skipped = (counts.skipped ?? 0) + taken.length + missing.length;
  const errors = [...tally.errors, ...taken.map((row) => `Row ${row.row}: ${BulkMessages.takenMeanwhile}`), ...missing.map((row) => `Row ${row.row}: ${BulkMessages.deletedMeanwhile}`)];
  return { counts, errors };
}

/** Writes the stage's next chunk of a bulk import (writeBulkChunk), exactly once; undefined when the stage is gone or not `applying`. */
export function applyNextChunk(kb: BulkServices, tx: DbExecutor, appId: string, jobId: string, stamp: BulkStamp): Promise<StageProgress | undefined> {
  return writeNextChunk<StagedRow[]>(tx, jobId, (rows, tally) => writeBulkChunk(kb, tx, appId, rows, stamp, tally));
}
