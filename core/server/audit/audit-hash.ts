import crypto from 'node:crypto';
import type { AuditEntry } from './audit-entry';

/** prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The canonical text of a row: a JSON array in a fixed field order, so the same row always hashes
 * the same way regardless of object key order or driver.
 */
export function canonicalAuditRow(entry: AuditEntry): string {
  return JSON.stringify([
    entry.at.toISOString(),
    entry.actorId,
    entry.actorEmail,
    entry.appId,
    entry.action,
    entry.target,
    entry.summary,
    entry.ip,
  ]);
}

export function auditHash(prevHash: string, entry: AuditEntry): string {
  return crypto.createHash('sha256').update(prevHash).update(canonicalAuditRow(entry)).digest('hex');
}
