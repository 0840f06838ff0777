/**
 * Conflict detection over an app's phrases: phrases whose normalised texts are equal are one text
 * (compared once; across intents they are identical pairs, score 1), the distinct texts are
 * compared by LSH (conflict-lsh.ts) at usual thresholds or by the exact prefix index
 * (conflict-index.ts) at low ones, and each similar pair of texts stands for every pair of their
 * phrases in different intents.
 */
import { normalisePhrase } from '../common/similarity';
import { findSimilarPairs, indexTexts, type FoundPair } from './conflict-index';
import { lshSimilarPairs } from './conflict-lsh';

/** From this threshold up LSH finds the pairs; below it the exact index does (LSH would need too many bands there). */
export const LSH_FROM = 0.5;

export interface ConflictSearch {
  /** Pairs of phrases (a < b) in different groups. */
  pairs: FoundPair[];
  /** Distinct texts whose LSH candidates were cut at the cap (some of their pairs may be missing). */
  capped: number;
}

/** The distinct normalised texts (empty ones left out) and, per text, the phrases holding it. */
function distinctTexts(texts: readonly string[], groups: ArrayLike<number>) {
  const index = new Map<string, number>();
  const distinct: string[] = [];
  const members: number[][] = [];
  const group: number[] = [];
  texts.forEach((text, phrase) => {
    const normalised = normalisePhrase(text);
    if (normalised === '') return;
    let at = index.get(normalised);
    if (at === undefined) {
      at = distinct.length;
      index.set(normalised, at);
      distinct.push(normalised);
      members.push([]);
      group.push(groups[phrase]);
    }
    members[at].push(phrase);
    // A text held in several groups gets a group of its own (negative), so it is compared with every other text.
    if (group[at] !== groups[phrase]) group[at] = -1 - at;
  });
  return { distinct, members, group };
}

export function findConflicts(texts: readonly string[], groups: ArrayLike<number>, threshold: number, onProgress?: (done: number, total: number) => void): ConflictSearch {
  const { distinct, members, group } = distinctTexts(texts, groups);
  const { items, trigrams } = indexTexts(distinct, group);
  const { pairs: similar, capped } = threshold >= LSH_FROM ? lshSimilarPairs(items, threshold, { onProgress, trigrams }) : { pairs: findSimilarPairs(items, threshold, onProgress), capped: 0 };
  const pairs: FoundPair[] = [];
  const expand = (from: readonly number[], to: readonly number[], score: number, identical: boolean) => {
    for (const x of from)
      for (const y of to) if ((identical ? x < y : true) && groups[x] !== groups[y]) pairs.push({ a: Math.min(x, y), b: Math.max(x, y), score, identical });
  };
  for (const phrases of members) if (phrases.length > 1) expand(phrases, phrases, 1, true);
  for (const pair of similar) expand(members[pair.a], members[pair.b], pair.score, false);
  return { pairs, capped };
}
