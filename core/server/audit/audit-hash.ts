import crypto from 'node:crypto';
import type { AuditEntry } from './audit-entry';

/** prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The canonical text of a row: a JSON array in a fixed field order, so the same row always hashes
 * the same way regardless of object key order or driver.
 */
export function canonicalAuditRow(entry: AuditEntry): string {
  const fields: unknown[] = [
    entry.at.toISOString(),
    entry.actorId,
    entry.actorEmail,
    entry.appId,
    entry.action,
    entry.target,
    entry.summary,
    entry.ip,
  ];
  // Appended only when present, so rows written before details existed keep their hash. Keys are
  // sorted: jsonb does not keep the order they were written in.
  if (entry.details !== null && entry.details !== undefined) fields.push(sortKeys(entry.details));
  return JSON.stringify(fields);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/**
 * Rows chained before the audit key existed: plain SHA-256, which anyone who can write the database
 * can recompute. They still verify; no row after the first keyed one may use it.
 */
export function auditHash(prevHash: string, entry: AuditEntry): string {
  return crypto.createHash('sha256').update(prevHash).update(canonicalAuditRow(entry)).digest('hex');
}

/**
 * Keyed rows record their algorithm in the hash itself (`hmac-sha256:<hex>`), so rows written before
 * the change keep verifying as they are and no column (or migration) is needed to tell them apart.
 */
export const KEYED_HASH_PREFIX = 'hmac-sha256:';

/** The chain key, derived from CIVIC_AUDIT_KEY for this one use (the checkpoints use another). */
export function chainKey(auditKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', auditKey, Buffer.alloc(0), 'civic-console audit chain', 32));
}

/** `hmac-sha256:` + HMAC(chain key, prevHash ‖ canonical row): only the key's holder can make one. */
export function keyedAuditHash(key: Buffer, prevHash: string, entry: AuditEntry): string {
  return KEYED_HASH_PREFIX + crypto.createHmac('sha256', key).update(prevHash).update(canonicalAuditRow(entry)).digest('hex');
}

export function isKeyedHash(hash: string): boolean {
  return hash.startsWith(KEYED_HASH_PREFIX);
}

/** What a stored row's hash must be, by the algorithm it records. */
export function expectedAuditHash(key: Buffer, prevHash: string, entry: AuditEntry, storedHash: string): string {
  return isKeyedHash(storedHash) ? keyedAuditHash(key, prevHash, entry) : auditHash(prevHash, entry);
}
