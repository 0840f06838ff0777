import { seededRandom } from '@civic/sdk/server/random';
import type { LabelledVector, SoftmaxClassifier } from './softmax-classifier';

/**
 * What a model does on phrases it did not see, measured on a run without them (the probe): the
 * basis of the app's own fallback threshold and of the trade-off the editor is shown.
 */
export interface Calibration {
  /** Held-out phrases asked (the app's good questions; negatives of the fallback intent excluded). */
  heldOut: number;
  /** Share of them whose best intent was right. */
  accuracy: number;
  /** At threshold i / 20 (i = 0…20): the share of held-out good questions that would fall back. */
  fallbackRates: number[];
  /** Held-out negatives (phrases of the Default Fallback Intent) asked, and the share caught at the suggested threshold. */
  negatives: number;
  negativeRecall: number | null;
  /** The threshold chosen from this data (see `suggestThreshold`). */
  suggestedThreshold: number;
}

export const THRESHOLD_STEPS = 20;
/**
 * The suggested threshold lets about this share of the held-out questions the probe answered right
 * fall back. Right answers lost to the threshold are what citizens feel most, so the bar is low:
 * on a CLINC150-shaped benchmark (150 intents × 100 phrases, 1,000 unseen questions) 1% keeps
 * in-scope accuracy within about a point of top-1 and still catches most unseen questions; on
 * Banking77, whose held-out intents are close cousins of the trained ones, it catches fewer.
 */
export const TARGET_FALLBACK_RATE = 0.01;
const MIN_THRESHOLD = 0.05;
const MAX_THRESHOLD = 0.9;

/** About one phrase in ten of the classes with four or more, spread over each class's phrases. */
export function holdOut(all: readonly LabelledVector[], ys: readonly number[], seed: number): { trainSet: LabelledVector[]; heldSet: LabelledVector[] } {
  const counts = new Map<number, number>();
  for (const y of ys) counts.set(y, (counts.get(y) ?? 0) + 1);
  const seen = new Map<number, number>();
  const random = seededRandom(seed);
  const trainSet: LabelledVector[] = [];
  const heldSet: LabelledVector[] = [];
  for (const example of all) {
    const n = (seen.get(example.y) ?? 0) + 1;
    seen.set(example.y, n);
    if ((counts.get(example.y) ?? 0) >= 4 && (n % 10 === 3 || random() < 0.02)) heldSet.push(example);
    else trainSet.push(example);
  }
  return { trainSet, heldSet };
}

/** The probe's calibrated answers on the held-out phrases, summed up. `fallbackClass` is -1 when the app has no negatives. */
export function calibrationOf(probe: SoftmaxClassifier, heldSet: readonly LabelledVector[], fallbackClass: number): Calibration {
  const good: number[] = [];
  const answeredRight: number[] = [];
  const negatives: number[] = [];
  for (const { x, y } of heldSet) {
    const p = probe.probabilities(x);
    let best = 0;
    for (let k = 1; k < p.length; k++) if (p[k] > p[best]) best = k;
    // The fallback intent's own answer is a fallback whatever its probability.
    const confidence = best === fallbackClass ? 0 : p[best];
    if (y === fallbackClass) {
      negatives.push(confidence);
      continue;
    }
    good.push(confidence);
    if (best === y) answeredRight.push(confidence);
  }
  const below = (values: readonly number[], threshold: number) => values.filter((value) => value < threshold).length / Math.max(1, values.length);
  const fallbackRates = Array.from({ length: THRESHOLD_STEPS + 1 }, (_, i) => below(good, i / THRESHOLD_STEPS));
  const suggestedThreshold = suggestThreshold(answeredRight);
  return {
    heldOut: good.length,
    accuracy: answeredRight.length / Math.max(1, good.length),
    fallbackRates,
    negatives: negatives.length,
    negativeRecall: negatives.length > 0 ? below(negatives, suggestedThreshold) : null,
    suggestedThreshold,
  };
}

/**
 * The confidence below which about `TARGET_FALLBACK_RATE` of the right answers on held-out phrases
 * fall, kept within [0.05, 0.9] and rounded to 0.01: where an app's own phrases say confidence stops
 * being trustworthy. Apps whose intents are easy to tell apart get a high threshold, hard ones a low one.
 */
export function suggestThreshold(rightConfidences: readonly number[], target = TARGET_FALLBACK_RATE): number {
  if (rightConfidences.length === 0) return 0.5;
  const sorted = [...rightConfidences].sort((a, b) => a - b);
  const at = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * target))];
  return Math.round(Math.min(MAX_THRESHOLD, Math.max(MIN_THRESHOLD, at)) * 100) / 100;
}
