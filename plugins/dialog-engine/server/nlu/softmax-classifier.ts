import { HASH_SIZE, type SparseVector } from './features';
import { seededRandom, shuffleInPlace } from '@civic/sdk/server/random';

/**
 * Multinomial logistic regression over hashed sparse features. Every class weighs every common
 * feature (a "dense" row: the classes a phrase is NOT in learn negative evidence from its words);
 * features rarer than the dense budget allows keep weights only for the classes whose phrases have
 * them. Weights sit in one compressed-sparse-row table (feature → [class, weight] pairs), so a
 * 2,000-intent app stays within its memory and time bounds; scoring walks only the rows of the
 * features present. Trained with AdaGrad and L2 regularisation; the temperature that calibrates the
 * probabilities is fitted by the caller on phrases this model did not see (`calibrate`).
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
  /** Most weights the dense rows may hold (rows × classes); the commonest features get them first. */
  denseBudget?: number;
  /** Most multiply-adds the dense rows may cost per epoch (phrases having a feature × classes, summed). */
  workBudget?: number;
  /** Called with the fraction done (0..1) of this training run. */
  onProgress?: (fraction: number) => void | Promise<void>;
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
/**
 * Dense weights at most (4M floats: 16 MB, twice that while training). Every feature of a
 * 77-intent app gets a dense row; a 150-intent app with 15,000 phrases gives them to its ~27,000
 * commonest features; a 2,000-intent app to its 2,000 commonest, so training stays within a minute.
 */
export const DENSE_BUDGET = 4_000_000;
/**
 * Dense work per epoch at most: Banking77 (77 intents, 10,000 phrases) and a 150-intent app of
 * 15,000 phrases fit whole; a 2,000-intent app gets dense rows for mid-frequency features only.
 */
export const WORK_BUDGET = 200_000_000;
/** A feature without a dense row in more than this share of the classes gets no weights (20+ classes)… */
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
    const K = this.classCount;
    const { indices, values } = x;
    for (let i = 0; i < indices.length; i++) {
      const row = this.rowOf[indices[i]];
      if (row === NO_ROW) continue;
      const v = values[i];
      const start = this.rowStart[row];
      const end = this.rowStart[row + 1];
      if (end - start === K) {
        // A dense row: class k sits at start + k.
        for (let k = 0; k < K; k++) scores[k] += this.weight[start + k] * v;
        continue;
      }
      for (let p = start; p < end; p++) scores[this.rowClass[p]] += this.weight[p] * v;
    }
  }

  static train(examples: readonly LabelledVector[], classCount: number, options: TrainOptions = {}): { model: SoftmaxClassifier; stats: TrainStats } {
    const epochs = options.epochs ?? 8;
    const losses: number[] = [];
    const model = SoftmaxClassifier.withSupport(classCount, supportRows(examples, classCount, options.denseBudget ?? DENSE_BUDGET, options.workBudget ?? WORK_BUDGET));
    const state = { sumSq: new Float32Array(model.weight.length), biasSumSq: new Float64Array(classCount) };
    const random = seededRandom(options.seed ?? 7);
    const order = examples.map((_, i) => i);
    for (let epoch = 0; epoch < epochs; epoch++) {
      losses.push(model.epoch(examples, shuffleInPlace(order, random), state, options));
      void options.onProgress?.((epoch + 1) / epochs);
    }
    return { model, stats: { losses, weights: model.weight.length } };
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
    const lr = options.learningRate ?? 0.2;
    const l2 = options.l2 ?? 3e-5;
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
        if (end - p === K) {
          // A dense row: class k sits at p + k.
          for (let a = 0; a < activeCount; a++) {
            const q = p + active[a];
            const g = scores[active[a]] * v + l2 * weight[q];
            sumSq[q] += g * g;
            weight[q] -= (lr * g) / Math.sqrt(sumSq[q] + 1e-8);
          }
          continue;
        }
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

  private static withSupport(classCount: number, support: SupportRows): SoftmaxClassifier {
    return new SoftmaxClassifier(classCount, support.rowOf, support.rowStart, support.rowClass, new Float32Array(support.rowClass.length), new Float64Array(classCount));
  }
}

interface SupportRows {
  rowOf: Int32Array;
  rowStart: Int32Array;
  rowClass: Int32Array;
}

/**
 * The table's shape: a row per feature seen in training. The commonest features (by how many
 * phrases have them) get every class, as many as `denseBudget` allows; the others get the classes
 * whose phrases have them. Classes are ascending within a row.
 */
function supportRows(examples: readonly LabelledVector[], classCount: number, denseBudget: number, workBudget: number): SupportRows {
  const documentFrequency = new Uint32Array(HASH_SIZE);
  let total = 0;
  for (const { x } of examples) {
    for (const bucket of x.indices) documentFrequency[bucket] += 1;
    total += x.indices.length;
  }
  // Dense rows: features in two phrases or more, commonest first, within the budgets of weights and
  // of work (a dense row costs every class at every phrase that has it, each epoch). A feature that
  // alone would overrun the work left is skipped for rarer ones: with many classes, the commonest
  // features ("how", " th") are the least telling and the dearest.
  const seen: number[] = [];
  for (let bucket = 0; bucket < HASH_SIZE; bucket++) if (documentFrequency[bucket] > 0) seen.push(bucket);
  const candidates = seen.filter((bucket) => documentFrequency[bucket] > 1).sort((a, b) => documentFrequency[b] - documentFrequency[a]);
  const dense = new Uint8Array(HASH_SIZE);
  const maxRows = Math.floor(denseBudget / Math.max(1, classCount));
  let work = workBudget;
  let denseRows = 0;
  for (const bucket of candidates) {
    if (denseRows >= maxRows) break;
    const cost = documentFrequency[bucket] * classCount;
    if (cost > work) continue;
    work -= cost;
    dense[bucket] = 1;
    denseRows += 1;
  }
  // Sparse rows: sorted unique (bucket × classCount + class) keys of the other features.
  const keys = new Float64Array(total);
  let n = 0;
  for (const { x, y } of examples) for (const bucket of x.indices) if (!dense[bucket]) keys[n++] = bucket * classCount + y;
  const sorted = keys.subarray(0, n).sort();
  let unique = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[unique++] = sorted[i];
  // A sparse row in more classes than the cap is dropped: a feature most classes share that did not
  // get a dense row (too dear) tells them apart little, and would cost the most to score.
  const cap = classCount >= 20 ? Math.min(MAX_CLASSES_PER_FEATURE, Math.ceil(classCount * MAX_CLASS_SHARE)) : Infinity;
  const kept: number[] = [];
  let keptPairs = 0;
  for (let start = 0; start < unique; ) {
    const bucket = Math.floor(sorted[start] / classCount);
    let end = start;
    while (end < unique && Math.floor(sorted[end] / classCount) === bucket) end++;
    if (end - start <= cap) {
      kept.push(start, end);
      keptPairs += end - start;
    }
    start = end;
  }
  const rows = seen.filter((bucket) => dense[bucket]);
  const rowOf = new Int32Array(HASH_SIZE).fill(NO_ROW);
  const rowStart = new Int32Array(rows.length + kept.length / 2 + 1);
  const rowClass = new Int32Array(denseRows * classCount + keptPairs);
  let p = 0;
  let row = 0;
  for (const bucket of rows) {
    rowOf[bucket] = row;
    rowStart[row++] = p;
    for (let c = 0; c < classCount; c++) rowClass[p++] = c;
  }
  for (let i = 0; i < kept.length; i += 2) {
    const bucket = Math.floor(sorted[kept[i]] / classCount);
    rowOf[bucket] = row;
    rowStart[row++] = p;
    for (let k = kept[i]; k < kept[i + 1]; k++) rowClass[p++] = sorted[k] - bucket * classCount;
  }
  rowStart[row] = p;
  return { rowOf, rowStart, rowClass };
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
