import { asc, eq, gt } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { auditLog } from '../db/schema';
import { auditHash, GENESIS_HASH } from './audit-hash';

export type AuditChainReport =
  | { ok: true; rows: number }
  | { ok: false; rows: number; brokenAtId: number; reason: 'prev-hash-mismatch' | 'hash-mismatch' };

/**
 * Walks the whole trail in id order, in pages, and recomputes every hash. Any edited, deleted or
 * inserted row breaks the chain at (or right after) that row.
 */
export async function verifyAuditChain(db: DbExecutor, pageSize = 1000): Promise<AuditChainReport> {
  const report = await verifyAuditChainPart(db, { pageSize });
  if (report.ok) return { ok: true, rows: report.rows };
  return { ok: false, rows: report.rows, brokenAtId: report.brokenAt.id, reason: report.brokenAt.reason };
}

export interface AuditChainPartOptions {
  /** Start after this row (0: from the first). Its stored hash is the expected prev_hash of the next. */
  afterId?: number;
  /** Stop after this many rows (for progress on big trails); default: to the end. */
  maxRows?: number;
  pageSize?: number;
}

export type AuditChainPart =
  | { ok: true; rows: number; lastId: number; done: boolean }
  | { ok: false; rows: number; lastId: number; done: true; brokenAt: { id: number; at: Date; reason: 'prev-hash-mismatch' | 'hash-mismatch' } };

/**
 * One stretch of the walk: callers continue with `afterId: lastId` until `done`. Each stretch
 * starts from the stored hash of row `afterId`, which the previous stretch has checked; a missing
 * `afterId` row (deleted since) breaks the chain at the next row.
 */
export async function verifyAuditChainPart(db: DbExecutor, options: AuditChainPartOptions = {}): Promise<AuditChainPart> {
  const pageSize = options.pageSize ?? 1000;
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  let lastId = options.afterId ?? 0;
  let prevHash: string | null = GENESIS_HASH;
  if (lastId > 0) {
    const [start] = await db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.id, lastId)).limit(1);
    prevHash = start?.hash ?? null;
  }
  let rows = 0;
  for (;;) {
    const limit = Math.min(pageSize, maxRows - rows);
    const page = await db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(asc(auditLog.id)).limit(limit);
    for (const row of page) {
      const broken = (reason: 'prev-hash-mismatch' | 'hash-mismatch'): AuditChainPart => ({ ok: false, rows, lastId, done: true, brokenAt: { id: row.id, at: row.at, reason } });
      if (row.prevHash !== prevHash) return broken('prev-hash-mismatch');
      if (auditHash(row.prevHash, row) !== row.hash) return broken('hash-mismatch');
      prevHash = row.hash;
      lastId = row.id;
      rows++;
    }
    if (page.length < limit) return { ok: true, rows, lastId, done: true };
    if (rows >= maxRows) {
      const [next] = await db.select({ id: auditLog.id }).from(auditLog).where(gt(auditLog.id, lastId)).limit(1);
      return { ok: true, rows, lastId, done: next === undefined };
    }
  }
}
