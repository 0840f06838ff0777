import { IdfTable, rawFeatures, type IdfTransfer, type SparseVector } from './features';
import { GlossaryExpander, type GlossaryEntry } from './glossary';
import { calibrationOf, holdOut, type Calibration } from './calibration';
import { SoftmaxClassifier, type ClassifierTransfer, type LabelledVector, type TrainStats } from './softmax-classifier';

/** Fewer held-out phrases than this leave the temperature at 1. */
const MIN_CALIBRATION_PHRASES = 30;
/** Fewer than this give no suggested threshold (the app's setting, or 0.7, applies). */
const MIN_THRESHOLD_PHRASES = 10;

export interface TrainingExample {
  text: string;
  /** The class: an intent id. */
  label: string;
}

export interface RankedLabel {
  label: string;
  probability: number;
}

export interface NluTrainOptions {
  glossary?: readonly GlossaryEntry[];
  epochs?: number;
  learningRate?: number;
  l2?: number;
  seed?: number;
  /** Fit a temperature and a threshold on 10% held-out phrases (a second training run). Default true. */
  calibrate?: boolean;
  /** The label whose phrases are negatives (the Default Fallback Intent's): its answers are fallbacks. */
  fallbackLabel?: string;
  onProgress?: (fraction: number) => void | Promise<void>;
}

export type NluStats = TrainStats & {
  examples: number;
  temperature: number;
  millis: number;
  /** Held-out measurements behind the temperature and the suggested threshold (null: too few phrases). */
  calibration: Calibration | null;
};

/** A trained model as structured-clonable data; `transfer` lists the buffers to move, not copy. */
export interface NluTransfer {
  labels: string[];
  idf: IdfTransfer;
  classifier: ClassifierTransfer;
  stats: NluStats;
}

/**
 * A trained intent classifier: glossary expansion → hashed TF-IDF features → multinomial logistic
 * regression with calibrated probabilities. `classify` gives every label's probability, best first.
 */
export class NluModel {
  private constructor(
    readonly labels: readonly string[],
    private readonly idf: IdfTable,
    private readonly classifier: SoftmaxClassifier,
    private readonly glossary: GlossaryExpander,
    readonly stats: NluStats,
  ) {}

  /** The model as data for postMessage, with the typed arrays' buffers to transfer. */
  toTransfer(): { data: NluTransfer; transfer: ArrayBuffer[] } {
    const idf = this.idf.toTransfer();
    const classifier = this.classifier.toTransfer();
    const arrays = [idf.word, idf.bigram, idf.char, classifier.rowOf, classifier.rowStart, classifier.rowClass, classifier.weight, classifier.bias];
    const transfer = [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
    return { data: { labels: [...this.labels], idf, classifier, stats: this.stats }, transfer };
  }

  /** The model back from its data; the glossary (plain content) comes from the snapshot. */
  static fromTransfer(data: NluTransfer, glossary: readonly GlossaryEntry[] = []): NluModel {
    return new NluModel(data.labels, IdfTable.fromTransfer(data.idf), SoftmaxClassifier.fromTransfer(data.classifier), new GlossaryExpander(glossary), data.stats);
  }

  static train(examples: readonly TrainingExample[], options: NluTrainOptions = {}): NluModel {
    const started = performance.now();
    const glossary = new GlossaryExpander(options.glossary ?? []);
    const labels = [...new Set(examples.map((example) => example.label))];
    const indexOf = new Map(labels.map((label, i) => [label, i]));
    const texts = examples.map((example) => glossary.expand(example.text));
    const ys = examples.map((example) => indexOf.get(example.label) ?? 0);
    const report = options.onProgress;
    const calibrate = (options.calibrate ?? true) && labels.length > 1 && examples.length >= 20;
    // Two passes over the texts (document frequencies, then vectors) so raw counts are never all held at once.
    const idf = IdfTable.fitTexts(texts);
    void report?.(0.05);
    const all: LabelledVector[] = texts.map((text, i) => ({ x: idf.vector(rawFeatures(text)), y: ys[i] }));
    void report?.(0.1);
    const classCount = Math.max(1, labels.length);
    const trainOptions = { epochs: options.epochs, learningRate: options.learningRate, l2: options.l2, seed: options.seed };
    let calibration: Calibration | null = null;
    let temperature = 1;
    if (calibrate) {
      // A run on about nine phrases in ten, asked the tenth: what the final model will do on questions
      // it has not seen. Same settings as the final run, so its temperature carries over to it.
      const { trainSet, heldSet } = holdOut(all, ys, options.seed ?? 11);
      if (heldSet.length >= MIN_THRESHOLD_PHRASES) {
        const { model: probe } = SoftmaxClassifier.train(trainSet, classCount, { ...trainOptions, onProgress: (f) => report?.(0.1 + f * 0.4) });
        // Too few held-out phrases say little about calibration: keep T = 1 then (no sharpening).
        if (heldSet.length >= MIN_CALIBRATION_PHRASES) temperature = probe.calibrate(heldSet);
        calibration = calibrationOf(probe, heldSet, options.fallbackLabel === undefined ? -1 : (indexOf.get(options.fallbackLabel) ?? -1));
      }
    }
    const { model, stats } = SoftmaxClassifier.train(all, classCount, { ...trainOptions, onProgress: (f) => report?.((calibration ? 0.5 : 0.1) + f * (calibration ? 0.45 : 0.85)) });
    model.temperature = temperature;
    void report?.(1);
    return new NluModel(labels, idf, model, glossary, {
      ...stats,
      examples: examples.length,
      temperature,
      calibration,
      millis: Math.round(performance.now() - started),
    });
  }

  vectorise(text: string): SparseVector {
    return this.idf.vector(rawFeatures(this.glossary.expand(text)));
  }

  /** Probabilities aligned with `labels`. */
  probabilities(text: string): Float64Array {
    return this.classifier.probabilities(this.vectorise(text));
  }

  /** Every label with its probability, best first (probabilities sum to 1). */
  classify(text: string, top = this.labels.length): RankedLabel[] {
    if (this.labels.length === 0) return [];
    const probabilities = this.classifier.probabilities(this.vectorise(text));
    return topK(probabilities, Math.min(top, this.labels.length)).map((k) => ({ label: this.labels[k], probability: probabilities[k] }));
  }
}

function topK(values: Float64Array, k: number): number[] {
  if (k >= values.length) return [...values.keys()].sort((a, b) => values[b] - values[a]);
  const best: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (best.length < k) {
      best.push(i);
      best.sort((a, b) => values[b] - values[a]);
    } else if (values[i] > values[best[k - 1]]) {
      best[k - 1] = i;
      best.sort((a, b) => values[b] - values[a]);
    }
  }
  return best;
}
