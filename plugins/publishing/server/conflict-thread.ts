import { startWorker } from '@civic/sdk/server/worker';
import type { GroupedPairs } from './conflict-groups';
import type { ConflictReply, ConflictRequest } from './conflict-worker';

export interface DetectedConflicts {
  grouped: GroupedPairs;
  /** Texts whose candidates were cut at the cap (their pairs may be incomplete). */
  capped: number;
}

/**
 * Runs one conflict detection on a worker thread of its own (conflict-worker.ts) and answers its
 * grouped pairs. Aborting `signal` (the job's cancellation or time limit) terminates the thread.
 */
export function detectConflicts(request: ConflictRequest, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<DetectedConflicts> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason ?? new Error('Cancelled'));
      return;
    }
    const worker = startWorker(new URL('./conflict-worker.ts', import.meta.url), { data: request, name: 'publishing conflicts', lowPriority: true });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      void worker.terminate();
      action();
    };
    const abort = () => finish(() => reject(signal.reason ?? new Error('Cancelled')));
    signal.addEventListener('abort', abort, { once: true });
    worker.on('message', (reply: ConflictReply) => {
      if (reply.kind === 'progress') onProgress(reply.fraction);
      else if (reply.kind === 'done') finish(() => resolve({ grouped: reply.result, capped: reply.capped }));
      else finish(() => reject(new Error(reply.message)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`The conflict-detection thread stopped (exit code ${code})`))));
  });
}
