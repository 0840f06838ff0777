import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';
import { startWorker, type Worker } from '@civic/sdk/server/worker';
import { NluModel } from '../nlu/nlu-model';
import { contentHash, knowledgeOf, type TrainedKnowledge } from './trained-knowledge';
import type { TrainReply, TrainRequest } from './training-worker';

interface Waiting {
  snapshot: KnowledgeSnapshot;
  hash: string;
  onProgress: (fraction: number) => void;
  resolve: (knowledge: TrainedKnowledge) => void;
  reject: (error: Error) => void;
}

/**
 * Training off the request thread: one long-lived worker thread (started on first use) trains the
 * snapshots it is sent, one after another, and posts progress and the trained model back. The
 * request thread keeps answering meanwhile. A crashed thread fails its trainings and is started
 * again for the next one.
 */
export class TrainingThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  train(snapshot: KnowledgeSnapshot, onProgress: (fraction: number) => void, hash = contentHash(snapshot)): Promise<TrainedKnowledge> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { snapshot, hash, onProgress, resolve, reject });
      const worker = this.thread();
      worker.ref();
      worker.postMessage({ id, snapshot } satisfies TrainRequest);
    });
  }

  /** Stops the thread (trainings in progress fail). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(new URL('./training-worker.ts', import.meta.url), { name: 'dialog-engine training' });
    worker.on('message', (reply: TrainReply) => this.receive(reply));
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.waiting) {
        this.waiting.delete(id);
        waiting.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The training thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private receive(reply: TrainReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    if (reply.kind === 'progress') {
      waiting.onProgress(reply.fraction);
      return;
    }
    this.waiting.delete(reply.id);
    // Idle: the thread must not keep the process alive.
    if (this.waiting.size === 0) this.worker?.unref();
    if (reply.kind === 'failed') {
      waiting.reject(new Error(reply.message));
      return;
    }
    const model = reply.model ? NluModel.fromTransfer(reply.model, waiting.snapshot.glossary) : null;
    waiting.onProgress(1);
    waiting.resolve({ ...knowledgeOf(waiting.snapshot, model, { hash: waiting.hash, phrases: reply.phrases, millis: reply.millis }), packed: reply.packed ?? undefined });
  }
}
