/**
 * Near-duplicate phrases by MinHash and LSH banding, for thresholds where the exact prefix index
 * (conflict-index.ts) prunes poorly: phrases written from the same templates share most of their
 * trigrams, so every phrase's prefix meets a large part of the app.
 *
 * Each phrase is the set of its trigrams. Its signature holds, per hash function, the smallest hash
 * of its trigrams; two phrases agree on one such minimum with probability equal to the Jaccard
 * similarity J of their sets. Signatures are cut into `bands` of `rows` values, and phrases whose
 * values agree on a whole band become candidates: a pair is found with probability
 * 1 − (1 − J^rows)^bands. A cosine of t between sets means J ≥ t², so the shape is chosen for
 * ≥ 0.995 at J = t²; most pairs above the threshold have a higher J still. The score counts repeated
 * trigrams and sets do not, so a phrase repeating a word ("passport passport") may be found less
 * surely. Every candidate gets its exact score (`exactScore`'s), so no pair below the threshold is
 * reported: only whether a pair near it is missed is left to chance (recall ≥ 0.99 in the tests).
 */
import type { FoundPair, IndexedPhrase } from './conflict-index';

export interface LshShape {
  bands: number;
  rows: number;
}

export interface LshOptions {
  shape?: LshShape;
  /** Seeds the hash functions. */
  seed?: number;
  /**
   * Per feature id, the trigram it stands for (`PhraseIndex.trigrams`): hashed instead of the id, so
   * the same phrases find the same pairs in whatever order they come.
   */
  trigrams?: Float64Array;
  /** Distinct candidates verified per phrase at most; a phrase that meets more is counted as `capped`. */
  maxCandidates?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface LshResult {
  pairs: FoundPair[];
  /** Phrases whose candidates were cut at `maxCandidates` (some of their pairs may be missing). */
  capped: number;
}

/** Distinct candidates verified per phrase by default. */
export const MAX_CANDIDATES = 5_000;
const MISS_CHANCE = 0.005;
/** Rounding slack: a bound is only trusted to reject a pair clearly below the threshold. */
const SLACK = 1e-9;
const MAX_HASHES = 256;
/** Hash values kept in the table of common trigrams (4 bytes each). */
const MAX_TABLE = 4_000_000;
/** Band keys and item numbers are sorted together as one double: key · 2^21 + item. */
const ITEM_BITS = 2 ** 21;

/** The shape with the most rows (fewest chance collisions) whose hash count stays within MAX_HASHES. */
export function lshShape(threshold: number): LshShape {
  const jaccard = threshold * threshold;
  let best: LshShape = { bands: 1, rows: 1 };
  for (let rows = 1; rows <= 16; rows += 1) {
    const hit = jaccard ** rows;
    const bands = hit >= 1 ? 1 : Math.ceil(Math.log(MISS_CHANCE) / Math.log(1 - hit));
    if (bands * rows > MAX_HASHES) break;
    best = { bands, rows };
  }
  return best;
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The hash functions' values of one trigram (its number, up to 2^48), into `out` from `at`. */
function featureHashes(trigram: number, seed: number, salt: Int32Array, factor: Int32Array, out: Int32Array, at: number): void {
  const token = mix(mix((trigram % 2 ** 32 | 0) ^ seed) ^ Math.floor(trigram / 2 ** 32));
  for (let j = 0; j < salt.length; j += 1) {
    const h = Math.imul(token ^ salt[j], factor[j]);
    out[at + j] = h ^ (h >>> 15);
  }
}

/**
 * Per band, every item's band key (a hash of its `rows` minimums), band-major. The common trigrams
 * (the highest feature ids: ids are ranked rarest first) are hashed once into a table; the rare ones,
 * met in few phrases, as they come.
 */
function bandKeys(items: readonly IndexedPhrase[], shape: LshShape, seed: number, size: number, trigrams?: Float64Array): Uint32Array {
  const n = items.length;
  const hashes = shape.bands * shape.rows;
  const salt = new Int32Array(hashes);
  const factor = new Int32Array(hashes);
  for (let j = 0; j < hashes; j += 1) {
    salt[j] = mix(seed + Math.imul(j + 1, 0x9e3779b9));
    factor[j] = mix(salt[j] ^ 0x5bd1e995) | 1;
  }
  const tableFrom = Math.max(0, size - Math.floor(MAX_TABLE / hashes));
  const table = new Int32Array((size - tableFrom) * hashes);
  const trigram = (feature: number) => (trigrams ? trigrams[feature] : feature);
  for (let f = tableFrom; f < size; f += 1) featureHashes(trigram(f), seed, salt, factor, table, (f - tableFrom) * hashes);
  const rare = new Int32Array(hashes);
  const keys = new Uint32Array(shape.bands * n);
  const minimum = new Int32Array(hashes);
  for (let i = 0; i < n; i += 1) {
    minimum.fill(0x7fffffff);
    for (const feature of items[i].features) {
      let values = table;
      let at = (feature - tableFrom) * hashes;
      if (feature < tableFrom) {
        featureHashes(trigram(feature), seed, salt, factor, rare, 0);
        values = rare;
        at = 0;
      }
      for (let j = 0; j < hashes; j += 1) if (values[at + j] < minimum[j]) minimum[j] = values[at + j];
    }
    for (let band = 0; band < shape.bands; band += 1) {
      let h = band + 1;
      for (let r = 0; r < shape.rows; r += 1) h = Math.imul(h ^ minimum[band * shape.rows + r], 0x01000193) + 0x165667b1;
      keys[band * n + i] = mix(h) >>> 0;
    }
  }
  return keys;
}

/**
 * Per band, the items sorted by key then number (`order`), where each one's bucket starts in that
 * order (`bucket`), and each item's place in it (`place`): an item's bucket-mates with smaller
 * numbers are the entries from its bucket's start to its place.
 */
function buckets(keys: Uint32Array, bands: number, n: number) {
  const order = new Int32Array(bands * n);
  const bucket = new Int32Array(bands * n);
  const place = new Int32Array(bands * n);
  const sorted = new Float64Array(n);
  for (let band = 0; band < bands; band += 1) {
    const base = band * n;
    for (let i = 0; i < n; i += 1) sorted[i] = keys[base + i] * ITEM_BITS + i;
    sorted.sort();
    let start = 0;
    for (let p = 0; p < n; p += 1) {
      const item = sorted[p] % ITEM_BITS;
      if (p > 0 && Math.floor(sorted[p] / ITEM_BITS) !== Math.floor(sorted[p - 1] / ITEM_BITS)) start = p;
      order[base + p] = item;
      bucket[base + p] = base + start;
      place[base + item] = p;
    }
  }
  return { order, bucket, place };
}

/**
 * The items' trigram vectors in flat arrays (CSR): one phrase's are `features`/`counts` from
 * `start[i]` to `start[i + 1]`; `tokens` is the sum of its counts and `most` the largest.
 */
function flatten(items: readonly IndexedPhrase[]) {
  const n = items.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i += 1) start[i + 1] = start[i] + items[i].features.length;
  const features = new Int32Array(start[n]);
  const counts = new Int32Array(start[n]);
  const squares = new Float64Array(n);
  const group = new Int32Array(n);
  const tokens = new Int32Array(n);
  const most = new Int32Array(n);
  let size = 0;
  items.forEach((item, i) => {
    features.set(item.features, start[i]);
    counts.set(item.counts, start[i]);
    squares[i] = item.squares;
    group[i] = item.group;
    for (const f of item.features) if (f + 1 > size) size = f + 1;
    for (const count of item.counts) {
      tokens[i] += count;
      if (count > most[i]) most[i] = count;
    }
  });
  return { start, features, counts, squares, group, tokens, most, size };
}

/** Every pair of items in different groups that LSH makes candidates and whose exact score reaches `threshold` (a < b). */
export function lshSimilarPairs(items: readonly IndexedPhrase[], threshold: number, options: LshOptions = {}): LshResult {
  const n = items.length;
  if (n >= ITEM_BITS) throw new Error(`Too many distinct phrases to compare (${n}; at most ${ITEM_BITS - 1})`);
  const shape = options.shape ?? lshShape(threshold);
  const maxCandidates = options.maxCandidates ?? MAX_CANDIDATES;
  const maxProbes = maxCandidates * shape.bands;
  const { start, features, counts, squares, group, tokens, most, size } = flatten(items);
  const { order, bucket, place } = buckets(bandKeys(items, shape, options.seed ?? 20, size, options.trigrams), shape.bands, n);
  const dense = new Int32Array(size);
  const seen = new Int32Array(n);
  const candidates = new Int32Array(maxCandidates);
  const pairs: FoundPair[] = [];
  let capped = 0;
  for (let x = 0; x < n; x += 1) {
    if (squares[x] === 0) continue;
    let found = 0;
    let probes = 0;
    gather: for (let band = 0; band < shape.bands; band += 1) {
      const at = band * n + place[band * n + x];
      for (let q = bucket[at]; q < at; q += 1) {
        const y = order[q];
        probes += 1;
        if (seen[y] !== x + 1) {
          seen[y] = x + 1;
          if (group[y] !== group[x] && squares[y] !== 0) candidates[found++] = y;
        }
        if (found === maxCandidates || probes === maxProbes) {
          capped += 1;
          break gather;
        }
      }
    }
    for (let k = start[x]; k < start[x + 1]; k += 1) dense[features[k]] = counts[k];
    for (let c = 0; c < found; c += 1) {
      const y = candidates[c];
      // y's trigrams come rarest first; once even all of its rest matching x's largest count could not
      // reach the threshold, it is left (a phrase of another scheme fails on its rare trigrams, before
      // the common ones of a shared template are looked at).
      const need = threshold * Math.sqrt(squares[x] * squares[y]) - SLACK;
      if (tokens[x] * most[y] < need) continue;
      let dot = 0;
      let left = tokens[y];
      let k = start[y];
      for (const end = start[y + 1]; k < end && dot + left * most[x] >= need; k += 1) {
        dot += counts[k] * dense[features[k]];
        left -= counts[k];
      }
      if (dot < need) continue;
      const score = dot / Math.sqrt(squares[x] * squares[y]);
      if (score < threshold) continue;
      const identical = items[x].normalised === items[y].normalised;
      pairs.push({ a: y, b: x, score: identical ? 1 : score, identical });
    }
    for (let k = start[x]; k < start[x + 1]; k += 1) dense[features[k]] = 0;
    if (options.onProgress && x % 1000 === 0) options.onProgress(x, n);
  }
  options.onProgress?.(n, n);
  return { pairs, capped };
}
