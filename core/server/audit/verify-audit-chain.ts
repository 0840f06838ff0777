import { asc, gt } from 'drizzle-orm';
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
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const page = await db.select().from(auditLog).where(gt(auditLog.id, lastId)).orderBy(asc(auditLog.id)).limit(pageSize);
    for (const row of page) {
      if (row.prevHash !== prevHash) return { ok: false, rows, brokenAtId: row.id, reason: 'prev-hash-mismatch' };
      if (auditHash(row.prevHash, row) !== row.hash) return { ok: false, rows, brokenAtId: row.id, reason: 'hash-mismatch' };
      prevHash = row.hash;
      lastId = row.id;
      rows++;
    }
    if (page.length < pageSize) return { ok: true, rows };
  }
}
