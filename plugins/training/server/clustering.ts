import type { QuestionVector } from '../../dialog-engine/contract/server/index';

/**
 * Training by clusters: spherical k-means (cosine) with k-means++ seeding over the engine's sparse
 * features, k chosen by the mean silhouette on a sample. Centroids are kept sparse (a Map), so the
 * cost is the vectors' non-zeros × k per pass, not the 2^20 hashed dimensions.
 */
export interface ClusterOptions {
  /** Candidate numbers of clusters (clamped to the questions there are). */
  minK: number;
  maxK: number;
  /** Questions sampled to choose k (silhouette is quadratic in them). */
  sampleSize: number;
  iterations: number;
  random: () => number;
  progress?: (fraction: number) => void;
  throwIfCancelled?: () => void;
}

export interface ClusterResult {
  /** Cluster of each vector. */
  assignment: Int32Array;
  k: number;
  centroids: Float64Array[];
  silhouette: number;
  /** The vectors as clustered (compacted feature ids, matching the centroids). */
  vectors?: QuestionVector[];
}

/** Dense over the compacted feature ids (see `compact`): k × the features in use, not × 2^20. */
type Centroid = Float64Array;

function dot(v: QuestionVector, c: Centroid): number {
  let sum = 0;
  for (let i = 0; i < v.indices.length; i++) sum += v.values[i] * c[v.indices[i]];
  return sum;
}

function cosine(a: QuestionVector, b: QuestionVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.indices.length && j < b.indices.length) {
    const x = a.indices[i];
    const y = b.indices[j];
    if (x === y) sum += a.values[i++] * b.values[j++];
    else if (x < y) i++;
    else j++;
  }
  return sum;
}

/** Renumbers the hashed buckets in use to 0…V−1 (order kept, so indices stay ascending). */
export function compact(vectors: readonly QuestionVector[]): { vectors: QuestionVector[]; dimensions: number } {
  const used = new Set<number>();
  for (const v of vectors) for (const i of v.indices) used.add(i);
  const sorted = [...used].sort((a, b) => a - b);
  const id = new Map<number, number>();
  sorted.forEach((bucket, i) => id.set(bucket, i));
  return { vectors: vectors.map((v) => ({ indices: Int32Array.from(v.indices, (b) => id.get(b) ?? 0), values: v.values })), dimensions: sorted.length };
}

function toCentroid(v: QuestionVector, dimensions: number): Centroid {
  const c = new Float64Array(dimensions);
  for (let i = 0; i < v.indices.length; i++) c[v.indices[i]] = v.values[i];
  return c;
}

/** k-means++: each next seed drawn with probability ∝ its squared distance (1 − cosine) to the nearest seed so far. */
function seed(vectors: readonly QuestionVector[], k: number, dimensions: number, random: () => number): Centroid[] {
  const first = Math.floor(random() * vectors.length);
  const seeds = [vectors[first]];
  const nearest = new Float64Array(vectors.length).fill(Infinity);
  while (seeds.length < k) {
    const last = seeds[seeds.length - 1];
    let total = 0;
    for (let i = 0; i < vectors.length; i++) {
      const d = Math.max(0, 1 - cosine(vectors[i], last));
      if (d < nearest[i]) nearest[i] = d;
      total += nearest[i] * nearest[i];
    }
    if (total === 0) break;
    let target = random() * total;
    let pick = vectors.length - 1;
    for (let i = 0; i < vectors.length; i++) {
      target -= nearest[i] * nearest[i];
      if (target <= 0) {
        pick = i;
        break;
      }
    }
    seeds.push(vectors[pick]);
  }
  return seeds.map((v) => toCentroid(v, dimensions));
}

/** Spherical k-means: assign by highest cosine, centroids the normalised mean of their members. */
export function kMeans(vectors: readonly QuestionVector[], k: number, dimensions: number, iterations: number, random: () => number, throwIfCancelled?: () => void): { assignment: Int32Array; centroids: Centroid[] } {
  let centroids = seed(vectors, Math.min(k, vectors.length), dimensions, random);
  const assignment = new Int32Array(vectors.length).fill(-1);
  for (let round = 0; round < iterations; round++) {
    throwIfCancelled?.();
    let moved = 0;
    for (let i = 0; i < vectors.length; i++) {
      let best = 0;
      let bestScore = -Infinity;
      for (let c = 0; c < centroids.length; c++) {
        const score = dot(vectors[i], centroids[c]);
        if (score > bestScore) {
          bestScore = score;
          best = c;
        }
      }
      if (assignment[i] !== best) {
        assignment[i] = best;
        moved += 1;
      }
    }
    if (moved === 0) break;
    const sums = centroids.map(() => new Float64Array(dimensions));
    const sizes = new Int32Array(centroids.length);
    for (let i = 0; i < vectors.length; i++) {
      const sum = sums[assignment[i]];
      sizes[assignment[i]] += 1;
      const v = vectors[i];
      for (let j = 0; j < v.indices.length; j++) sum[v.indices[j]] += v.values[j];
    }
    centroids = sums.map((sum, c) => {
      if (sizes[c] === 0) return centroids[c];
      let norm = 0;
      for (let d = 0; d < dimensions; d++) norm += sum[d] * sum[d];
      const scale = 1 / Math.sqrt(norm);
      for (let d = 0; d < dimensions; d++) sum[d] *= scale;
      return sum;
    });
  }
  return { assignment, centroids };
}

/** Mean silhouette with cosine distance (−1…1; higher is better separated), over precomputed distances. */
export function silhouette(distance: Float32Array, n: number, assignment: Int32Array, k: number): number {
  if (k < 2 || n < 3) return -1;
  let total = 0;
  const sums = new Float64Array(k);
  const sizes = new Int32Array(k);
  for (let i = 0; i < n; i++) sizes[assignment[i]] += 1;
  for (let i = 0; i < n; i++) {
    sums.fill(0);
    const row = i * n;
    for (let j = 0; j < n; j++) if (j !== i) sums[assignment[j]] += distance[row + j];
    const own = assignment[i];
    if (sizes[own] <= 1) continue;
    const a = sums[own] / (sizes[own] - 1);
    let b = Infinity;
    for (let c = 0; c < k; c++) if (c !== own && sizes[c] > 0) b = Math.min(b, sums[c] / sizes[c]);
    if (b === Infinity) continue;
    total += (b - a) / Math.max(a, b);
  }
  return total / n;
}

/** k by silhouette on a sample (its distances computed once), then k-means on every vector with that k. */
export function clusterVectors(input: readonly QuestionVector[], options: ClusterOptions): ClusterResult {
  const n = input.length;
  if (n === 0) return { assignment: new Int32Array(0), k: 0, centroids: [], silhouette: 0 };
  const { vectors, dimensions } = compact(input);
  const maxK = Math.max(1, Math.min(options.maxK, Math.floor(n / 2)));
  const minK = Math.min(Math.max(2, options.minK), maxK);
  if (maxK < 2) return { assignment: new Int32Array(n), k: 1, centroids: [toCentroid(vectors[0], dimensions)], silhouette: 0 };
  const sample = n <= options.sampleSize ? [...vectors] : Array.from({ length: options.sampleSize }, () => vectors[Math.floor(options.random() * n)]);
  const m = sample.length;
  const distance = new Float32Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      const d = 1 - cosine(sample[i], sample[j]);
      distance[i * m + j] = d;
      distance[j * m + i] = d;
    }
  }
  options.progress?.(0.1);
  let bestK = minK;
  let bestScore = -Infinity;
  const ks: number[] = [];
  for (let k = minK; k <= maxK; k += k < 10 ? 1 : 2) ks.push(k);
  ks.forEach((k, step) => {
    options.throwIfCancelled?.();
    const { assignment } = kMeans(sample, k, dimensions, options.iterations, options.random, options.throwIfCancelled);
    const score = silhouette(distance, m, assignment, k);
    if (score > bestScore) {
      bestScore = score;
      bestK = k;
    }
    options.progress?.(0.1 + ((step + 1) / ks.length) * 0.6);
  });
  const final = kMeans(vectors, bestK, dimensions, options.iterations, options.random, options.throwIfCancelled);
  options.progress?.(0.95);
  return { assignment: final.assignment, k: bestK, centroids: final.centroids, silhouette: bestScore, vectors };
}

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from get how i in is it me my of on or the to what when where which who why will with you your please this that am im have has had was were not no yes'.split(' '),
);

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
}

/** A term names a cluster only when at least this share of its questions (and two) use it. */
const LABEL_MIN_SHARE = 0.2;

export interface DescribedCluster {
  members: number[];
  topTerms: string[];
  representatives: string[];
  cohesion: number;
}

/**
 * Each cluster's members, label and representatives. k-means puts every question somewhere: a
 * question less similar than `minSimilarity` to its cluster's centre is left out of it (gibberish,
 * a one-off), and a cluster left with fewer than two questions, or whose questions share no term,
 * is no group — those questions are `ungrouped`. The label: the top terms by class TF-IDF (frequent in the cluster, rare in the
 * others) among the terms a fair share of its questions use (not a word one long question brings),
 * in the order the most central question says them. Representatives: the questions closest to its centre.
 */
export function describeClusters(texts: readonly string[], result: ClusterResult, options: { terms?: number; representatives?: number; minSimilarity?: number } = {}): { clusters: DescribedCluster[]; ungrouped: number[] } {
  const { terms = 3, representatives = 3, minSimilarity = 0 } = options;
  const vectors = result.vectors ?? [];
  const similarity = (i: number) => (vectors[i] ? dot(vectors[i], result.centroids[result.assignment[i]]) : 1);
  const members: number[][] = Array.from({ length: result.k }, () => []);
  const ungrouped: number[] = [];
  for (let i = 0; i < result.assignment.length; i++) (similarity(i) >= minSimilarity ? members[result.assignment[i]] : ungrouped).push(i);
  for (const list of members) if (list.length === 1) ungrouped.push(...list.splice(0));
  const clusterFrequency = new Map<string, number>();
  const perCluster = members.map((list) => {
    const counts = new Map<string, number>();
    for (const i of list) for (const w of new Set(words(texts[i]))) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const w of counts.keys()) clusterFrequency.set(w, (clusterFrequency.get(w) ?? 0) + 1);
    return counts;
  });
  const clusters = members
    .map((list, c) => {
      const scored = list.map((i) => [i, similarity(i)] as const).sort((a, b) => b[1] - a[1]);
      const minCount = Math.max(2, Math.ceil(list.length * LABEL_MIN_SHARE));
      const top = [...perCluster[c].entries()]
        .filter(([, n]) => n >= minCount)
        .map(([w, n]) => [w, (n / Math.max(1, list.length)) * Math.log(1 + result.k / (clusterFrequency.get(w) ?? 1))] as const)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, terms)
        .map(([w]) => w);
      const central = scored.length ? words(texts[scored[0][0]]) : [];
      const position = (w: string) => (central.includes(w) ? central.indexOf(w) : central.length);
      const seen = new Set<string>();
      const reps: string[] = [];
      for (const [i] of scored) {
        const key = texts[i].trim().toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        reps.push(texts[i].trim());
        if (reps.length >= representatives) break;
      }
      const cohesion = scored.length ? scored.reduce((sum, [, v]) => sum + v, 0) / scored.length : 0;
      if (top.length === 0) ungrouped.push(...list);
      return { members: list, topTerms: top.sort((a, b) => position(a) - position(b)), representatives: reps, cohesion };
    })
    .filter((cluster) => cluster.members.length > 0 && cluster.topTerms.length > 0)
    .sort((a, b) => b.members.length - a.members.length);
  return { clusters, ungrouped };
}
