import type { FoundPair } from './conflict-index';

/**
 * The run's intent pairs as columns (index = the group's `no` − 1; ranked most pairs first, then
 * highest score, then intent ids): intent `a` sorts before intent `b`; scores in thousandths.
 */
export interface GroupColumns {
  intentA: Int32Array;
  intentB: Int32Array;
  pairs: Int32Array;
  maxScore: Int32Array;
  identical: Int32Array;
}

/** The run's pairs as typed arrays (they cross from the worker thread without copying). */
export interface GroupedPairs {
  groups: GroupColumns;
  /** Per pair: its group's `no`, its rank in the group (1-based), phrase of intent a, phrase of intent b, score (thousandths), identical (0/1). */
  group: Int32Array;
  rank: Int32Array;
  phraseA: Int32Array;
  phraseB: Int32Array;
  score: Int32Array;
  identical: Uint8Array;
}

/** Every typed array of a grouping, to transfer. */
export function groupedBuffers(grouped: GroupedPairs): ArrayBuffer[] {
  const { groups, group, rank, phraseA, phraseB, score, identical } = grouped;
  return [groups.intentA, groups.intentB, groups.pairs, groups.maxScore, groups.identical, group, rank, phraseA, phraseB, score, identical].map((array) => array.buffer as ArrayBuffer);
}

/** Intents numbered in the order of their ids. */
function idRanks(intentIds: readonly string[]): Int32Array {
  const order = intentIds.map((_, i) => i).sort((x, y) => cmp(intentIds[x], intentIds[y]));
  const rank = new Int32Array(intentIds.length);
  order.forEach((intent, position) => (rank[intent] = position));
  return rank;
}

/**
 * Groups phrase pairs by the pair of intents holding them. `intentOf[phrase]` is an index into
 * `intentIds`; the intent with the smaller id is the group's `a` side.
 */
export function groupPairs(found: readonly FoundPair[], intentOf: ArrayLike<number>, intentIds: readonly string[]): GroupedPairs {
  const total = found.length;
  const rankOf = idRanks(intentIds);
  const a = new Int32Array(total);
  const b = new Int32Array(total);
  const key = new Float64Array(total);
  const score = new Int32Array(total);
  for (let i = 0; i < total; i += 1) {
    const pair = found[i];
    const flip = rankOf[intentOf[pair.a]] > rankOf[intentOf[pair.b]];
    a[i] = flip ? pair.b : pair.a;
    b[i] = flip ? pair.a : pair.b;
    key[i] = rankOf[intentOf[a[i]]] * intentIds.length + rankOf[intentOf[b[i]]];
    score[i] = Math.round(pair.score * 1000);
  }
  // Pairs ordered by intent pair, then best first within it.
  const order = Array.from({ length: total }, (_, i) => i).sort(
    (x, y) => key[x] - key[y] || score[y] - score[x] || Number(found[y].identical) - Number(found[x].identical) || a[x] - a[y] || b[x] - b[y],
  );
  const runs: Array<{ from: number; to: number; maxScore: number; identical: number }> = [];
  for (let at = 0; at < total; ) {
    let to = at;
    let identical = 0;
    while (to < total && key[order[to]] === key[order[at]]) identical += found[order[to++]].identical ? 1 : 0;
    runs.push({ from: at, to, maxScore: score[order[at]], identical });
    at = to;
  }
  const keyOf = (run: (typeof runs)[number]) => key[order[run.from]];
  runs.sort((x, y) => y.to - y.from - (x.to - x.from) || y.maxScore - x.maxScore || keyOf(x) - keyOf(y));
  const count = runs.length;
  const out: GroupedPairs = {
    groups: { intentA: new Int32Array(count), intentB: new Int32Array(count), pairs: new Int32Array(count), maxScore: new Int32Array(count), identical: new Int32Array(count) },
    group: new Int32Array(total),
    rank: new Int32Array(total),
    phraseA: new Int32Array(total),
    phraseB: new Int32Array(total),
    score: new Int32Array(total),
    identical: new Uint8Array(total),
  };
  let at = 0;
  runs.forEach((run, index) => {
    const first = order[run.from];
    out.groups.intentA[index] = intentOf[a[first]];
    out.groups.intentB[index] = intentOf[b[first]];
    out.groups.pairs[index] = run.to - run.from;
    out.groups.maxScore[index] = run.maxScore;
    out.groups.identical[index] = run.identical;
    for (let k = run.from; k < run.to; k += 1) {
      const pair = order[k];
      out.group[at] = index + 1;
      out.rank[at] = k - run.from + 1;
      out.phraseA[at] = a[pair];
      out.phraseB[at] = b[pair];
      out.score[at] = score[pair];
      out.identical[at] = found[pair].identical ? 1 : 0;
      at += 1;
    }
  });
  return out;
}

function cmp(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A 32-bit FNV-1a hash of a phrase's text: a stored pair is stale when its phrase's text hashes otherwise now. */
export function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
