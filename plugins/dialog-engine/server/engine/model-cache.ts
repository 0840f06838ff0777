import type { KnowledgeSnapshot } from '@civic/sdk/common/knowledge';
import type { Environment, TrainingStatus } from '../../common/api';
import { contentHash, trainKnowledge, type TrainedKnowledge } from './trained-knowledge';

interface Entry {
  hash: string;
  status: TrainingStatus;
  ready: Promise<TrainedKnowledge>;
}

/** Training as a job would call it: the snapshot in, the trained knowledge out, progress reported. */
export type Trainer = (snapshot: KnowledgeSnapshot, onProgress: (fraction: number) => void, hash: string) => TrainedKnowledge | Promise<TrainedKnowledge>;

/**
 * Trained models per app and environment, in process. The content hash of the snapshot decides:
 * the same hash answers from the cached model; a new one trains (once, however many requests
 * arrive meanwhile), showing "training" with its progress until it is done.
 */
export class ModelCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly trainer: Trainer = (snapshot, onProgress, hash) => trainKnowledge(snapshot, onProgress, hash),
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async get(appId: string, environment: Environment, snapshot: KnowledgeSnapshot): Promise<TrainedKnowledge> {
    const key = `${environment}:${appId}`;
    const hash = contentHash(snapshot);
    const existing = this.entries.get(key);
    if (existing && existing.hash === hash && existing.status.state !== 'failed') return existing.ready;
    const status: TrainingStatus = { state: 'training', progress: 0, contentHash: hash, trainedAt: null, intents: snapshot.intents.length, phrases: 0, millis: null };
    const entry: Entry = {
      hash,
      status,
      ready: (async () => {
        // Yield once so the "training" status is visible before the CPU-bound work starts.
        await Promise.resolve();
        try {
          const trained = await this.trainer(snapshot, (fraction) => (status.progress = Math.min(1, fraction)), hash);
          Object.assign(status, { state: 'trained', progress: 1, trainedAt: this.clock().toISOString(), phrases: trained.phrases, millis: trained.millis });
          return trained;
        } catch (error) {
          status.state = 'failed';
          throw error;
        }
      })(),
    };
    this.entries.set(key, entry);
    return entry.ready;
  }

  status(appId: string, environment: Environment): TrainingStatus {
    return (
      this.entries.get(`${environment}:${appId}`)?.status ?? { state: 'untrained', progress: 0, contentHash: null, trainedAt: null, intents: 0, phrases: 0, millis: null }
    );
  }

  forget(appId: string): void {
    for (const environment of ['draft', 'production'] as const) this.entries.delete(`${environment}:${appId}`);
  }
}
