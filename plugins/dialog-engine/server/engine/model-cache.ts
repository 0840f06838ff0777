import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';
import type { Environment, TrainingStatus } from '../../common/api';
import { calibrationOf, contentHash, type TrainedKnowledge } from './trained-knowledge';
import { TrainingThread } from './training-thread';

/** Training as a job calls it: the snapshot in, the trained knowledge out, progress reported (0..1). */
export type Trainer = (snapshot: KnowledgeSnapshot, onProgress: (fraction: number) => void, hash: string) => TrainedKnowledge | Promise<TrainedKnowledge>;

interface Training {
  /** Its job was cancelled before the thread took it. */
  stopped?: boolean;
  hash: string;
  ready: Promise<TrainedKnowledge>;
  listeners: Set<(fraction: number) => void>;
}

interface Slot {
  /** The model that answers (the newest one trained). */
  current: TrainedKnowledge | null;
  /** A newer model being trained. */
  training: Training | null;
  status: TrainingStatus;
  /** When the answering model was trained. */
  currentTrainedAt?: string | null;
}

export interface ModelCacheOptions {
  /**
   * While a newer model trains, an answer waits this long for it before the previous model answers
   * (small apps train in well under this, so the first message after an edit sees the edit).
   */
  staleWaitMs?: number;
}

const UNTRAINED: TrainingStatus = { state: 'untrained', progress: 0, contentHash: null, trainedAt: null, intents: 0, phrases: 0, millis: null, calibration: null };

/**
 * Trained models per app and environment, held in memory; training runs on a worker thread (the
 * default trainer), so the request thread keeps answering. The snapshot's content hash decides:
 * the same hash answers from the model; a new one trains once, however many ask meanwhile. While
 * it trains the previous model keeps answering; only an app without any model waits for it.
 */
export class ModelCache {
  private readonly slots = new Map<string, Slot>();
  private readonly staleWaitMs: number;
  private thread: TrainingThread | null = null;
  private readonly trainer: Trainer;

  constructor(
    trainer?: Trainer,
    private readonly clock: () => Date = () => new Date(),
    options: ModelCacheOptions = {},
  ) {
    this.trainer = trainer ?? ((snapshot, onProgress, hash) => (this.thread ??= new TrainingThread()).train(snapshot, onProgress, hash));
    this.staleWaitMs = options.staleWaitMs ?? 2_000;
  }

  /** The model to answer with: this content's, or (while it trains, after a short wait) the previous one. */
  async get(appId: string, environment: Environment, snapshot: KnowledgeSnapshot, hash = contentHash(snapshot)): Promise<TrainedKnowledge> {
    const slot = this.slot(appId, environment);
    if (slot.current?.contentHash === hash) return slot.current;
    const ready = this.ensure(appId, environment, snapshot, undefined, hash);
    const previous = slot.current;
    if (!previous) return ready;
    let timer: NodeJS.Timeout | undefined;
    const stale = new Promise<TrainedKnowledge>((resolve) => (timer = setTimeout(() => resolve(previous), this.staleWaitMs)));
    try {
      return await Promise.race([ready.catch(() => previous), stale]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Trains this content unless its model is there or already training; resolves with its model.
   * `signal` (a job's): when aborted while this content trains, the training thread is terminated —
   * the work stops at once; other trainings queued on the thread fail and are asked again later.
   */
  ensure(
    appId: string,
    environment: Environment,
    snapshot: KnowledgeSnapshot,
    onProgress?: (fraction: number) => void,
    hash = contentHash(snapshot),
    signal?: AbortSignal,
  ): Promise<TrainedKnowledge> {
    const ready = this.#ensure(appId, environment, snapshot, onProgress, hash);
    if (!signal) return ready;
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      const stop = () => {
        const training = this.slot(appId, environment).training;
        if (training?.hash === hash) {
          training.stopped = true;
          void this.close();
        }
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', stop, { once: true });
      ready.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
    });
  }

  #ensure(appId: string, environment: Environment, snapshot: KnowledgeSnapshot, onProgress: ((fraction: number) => void) | undefined, hash: string): Promise<TrainedKnowledge> {
    const slot = this.slot(appId, environment);
    if (slot.current?.contentHash === hash && slot.training === null) {
      onProgress?.(1);
      return Promise.resolve(slot.current);
    }
    if (slot.training?.hash === hash) {
      if (onProgress) slot.training.listeners.add(onProgress);
      return slot.training.ready;
    }
    const status: TrainingStatus = { state: 'training', progress: 0, contentHash: hash, trainedAt: null, intents: snapshot.intents.length, phrases: 0, millis: null, calibration: null };
    const listeners = new Set<(fraction: number) => void>(onProgress ? [onProgress] : []);
    const progress = (fraction: number) => {
      status.progress = Math.min(1, Math.max(status.progress, fraction));
      for (const listener of listeners) listener(status.progress);
    };
    const training: Training = { hash, listeners, ready: Promise.resolve(null as never) };
    training.ready = (async () => {
        // Yield once so the "training" status is visible before the work starts.
        await Promise.resolve();
        try {
          if (training.stopped) throw new Error('The training was stopped');
          const trained = await this.trainer(snapshot, progress, hash);
          progress(1);
          Object.assign(status, { state: 'trained', progress: 1, trainedAt: this.clock().toISOString(), phrases: trained.phrases, millis: trained.millis, calibration: calibrationOf(trained) });
          if (slot.training === training) {
            slot.current = trained;
            slot.currentTrainedAt = status.trainedAt;
            slot.training = null;
          }
          return trained;
        } catch (error) {
          status.state = 'failed';
          if (slot.training === training) slot.training = null;
          throw error;
        }
      })();
    // Nobody may be waiting (a background job did not ask for the model itself).
    training.ready.catch(() => undefined);
    slot.training = training;
    slot.status = status;
    return training.ready;
  }

  /**
   * Puts a model trained elsewhere (the model store: another process, or before a restart) in
   * place as the one answering, unless this content's model is here already.
   */
  install(appId: string, environment: Environment, knowledge: TrainedKnowledge, trainedAt: Date): void {
    const slot = this.slot(appId, environment);
    if (slot.current?.contentHash === knowledge.contentHash) return;
    slot.current = knowledge;
    slot.currentTrainedAt = trainedAt.toISOString();
    if (slot.training?.hash === knowledge.contentHash) slot.training = null;
    if (slot.training === null) {
      slot.status = {
        state: 'trained', progress: 1, contentHash: knowledge.contentHash, trainedAt: trainedAt.toISOString(),
        intents: knowledge.snapshot.intents.length, phrases: knowledge.phrases, millis: knowledge.millis, calibration: calibrationOf(knowledge),
      };
    }
  }

  /** The newest training's state (training, trained or failed), or untrained. */
  status(appId: string, environment: Environment): TrainingStatus {
    return this.slots.get(`${environment}:${appId}`)?.status ?? { ...UNTRAINED };
  }

  /**
   * Whether the model that answered (`answeredHash`) is the newest: while a newer one trains, when
   * the answering one was trained and how far the newer one is (0..1); null when it is the newest.
   */
  staleness(appId: string, environment: Environment, answeredHash: string): { answeringTrainedAt: string | null; trainingProgress: number } | null {
    const slot = this.slots.get(`${environment}:${appId}`);
    if (!slot?.training || slot.training.hash === answeredHash) return null;
    return { answeringTrainedAt: slot.current?.contentHash === answeredHash ? (slot.currentTrainedAt ?? null) : null, trainingProgress: slot.status.progress };
  }

  /** The hash of the model answering now, or of the one training (what a change check compares with). */
  knownHashes(appId: string, environment: Environment): string[] {
    const slot = this.slots.get(`${environment}:${appId}`);
    return [slot?.current?.contentHash, slot?.training?.hash].filter((hash): hash is string => typeof hash === 'string');
  }

  /** The hash of the model answering now, if any. */
  currentHash(appId: string, environment: Environment): string | null {
    return this.slots.get(`${environment}:${appId}`)?.current?.contentHash ?? null;
  }

  forget(appId: string): void {
    for (const environment of ['draft', 'production'] as const) this.slots.delete(`${environment}:${appId}`);
  }

  /** Stops the training thread (tests, shutdown). */
  async close(): Promise<void> {
    await this.thread?.close();
    this.thread = null;
  }

  private slot(appId: string, environment: Environment): Slot {
    const key = `${environment}:${appId}`;
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { current: null, training: null, status: { ...UNTRAINED } };
      this.slots.set(key, slot);
    }
    return slot;
  }
}
