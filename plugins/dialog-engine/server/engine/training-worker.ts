import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';
import { parentPort } from '@civic/sdk/server/worker';
import { NluModel, type NluTransfer } from '../nlu/nlu-model';
import { packModel } from './model-codec';
import { fallbackLabelOf, trainingExamples } from './training-data';

/** Asked of the training thread: train this snapshot. */
export interface TrainRequest {
  id: number;
  snapshot: KnowledgeSnapshot;
}

/** What the training thread answers: progress now and then, then the model (or the error). */
export type TrainReply =
  | { id: number; kind: 'progress'; fraction: number }
  | { id: number; kind: 'done'; model: NluTransfer | null; packed: Uint8Array | null; phrases: number; millis: number }
  | { id: number; kind: 'failed'; message: string };

/** Progress is posted at most this often (and always at the end). */
const PROGRESS_EVERY_MS = 100;

/*
 * The training thread (started by TrainingWorker, training-thread.ts): trains one snapshot at a
 * time, CPU-bound, so the server's request thread never waits for it. The trained model goes back
 * as typed arrays whose buffers are transferred, not copied.
 */
parentPort?.on('message', (request: TrainRequest) => {
  const port = parentPort;
  if (!port) return;
  try {
    const started = performance.now();
    let last = 0;
    const examples = trainingExamples(request.snapshot);
    const model =
      examples.length > 0
        ? NluModel.train(examples, {
            glossary: request.snapshot.glossary,
            fallbackLabel: fallbackLabelOf(request.snapshot),
            onProgress: (fraction) => {
              const now = performance.now();
              if (now - last < PROGRESS_EVERY_MS) return;
              last = now;
              port.postMessage({ id: request.id, kind: 'progress', fraction } satisfies TrainReply);
            },
          })
        : null;
    const millis = Math.round(performance.now() - started);
    if (!model) {
      port.postMessage({ id: request.id, kind: 'done', model: null, packed: null, phrases: 0, millis } satisfies TrainReply);
      return;
    }
    const { data, transfer } = model.toTransfer();
    // The stored form too, here: encoding and compressing take the request thread tens of milliseconds.
    const packed = packModel(data);
    port.postMessage({ id: request.id, kind: 'done', model: data, packed, phrases: examples.length, millis } satisfies TrainReply, [...transfer, packed.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({ id: request.id, kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies TrainReply);
  }
});
