/**
 * The conflict-detection thread (started per run by `detectConflicts`, conflict-thread.ts): indexes
 * the app's phrases, finds the similar pairs across intents and groups them, CPU-bound, so the
 * request thread keeps answering. The result's typed arrays are transferred, not copied.
 */
import { parentPort, workerInput } from '@civic/sdk/server/worker';
import { groupedBuffers, groupPairs, type GroupedPairs } from './conflict-groups';
import { findConflicts } from './conflict-search';

export interface ConflictRequest {
  texts: string[];
  /** Per phrase, an index into `intentIds`. */
  intentOf: Int32Array;
  intentIds: string[];
  threshold: number;
}

export type ConflictReply = { kind: 'progress'; fraction: number } | { kind: 'done'; result: GroupedPairs; capped: number } | { kind: 'failed'; message: string };

const PROGRESS_EVERY_MS = 200;

const port = parentPort;
if (port) {
  try {
    const request = workerInput<ConflictRequest>();
    let last = 0;
    const found = findConflicts(request.texts, request.intentOf, request.threshold, (done, total) => {
      const now = performance.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      port.postMessage({ kind: 'progress', fraction: 0.1 + (0.85 * done) / Math.max(1, total) } satisfies ConflictReply);
    });
    const result = groupPairs(found.pairs, request.intentOf, request.intentIds);
    port.postMessage({ kind: 'done', result, capped: found.capped } satisfies ConflictReply, groupedBuffers(result));
  } catch (error) {
    port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ConflictReply);
  }
}
