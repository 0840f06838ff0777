import type { AuditDetails } from './audit-entry';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Before/after of an audited change, holding only the fields that changed (a rename of an adaptor
 * lists its name, not its five other fields). Values are compared as JSON; `undefined` in `after`
 * means "not part of this change" and is left out. Undefined when nothing changed.
 */
export function auditDiff<T extends Record<string, unknown>>(before: T, after: Partial<T>): AuditDetails | undefined {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const next = after[key];
    if (next === undefined || same(before[key], next)) continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = next;
  }
  return Object.keys(changedAfter).length > 0 ? { before: changedBefore, after: changedAfter } : undefined;
}
