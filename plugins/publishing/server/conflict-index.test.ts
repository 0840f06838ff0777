import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupPairs } from './conflict-groups';
import { exactScore, findSimilarPairs, indexPhrases } from './conflict-index';

const WORDS = ['how', 'do', 'i', 'renew', 'my', 'passport', 'pasport', 'apply', 'for', 'a', 'permit', 'parking', 'open', 'hours', 'when', 'where', 'can', 'fee', 'fees', 'Renewal!'];

/** Every pair of phrases in different groups, scored one by one. */
function bruteForce(texts: string[], groups: number[], threshold: number): string[] {
  const items = indexPhrases(texts, groups);
  const found: string[] = [];
  for (let a = 0; a < items.length; a += 1)
    for (let b = a + 1; b < items.length; b += 1) if (groups[a] !== groups[b] && exactScore(items[a], items[b]) >= threshold) found.push(`${a}-${b}`);
  return found.sort();
}

/** A seeded generator, so a failure names a sample that can be run again. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('the pruned index finds exactly the pairs brute force finds, on random samples of phrases and thresholds', () => {
  for (let sample = 1; sample <= 300; sample += 1) {
    const random = seeded(sample);
    const size = 2 + Math.floor(random() * 60);
    const texts: string[] = [];
    const groups: number[] = [];
    for (let i = 0; i < size; i += 1) {
      const words = Math.floor(random() * 8);
      texts.push(Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' '));
      groups.push(Math.floor(random() * 6));
    }
    const threshold = 0.3 + random() * 0.7;
    const found = findSimilarPairs(indexPhrases(texts, groups), threshold).map((pair) => `${pair.a}-${pair.b}`).sort();
    assert.deepEqual(found, bruteForce(texts, groups, threshold), `sample ${sample}`);
  }
});

test('pairs are scored, identical ones marked, and grouped by intent pair with counts', () => {
  const texts = ['How do I renew my passport?', 'how do i renew my pasport', 'Passport renewal', 'passport  RENEWAL', 'opening hours'];
  const groups = [0, 1, 1, 0, 2];
  const pairs = findSimilarPairs(indexPhrases(texts, groups), 0.8);
  assert.equal(pairs.length, 2);
  const identical = pairs.find((pair) => pair.identical);
  assert.deepEqual([identical?.a, identical?.b, identical?.score], [2, 3, 1]);
  const grouped = groupPairs(pairs, groups, ['b-intent', 'a-intent', 'c-intent']);
  assert.deepEqual(grouped.groups, [{ no: 1, intentA: 1, intentB: 0, pairs: 2, maxScore: 1000, identical: 1 }]);
  // Oriented: the a side holds intent a's phrase; the identical pair ranks first.
  assert.deepEqual(Array.from(grouped.phraseA), [2, 1]);
  assert.deepEqual(Array.from(grouped.phraseB), [3, 0]);
  assert.deepEqual(Array.from(grouped.rank), [1, 2]);
});
