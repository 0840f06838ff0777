import { asc, eq, gt } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { auditLog } from '../db/schema';
import { isSignedCheckpoint, type AuditCheckpoint } from './audit-checkpoint';
import { chainKey, expectedAuditHash, GENESIS_HASH, isKeyedHash } from './audit-hash';

/**
 * Why a walk stopped: a row's prev_hash is not the hash before it (a row removed or inserted); its
 * hash is not what its content and the key give (edited, or rehashed without the key, or a plain
 * hash after keyed ones); the checkpointed head is gone (`truncated`: the newest rows deleted); or
 * the checkpointed row, or the checkpoint itself, is not what was signed (`checkpoint-mismatch`).
 */
export type AuditBreak = 'prev-hash-mismatch' | 'hash-mismatch' | 'truncated' | 'checkpoint-mismatch';

export type AuditChainReport = { ok: true; rows: number } | { ok: false; rows: number; brokenAtId: number; reason: AuditBreak };

export interface AuditVerifyKeys {
  /** CIVIC_AUDIT_KEY: keyed rows are checked with it, and the checkpoint's signature. */
  auditKey: Buffer;
  /** The newest signed checkpoint of the head, if one was taken. */
  checkpoint?: AuditCheckpoint;
}

/**
 * Walks the whole trail in id order, in pages, and recomputes every hash. Any edited, deleted or
 * inserted row breaks the chain at (or right after) that row; deleted newest rows show against the
 * checkpoint.
 */
export async function verifyAuditChain(db: DbExecutor, keys: AuditVerifyKeys, pageSize = 1000): Promise<AuditChainReport> {
  const report = await verifyAuditChainPart(db, { ...keys, pageSize });
  if (report.ok) return { ok: true, rows: report.rows };
  return { ok: false, rows: report.rows, brokenAtId: report.brokenAt.id, reason: report.brokenAt.reason };
}

export interface AuditChainPartOptions extends AuditVerifyKeys {
  /** Start after this row (0: from the first). Its stored hash is the expected prev_hash of the next. */
  afterId?: number;
  /** Stop after this many rows (for progress on big trails); default: to the end. */
  maxRows?: number;
  pageSize?: number;
}

export type AuditChainPart =
  | { ok: true; rows: number; lastId: number; done: boolean; head?: { id: number; hash: string; at: Date } }
  | { ok: false; rows: number; lastId: number; done: true; brokenAt: { id: number; at: Date; reason: AuditBreak } };

/**
 * One stretch of the walk: callers continue with `afterId: lastId` until `done`. Each stretch
 * starts from the stored hash of row `afterId`, which the previous stretch has checked; a missing
 * `afterId` row (deleted since) breaks the chain at the next row. The stretch that reaches the end
 * checks the checkpoint and, when all is well, hands back the head it reached (`head`).
 */
export async function verifyAuditChainPart(db: DbExecutor, options: AuditChainPartOptions): Promise<AuditChainPart> {
  const pageSize = options.pageSize ?? 1000;
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const key = chainKey(options.auditKey);
  let lastId = options.afterId ?? 0;
  let prevHash: string | null = GENESIS_HASH;
  let head: { id: number; hash: string; at: Date } | undefined;
  if (lastId > 0) {
    const [start] = await db.select({ hash: auditLog.hash, at: auditLog.at }).from(auditLog).where(eq(auditLog.id, lastId)).limit(1);
    prevHash = start?.hash ?? null;
    if (start) head = { id: lastId, hash: start.hash, at: start.at };
  }
  // Once a row is keyed, every later one must be: a plain hash after it is a rewrite without the key.
  // So must every row after a checkpoint (taken by a server holding the key, which writes keyed
  // rows only): that pins the switch-over, so the first keyed rows cannot be downgraded either.
  let keyed = prevHash !== null && isKeyedHash(prevHash);
  const keyedAfter = options.checkpoint ? options.checkpoint.id : Number.POSITIVE_INFINITY;
  let rows = 0;
  for (;;) {
    const limit = Math.min(pageSize, maxRows - rows);
    const page = await db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(asc(auditLog.id)).limit(limit);
    for (const row of page) {
      const broken = (reason: AuditBreak): AuditChainPart => ({ ok: false, rows, lastId, done: true, brokenAt: { id: row.id, at: row.at, reason } });
      if (row.prevHash !== prevHash) return broken('prev-hash-mismatch');
      if ((keyed || row.id > keyedAfter) && !isKeyedHash(row.hash)) return broken('hash-mismatch');
      if (expectedAuditHash(key, row.prevHash, row, row.hash) !== row.hash) return broken('hash-mismatch');
      keyed = isKeyedHash(row.hash);
      prevHash = row.hash;
      lastId = row.id;
      head = { id: row.id, hash: row.hash, at: row.at };
      rows++;
    }
    if (page.length < limit) break;
    if (rows >= maxRows) {
      const [next] = await db.select({ id: auditLog.id }).from(auditLog).where(gt(auditLog.id, lastId)).limit(1);
      if (next !== undefined) return { ok: true, rows, lastId, done: false };
      break;
    }
  }
  const problem = options.checkpoint ? await checkpointProblem(db, options.auditKey, options.checkpoint, lastId) : undefined;
  if (problem) return { ok: false, rows, lastId, done: true, brokenAt: problem };
  return { ok: true, rows, lastId, done: true, head };
}

/** The checkpointed head must still be there, unchanged, at or before the end the walk reached. */
async function checkpointProblem(db: DbExecutor, auditKey: Buffer, point: AuditCheckpoint, lastId: number): Promise<{ id: number; at: Date; reason: AuditBreak } | undefined> {
  const at = new Date(point.rowAt);
  if (!isSignedCheckpoint(auditKey, point)) return { id: point.id, at, reason: 'checkpoint-mismatch' };
  if (point.id > lastId) return { id: point.id, at, reason: 'truncated' };
  const [row] = await db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.id, point.id)).limit(1);
  // Gone: the newest rows were deleted and new ones chained on what was left.
  if (!row) return { id: point.id, at, reason: 'truncated' };
  if (row.hash !== point.hash) return { id: point.id, at, reason: 'checkpoint-mismatch' };
  return undefined;
}
