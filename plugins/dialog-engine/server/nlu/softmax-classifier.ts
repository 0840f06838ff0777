import { HASH_SIZE, type SparseVector } from './features';
import { seededRandom, shuffleInPlace } from './random';

/**
 * Multinomial logistic regression over hashed sparse features, with sparse weights: a class has a
 * weight for a feature only when the feature occurs in that class's examples (its "support"), plus
 * the features of examples the class was confused with after a first pass (negative evidence).
 * Weights sit in one compressed-sparse-row table (feature → [class, weight] pairs), so a 2,000-intent
 * app stays small; scoring walks only the rows of the features present. Trained with AdaGrad and
 * L2 regularisation; a temperature fitted on held-out phrases calibrates the probabilities.
 */
export interface LabelledVector {
  x: SparseVector;
  y: number;
}

export interface TrainOptions {
  epochs?: number;
  learningRate?: number;
  l2?: number;
  seed?: number;
  /** Called with the fraction done (0..1) of this training run. */
  onProgress?: (fraction: number) => void | Promise<void>;
  /** Examples whose features define the support too (held out now, trained on later with `resume`). */
  supportFrom?: readonly LabelledVector[];
}

export interface TrainStats {
  /** Mean cross-entropy per epoch, so tests can see it converge. */
  losses: number[];
  weights: number;
}

export interface ClassifierTransfer {
  classCount: number;
  temperature: number;
  rowOf: Int32Array;
  rowStart: Int32Array;
  rowClass: Int32Array;
  weight: Float32Array;
  bias: Float64Array;
}

const NO_ROW = -1;
const SKIP = 1e-4;
/** A feature in more than this share of the classes gets no weights (when there are 20+ classes). */
const MAX_CLASS_SHARE = 0.4;
/** …and in at most this many classes, so scoring stays cheap for large apps. */
const MAX_CLASSES_PER_FEATURE = 150;

export class SoftmaxClassifier {
  temperature = 1;

  private constructor(
    readonly classCount: number,
    /** Hash bucket → row, NO_ROW when the model never saw it. */
    private readonly rowOf: Int32Array,
    private readonly rowStart: Int32Array,
    private readonly rowClass: Int32Array,
    private readonly weight: Float32Array,
    private readonly bias: Float64Array,
  ) {}

  /** The weights as plain typed arrays (a worker thread hands them over without copying). */
  toTransfer(): ClassifierTransfer {
    return { classCount: this.classCount, temperature: this.temperature, rowOf: this.rowOf, rowStart: this.rowStart, rowClass: this.rowClass, weight: this.weight, bias: this.bias };
  }

  static fromTransfer(data: ClassifierTransfer): SoftmaxClassifier {
    const model = new SoftmaxClassifier(data.classCount, data.rowOf, data.rowStart, data.rowClass, data.weight, data.bias);
    model.temperature = data.temperature;
    return model;
  }

  get weightCount(): number {
    return this.weight.length;
  }

  /** Class probabilities for one input (they sum to 1). */
  probabilities(x: SparseVector, scores = new Float64Array(this.classCount)): Float64Array {
    this.scoresInto(x, scores);
    softmaxInPlace(scores, this.temperature);
    return scores;
  }

  /** Same, before temperature: raw logits. */
  scoresInto(x: SparseVector, scores: Float64Array): void {
    scores.set(this.bias);
    const { indices, values } = x;
    for (let i = 0; i < indices.length; i++) {
      const row = this.rowOf[indices[i]];
      if (row === NO_ROW) continue;
      const v = values[i];
      for (let p = this.rowStart[row], end = this.rowStart[row + 1]; p < end; p++) scores[this.rowClass[p]] += this.weight[p] * v;
    }
  }

  static train(examples: readonly LabelledVector[], classCount: number, options: TrainOptions = {}): { model: SoftmaxClassifier; stats: TrainStats; resume: (more: readonly LabelledVector[], epochs: number) => void } {
    const epochs = options.epochs ?? 8;
    const firstPass = Math.max(1, Math.round(epochs / 3));
    const losses: number[] = [];
    // Pass 1: positive support only.
    let model = SoftmaxClassifier.withSupport(classCount, supportPairs(options.supportFrom ?? examples, classCount, []));
    const state = { sumSq: new Float32Array(model.weight.length), biasSumSq: new Float64Array(classCount) };
    const random = seededRandom(options.seed ?? 7);
    const order = examples.map((_, i) => i);
    const report = options.onProgress;
    for (let epoch = 0; epoch < firstPass; epoch++) {
      losses.push(model.epoch(examples, shuffleInPlace(order, random), state, options));
      void report?.((epoch + 1) / epochs);
    }
    // Pass 2: add the features of examples to the classes they were confused with, keep what was learnt.
    const confused = model.confusions(examples, 0.02);
    if (confused.length > 0) {
      const grown = SoftmaxClassifier.withSupport(classCount, supportPairs(options.supportFrom ?? examples, classCount, confused, examples, model.rowOf));
      const sumSq = new Float32Array(grown.weight.length);
      grown.copyFrom(model, state.sumSq, sumSq);
      state.sumSq = sumSq;
      model = grown;
    }
    for (let epoch = firstPass; epoch < epochs; epoch++) {
      losses.push(model.epoch(examples, shuffleInPlace(order, random), state, options));
      void report?.((epoch + 1) / epochs);
    }
    const stats = { losses, weights: model.weight.length };
    const trained = model;
    /** More epochs over (usually more) examples, keeping the support; used after calibration. */
    const resume = (more: readonly LabelledVector[], extra: number) => {
      const all = more.map((_, i) => i);
      for (let epoch = 0; epoch < extra; epoch++) losses.push(trained.epoch(more, shuffleInPlace(all, random), state, options));
    };
    return { model, stats, resume };
  }

  /** Fits the temperature that minimises held-out cross-entropy (golden-section search). */
  calibrate(heldOut: readonly LabelledVector[]): number {
    if (heldOut.length === 0) return this.temperature;
    const logits = heldOut.map(({ x }) => {
      const scores = new Float64Array(this.classCount);
      this.scoresInto(x, scores);
      return scores;
    });
    const nll = (t: number) => {
      let total = 0;
      const buffer = new Float64Array(this.classCount);
      logits.forEach((scores, i) => {
        buffer.set(scores);
        softmaxInPlace(buffer, t);
        total -= Math.log(Math.max(buffer[heldOut[i].y], 1e-12));
      });
      return total;
    };
    let lo = 0.2;
    let hi = 5;
    const phi = (Math.sqrt(5) - 1) / 2;
    for (let i = 0; i < 30; i++) {
      const a = hi - phi * (hi - lo);
      const b = lo + phi * (hi - lo);
      if (nll(a) < nll(b)) hi = b;
      else lo = a;
    }
    this.temperature = (lo + hi) / 2;
    return this.temperature;
  }

  private epoch(examples: readonly LabelledVector[], order: readonly number[], state: { sumSq: Float32Array; biasSumSq: Float64Array }, options: TrainOptions): number {
    const lr = options.learningRate ?? 0.4;
    const l2 = options.l2 ?? 1e-5;
    const K = this.classCount;
    const scores = new Float64Array(K);
    const active = new Int32Array(K);
    const { rowOf, rowStart, rowClass, weight, bias } = this;
    const { sumSq, biasSumSq } = state;
    let loss = 0;
    for (const index of order) {
      const { x, y } = examples[index];
      this.scoresInto(x, scores);
      softmaxInPlace(scores, 1);
      loss -= Math.log(Math.max(scores[y], 1e-12));
      scores[y] -= 1; // now the gradient of the loss with respect to each logit
      // Classes the example barely moves are skipped (their L2 shrinkage waits for a real update).
      let activeCount = 0;
      for (let k = 0; k < K; k++) {
        const g = scores[k];
        if (g < SKIP && g > -SKIP) continue;
        active[activeCount++] = k;
        biasSumSq[k] += g * g;
        bias[k] -= (lr * 0.5 * g) / Math.sqrt(biasSumSq[k] + 1e-8);
      }
      const { indices, values } = x;
      for (let i = 0; i < indices.length; i++) {
        const row = rowOf[indices[i]];
        if (row === NO_ROW) continue;
        const v = values[i];
        const end = rowStart[row + 1];
        let p = rowStart[row];
        if (end - p <= activeCount * 4) {
          for (; p < end; p++) {
            const d = scores[rowClass[p]];
            if (d < SKIP && d > -SKIP) continue;
            const g = d * v + l2 * weight[p];
            sumSq[p] += g * g;
            weight[p] -= (lr * g) / Math.sqrt(sumSq[p] + 1e-8);
          }
          continue;
        }
        // Long row, few active classes: find each active class in the (class-sorted) row.
        for (let a = 0; a < activeCount && p < end; a++) {
          const k = active[a];
          let lo = p;
          let hi = end;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (rowClass[mid] < k) lo = mid + 1;
            else hi = mid;
          }
          p = lo;
          if (p < end && rowClass[p] === k) {
            const g = scores[k] * v + l2 * weight[p];
            sumSq[p] += g * g;
            weight[p] -= (lr * g) / Math.sqrt(sumSq[p] + 1e-8);
          }
        }
      }
    }
    return loss / Math.max(1, order.length);
  }

  /** (example, class) pairs where a wrong class got more than `threshold` probability. */
  private confusions(examples: readonly LabelledVector[], threshold: number): Array<[number, number]> {
    const pairs: Array<[number, number]> = [];
    const scores = new Float64Array(this.classCount);
    examples.forEach(({ x, y }, index) => {
      this.probabilities(x, scores);
      for (let k = 0; k < this.classCount; k++) if (k !== y && scores[k] > threshold) pairs.push([index, k]);
    });
    return pairs;
  }

  private copyFrom(old: SoftmaxClassifier, oldSumSq: Float32Array, sumSq: Float32Array): void {
    this.bias.set(old.bias);
    for (let bucket = 0; bucket < HASH_SIZE; bucket++) {
      const oldRow = old.rowOf[bucket];
      if (oldRow === NO_ROW) continue;
      const row = this.rowOf[bucket];
      let p = this.rowStart[row];
      const end = this.rowStart[row + 1];
      for (let q = old.rowStart[oldRow]; q < old.rowStart[oldRow + 1]; q++) {
        const cls = old.rowClass[q];
        while (p < end && this.rowClass[p] < cls) p++;
        if (p < end && this.rowClass[p] === cls) {
          this.weight[p] = old.weight[q];
          sumSq[p] = oldSumSq[q];
        }
      }
    }
  }

  private static withSupport(classCount: number, pairs: Float64Array): SoftmaxClassifier {
    const rowOf = new Int32Array(HASH_SIZE).fill(NO_ROW);
    const rowStarts: number[] = [];
    const rowClass = new Int32Array(pairs.length);
    let previousBucket = -1;
    pairs.forEach((pair, p) => {
      const bucket = Math.floor(pair / classCount);
      rowClass[p] = pair - bucket * classCount;
      if (bucket !== previousBucket) {
        rowOf[bucket] = rowStarts.length;
        rowStarts.push(p);
        previousBucket = bucket;
      }
    });
    rowStarts.push(pairs.length);
    return new SoftmaxClassifier(classCount, rowOf, Int32Array.from(rowStarts), rowClass, new Float32Array(pairs.length), new Float64Array(classCount));
  }
}

/** Sorted unique (bucket × classCount + class) keys: each example's features for its own class, plus confusions. */
function supportPairs(
  examples: readonly LabelledVector[],
  classCount: number,
  confused: ReadonlyArray<[number, number]>,
  confusedFrom: readonly LabelledVector[] = examples,
  /** The rows of the first pass: the same features again, none dropped or added. */
  keep?: Int32Array,
): Float64Array {
  let total = 0;
  for (const { x } of examples) total += x.indices.length;
  for (const [index] of confused) total += confusedFrom[index].x.indices.length;
  const keys = new Float64Array(total);
  let n = 0;
  for (const { x, y } of examples) for (const bucket of x.indices) keys[n++] = bucket * classCount + y;
  for (const [index, k] of confused) for (const bucket of confusedFrom[index].x.indices) keys[n++] = bucket * classCount + k;
  keys.sort();
  let unique = 0;
  for (let i = 0; i < keys.length; i++) if (i === 0 || keys[i] !== keys[i - 1]) keys[unique++] = keys[i];
  // Features most classes share ("how", " th") tell classes apart little and cost the most to score: dropped.
  const cap = classCount >= 20 && !keep ? Math.min(MAX_CLASSES_PER_FEATURE, Math.ceil(classCount * MAX_CLASS_SHARE)) : Infinity;
  let kept = 0;
  for (let start = 0; start < unique; ) {
    const bucket = Math.floor(keys[start] / classCount);
    let end = start;
    while (end < unique && Math.floor(keys[end] / classCount) === bucket) end++;
    if (end - start <= cap && (!keep || keep[bucket] !== NO_ROW)) for (let i = start; i < end; i++) keys[kept++] = keys[i];
    start = end;
  }
  return keys.slice(0, kept);
}

export function softmaxInPlace(scores: Float64Array, temperature: number): void {
  let max = -Infinity;
  for (let k = 0; k < scores.length; k++) if (scores[k] > max) max = scores[k];
  let sum = 0;
  for (let k = 0; k < scores.length; k++) {
    const e = Math.exp((scores[k] - max) / temperature);
    scores[k] = e;
    sum += e;
  }
  for (let k = 0; k < scores.length; k++) scores[k] /= sum;
}
