import type { KnowledgeSnapshot } from '../../knowledge-base/contract/common/knowledge/index';
import { createHash } from '@civic/sdk/server';

/**
 * A content hash of a knowledge snapshot. Object keys are sorted first: a snapshot stored in jsonb comes
 * back with its keys reordered, and the pinned copy of a publish request must hash like the live draft.
 */
export function draftHash(snapshot: KnowledgeSnapshot): string {
  return createHash('sha256').update(canonicalJson(snapshot)).digest('hex');
}

/** JSON with object keys sorted and undefined members left out: equal content, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
