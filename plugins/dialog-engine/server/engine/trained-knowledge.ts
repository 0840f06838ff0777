import { createHash } from '@civic/sdk/server';
import type { KnowledgeSnapshot, SnapshotIntent } from '../../../knowledge-base/contract/common/knowledge/index';
import type { ThresholdCalibration } from '../../common/api';
import { NluModel } from '../nlu/nlu-model';
import { fallbackLabelOf, trainingExamples } from './training-data';

export { phraseTexts, trainingExamples } from './training-data';

/** A model trained on one snapshot, with what answering needs alongside it. */
export interface TrainedKnowledge {
  contentHash: string;
  model: NluModel | null;
  snapshot: KnowledgeSnapshot;
  intents: ReadonlyMap<string, SnapshotIntent>;
  welcome: SnapshotIntent | null;
  fallback: SnapshotIntent | null;
  phrases: number;
  millis: number;
  /** The model as the store keeps it (model-codec's packModel), when the training thread made it; dropped once stored. */
  packed?: Uint8Array;
}

/** The hash that decides retraining: same content, same hash (the snapshot's order is stable). */
export function contentHash(snapshot: KnowledgeSnapshot): string {
  return createHash('sha256').update(JSON.stringify(snapshot)).digest('hex');
}

/** Training itself: a pure function of the snapshot, callable from a job (progress 0..1). */
export function trainKnowledge(snapshot: KnowledgeSnapshot, onProgress?: (fraction: number) => void, hash = contentHash(snapshot)): TrainedKnowledge {
  const started = performance.now();
  const examples = trainingExamples(snapshot);
  const model = examples.length > 0 ? NluModel.train(examples, { glossary: snapshot.glossary, fallbackLabel: fallbackLabelOf(snapshot), onProgress }) : null;
  onProgress?.(1);
  return knowledgeOf(snapshot, model, { hash, phrases: examples.length, millis: Math.round(performance.now() - started) });
}

/** The model's threshold calibration as the console shows it (null without a model or enough phrases). */
export function calibrationOf(knowledge: TrainedKnowledge): ThresholdCalibration | null {
  const calibration = knowledge.model?.stats.calibration;
  if (!calibration) return null;
  const { suggestedThreshold, fallbackRates, heldOut, accuracy } = calibration;
  return { suggestedThreshold, fallbackRates, heldOut, accuracy };
}

/** The answering side of a trained model: the model with the snapshot's intents looked up. */
export function knowledgeOf(snapshot: KnowledgeSnapshot, model: NluModel | null, facts: { hash: string; phrases: number; millis: number }): TrainedKnowledge {
  return {
    contentHash: facts.hash,
    model,
    snapshot,
    intents: new Map(snapshot.intents.map((intent) => [intent.id, intent])),
    welcome: snapshot.intents.find((intent) => intent.defaultKind === 'welcome') ?? null,
    fallback: snapshot.intents.find((intent) => intent.defaultKind === 'fallback') ?? null,
    phrases: facts.phrases,
    millis: facts.millis,
  };
}
