import { desc, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { auditLog } from '../db/schema';
import { normaliseAuditDetails, type AuditEntry } from './audit-entry';
import { chainKey, GENESIS_HASH, keyedAuditHash } from './audit-hash';

/** Any constant shared by every server of a deployment; serialises appends across processes. */
const AUDIT_CHAIN_LOCK_KEY = 7_311_041_001;

/**
 * Appends a row to the hash chain, keyed with CIVIC_AUDIT_KEY (HMAC), so only a holder of the key
 * can make a row that verifies. A transaction-scoped advisory lock makes appends strictly one
 * after another (across servers, too), so two writers never read the same "latest" row and fork
 * the chain; the lock is held until the caller's transaction commits, which also keeps id order
 * equal to commit order. Called with the request's transaction, the row commits or rolls back
 * together with the change it describes.
 */
export async function appendAudit(executor: DbExecutor, given: AuditEntry, auditKey: Buffer): Promise<void> {
  const entry: AuditEntry = { ...given, details: normaliseAuditDetails(given.details) };
  const key = chainKey(auditKey);
  await executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY})`);
    const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const prevHash = last?.hash ?? GENESIS_HASH;
    await tx.insert(auditLog).values({ ...entry, prevHash, hash: keyedAuditHash(key, prevHash, entry) });
  });
}
