import type { FoundPair } from './conflict-index';

/** Pairs of one intent pair: intent `a` sorts before intent `b`; its phrase pairs best first. */
export interface PairGroup {
  /** 1-based rank: most pairs first, then highest score, then intent ids. */
  no: number;
  intentA: number;
  intentB: number;
  pairs: number;
  /** Scores in thousandths. */
  maxScore: number;
  identical: number;
}

/** The run's pairs as typed arrays (they cross from the worker thread without copying). */
export interface GroupedPairs {
  groups: PairGroup[];
  /** Per pair: its group's `no`, its rank in the group (1-based), phrase of intent a, phrase of intent b, score (thousandths), identical (0/1). */
  group: Int32Array;
  rank: Int32Array;
  phraseA: Int32Array;
  phraseB: Int32Array;
  score: Int32Array;
  identical: Uint8Array;
}

/**
 * Groups phrase pairs by the pair of intents holding them. `intentOf[phrase]` is an index into
 * `intentIds`; the intent with the smaller id is the group's `a` side.
 */
export function groupPairs(found: readonly FoundPair[], intentOf: ArrayLike<number>, intentIds: readonly string[]): GroupedPairs {
  const oriented = found.map((pair) => {
    const ia = intentOf[pair.a];
    const ib = intentOf[pair.b];
    const flip = intentIds[ia] > intentIds[ib];
    return { a: flip ? pair.b : pair.a, b: flip ? pair.a : pair.b, ia: flip ? ib : ia, ib: flip ? ia : ib, score: Math.round(pair.score * 1000), identical: pair.identical };
  });
  const byKey = new Map<string, { intentA: number; intentB: number; members: typeof oriented }>();
  for (const pair of oriented) {
    const key = `${pair.ia}:${pair.ib}`;
    let group = byKey.get(key);
    if (!group) byKey.set(key, (group = { intentA: pair.ia, intentB: pair.ib, members: [] }));
    group.members.push(pair);
  }
  const groups = [...byKey.values()].map((g) => ({
    ...g,
    maxScore: g.members.reduce((max, p) => Math.max(max, p.score), 0),
    identical: g.members.reduce((sum, p) => sum + (p.identical ? 1 : 0), 0),
  }));
  const id = (i: number) => intentIds[i];
  groups.sort((x, y) => y.members.length - x.members.length || y.maxScore - x.maxScore || cmp(id(x.intentA), id(y.intentA)) || cmp(id(x.intentB), id(y.intentB)));
  const total = found.length;
  const out: GroupedPairs = {
    groups: [],
    group: new Int32Array(total),
    rank: new Int32Array(total),
    phraseA: new Int32Array(total),
    phraseB: new Int32Array(total),
    score: new Int32Array(total),
    identical: new Uint8Array(total),
  };
  let at = 0;
  groups.forEach((g, index) => {
    const no = index + 1;
    out.groups.push({ no, intentA: g.intentA, intentB: g.intentB, pairs: g.members.length, maxScore: g.maxScore, identical: g.identical });
    g.members.sort((x, y) => y.score - x.score || Number(y.identical) - Number(x.identical) || x.a - y.a || x.b - y.b);
    g.members.forEach((pair, rank) => {
      out.group[at] = no;
      out.rank[at] = rank + 1;
      out.phraseA[at] = pair.a;
      out.phraseB[at] = pair.b;
      out.score[at] = pair.score;
      out.identical[at] = pair.identical ? 1 : 0;
      at += 1;
    });
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
