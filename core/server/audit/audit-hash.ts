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

export function auditHash(prevHash: string, entry: AuditEntry): string {
  return crypto.createHash('sha256').update(prevHash).update(canonicalAuditRow(entry)).digest('hex');
}
