/**
 * Near-duplicate phrases without comparing every pair: an inverted index over character trigrams
 * with prefix filtering (the AllPairs scheme for cosine similarity). Each phrase's trigrams are
 * ordered rarest first; only a *prefix* of them is indexed — the shortest one whose remaining
 * (common) trigrams have a norm below the threshold. Two phrases whose cosine reaches the threshold
 * must then share a trigram of both prefixes, so looking each phrase's prefix up in the index finds
 * every such pair (no false negatives), while the common trigrams ("how", " do") that make postings
 * long are never indexed nor looked up. Candidates get their exact score (integer trigram counts: the
 * same score as `exactScore` gives for any two phrases, brute force included).
 */
import { normalisePhrase } from '../common/similarity';

export interface IndexedPhrase {
  /** The intent (or any group): pairs within one group are not reported. */
  group: number;
  normalised: string;
  /** Feature ids in index order (rarest first) and their trigram counts. */
  features: Int32Array;
  counts: Int32Array;
  /** Sum of squared counts. */
  squares: number;
}

export interface FoundPair {
  a: number;
  b: number;
  score: number;
  identical: boolean;
}

/** Turns texts into trigram vectors whose features are numbered rarest first. */
export function indexPhrases(texts: readonly string[], groups: ArrayLike<number>): IndexedPhrase[] {
  return indexNormalised(texts.map(normalisePhrase), groups);
}

/**
 * The trigram ids of a normalised text, sorted (a repeated trigram repeats): `trigrams()`'s grams,
 * each three UTF-16 units read as one number and numbered in `ids` as first met.
 */
function trigramIds(normalised: string, ids: Map<number, number>): Int32Array {
  if (normalised === '') return new Int32Array(0);
  const padded = `  ${normalised}  `;
  const out = new Int32Array(padded.length - 2);
  for (let i = 0; i < out.length; i += 1) {
    const key = (padded.charCodeAt(i) * 65536 + padded.charCodeAt(i + 1)) * 65536 + padded.charCodeAt(i + 2);
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    out[i] = id;
  }
  return out.sort();
}

/** A trigram's count and rank share one double: rank · COUNT_BITS + count (a text is far shorter than 2^24). */
const COUNT_BITS = 2 ** 24;

/** `indexPhrases` for texts already normalised (`normalisePhrase`). */
export function indexNormalised(texts: readonly string[], groups: ArrayLike<number>): IndexedPhrase[] {
  return indexTexts(texts, groups).items;
}

export interface PhraseIndex {
  items: IndexedPhrase[];
  /** Per feature id, its trigram (three UTF-16 units as one number): what the ids stand for, whatever the phrases' order. */
  trigrams: Float64Array;
}

/** `indexNormalised`, with what each feature id stands for. */
export function indexTexts(texts: readonly string[], groups: ArrayLike<number>): PhraseIndex {
  const ids = new Map<number, number>();
  const grams = texts.map((normalised) => trigramIds(normalised, ids));
  const df = new Int32Array(ids.size);
  for (const sorted of grams) for (let i = 0; i < sorted.length; i += 1) if (i === 0 || sorted[i] !== sorted[i - 1]) df[sorted[i]] += 1;
  // Rank features by document frequency (rarest first; ties by first appearance).
  const order = Array.from(df, (_, id) => id).sort((x, y) => df[x] - df[y] || x - y);
  const rank = new Int32Array(df.length);
  order.forEach((id, position) => (rank[id] = position));
  const trigrams = new Float64Array(df.length);
  for (const [key, id] of ids) trigrams[rank[id]] = key;
  const items = grams.map((sorted, index) => {
    // Distinct trigrams as rank · 2^24 + count, so one numeric sort puts them in rank order.
    const packed: number[] = [];
    for (let i = 0; i < sorted.length; ) {
      let j = i + 1;
      while (j < sorted.length && sorted[j] === sorted[i]) j += 1;
      packed.push(rank[sorted[i]] * COUNT_BITS + (j - i));
      i = j;
    }
    const ordered = Float64Array.from(packed).sort();
    const features = new Int32Array(ordered.length);
    const counts = new Int32Array(ordered.length);
    let squares = 0;
    ordered.forEach((value, k) => {
      features[k] = Math.floor(value / COUNT_BITS);
      counts[k] = value % COUNT_BITS;
      squares += counts[k] * counts[k];
    });
    return { group: groups[index], normalised: texts[index], features, counts, squares };
  });
  return { items, trigrams };
}

/** Cosine of two indexed phrases over trigram counts (1 when their normalised texts are equal). */
export function exactScore(x: IndexedPhrase, y: IndexedPhrase): number {
  if (x.normalised === '' || y.normalised === '') return 0;
  if (x.normalised === y.normalised) return 1;
  let dot = 0;
  for (let i = 0, j = 0; i < x.features.length && j < y.features.length; ) {
    const fx = x.features[i];
    const fy = y.features[j];
    if (fx === fy) {
      dot += x.counts[i] * y.counts[j];
      i += 1;
      j += 1;
    } else if (fx < fy) i += 1;
    else j += 1;
  }
  return dot / Math.sqrt(x.squares * y.squares);
}

/** Rounding slack so that float sums never drop a pair exactly at the threshold. */
const SLACK = 1e-9;

/**
 * Every pair of phrases in different groups whose score reaches `threshold` (a < b). `onProgress`
 * is called now and then with the phrases done.
 */
export function findSimilarPairs(items: readonly IndexedPhrase[], threshold: number, onProgress?: (done: number, total: number) => void): FoundPair[] {
  const n = items.length;
  // Prefix lengths: the rarest trigrams, all but a tail whose norm (normalised weights) is below t.
  const prefix = new Int32Array(n);
  let features = 0;
  for (let i = 0; i < n; i += 1) {
    const item = items[i];
    for (const f of item.features) if (f + 1 > features) features = f + 1;
    if (item.squares === 0) continue;
    let rest = 0;
    let k = item.features.length;
    while (k > 0) {
      const w = item.counts[k - 1];
      const next = rest + (w * w) / item.squares;
      if (Math.sqrt(next) >= threshold - SLACK) break;
      rest = next;
      k -= 1;
    }
    prefix[i] = k;
  }
  // Postings of the prefixes (CSR): item and its normalised weight.
  const starts = new Int32Array(features + 1);
  for (let i = 0; i < n; i += 1) for (let k = 0; k < prefix[i]; k += 1) starts[items[i].features[k] + 1] += 1;
  for (let f = 0; f < features; f += 1) starts[f + 1] += starts[f];
  const fill = starts.slice(0, features);
  const postItem = new Int32Array(starts[features]);
  const postWeight = new Float64Array(starts[features]);
  for (let i = 0; i < n; i += 1) {
    const item = items[i];
    const norm = Math.sqrt(item.squares);
    for (let k = 0; k < prefix[i]; k += 1) {
      const at = fill[item.features[k]]++;
      postItem[at] = i;
      postWeight[at] = item.counts[k] / norm;
    }
  }
  const overlap = new Float64Array(n);
  // x's counts by feature, so a candidate's exact dot product is its suffix's look-ups, no merge.
  const dense = new Int32Array(features);
  const touched: number[] = [];
  const pairs: FoundPair[] = [];
  for (let x = 0; x < n; x += 1) {
    const item = items[x];
    if (item.squares === 0) continue;
    const norm = Math.sqrt(item.squares);
    for (let k = 0; k < item.features.length; k += 1) dense[item.features[k]] = item.counts[k];
    // Probing with x's own prefix is enough: two phrases whose prefixes share no feature have all
    // their common features in the suffix of the one whose suffix starts first, whose norm is < t.
    for (let k = 0; k < prefix[x]; k += 1) {
      const f = item.features[k];
      const w = item.counts[k] / norm;
      for (let p = starts[f]; p < starts[f + 1]; p += 1) {
        const y = postItem[p];
        // Postings are in item order: every y < x comes first.
        if (y >= x) break;
        if (overlap[y] === 0) touched.push(y);
        overlap[y] += w * postWeight[p];
      }
    }
    for (const y of touched) {
      overlap[y] = 0;
      const other = items[y];
      if (other.group === item.group) continue;
      let dot = 0;
      for (let k = 0; k < other.features.length; k += 1) dot += other.counts[k] * dense[other.features[k]];
      const identical = other.normalised === item.normalised;
      const score = identical ? 1 : dot / Math.sqrt(other.squares * item.squares);
      if (score >= threshold) pairs.push({ a: y, b: x, score, identical });
    }
    for (let k = 0; k < item.features.length; k += 1) dense[item.features[k]] = 0;
    touched.length = 0;
    if (onProgress && x % 1000 === 0) onProgress(x, n);
  }
  onProgress?.(n, n);
  return pairs;
}
