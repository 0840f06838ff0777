import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
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

test('the pruned index finds exactly the pairs brute force finds, on random phrases and thresholds', () => {
  const phrase = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 7 }).map((words) => words.join(' '));
  fc.assert(
    fc.property(fc.array(fc.tuple(phrase, fc.integer({ min: 0, max: 5 })), { minLength: 2, maxLength: 60 }), fc.double({ min: 0.3, max: 1, noNaN: true }), (rows, threshold) => {
      const texts = rows.map((row) => row[0]);
      const groups = rows.map((row) => row[1]);
      const found = findSimilarPairs(indexPhrases(texts, groups), threshold).map((pair) => `${pair.a}-${pair.b}`).sort();
      assert.deepEqual(found, bruteForce(texts, groups, threshold));
    }),
    { numRuns: 300 },
  );
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
