import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seededRandom } from '@civic/sdk/server/random';
import { cosine, normalisePhrase, similarity, trigrams } from '../common/similarity';
import { groupPairs } from './conflict-groups';
import { findSimilarPairs, indexPhrases } from './conflict-index';
import { lshSimilarPairs } from './conflict-lsh';
import { findConflicts, LSH_FROM } from './conflict-search';

const WORDS = ['how', 'do', 'i', 'renew', 'my', 'passport', 'pasport', 'apply', 'for', 'a', 'permit', 'parking', 'open', 'hours', 'when', 'where', 'can', 'fee', 'fees', 'Renewal!'];

/** Every pair of phrases in different groups, scored one by one with the reference measure (`similarity`'s). */
function bruteForce(texts: string[], groups: number[], threshold: number): Map<string, number> {
  const normalised = texts.map(normalisePhrase);
  const grams = normalised.map(trigrams);
  const score = (a: number, b: number) => (normalised[a] === normalised[b] ? (normalised[a] === '' ? 0 : 1) : cosine(grams[a], grams[b]));
  const found = new Map<string, number>();
  for (let a = 0; a < texts.length; a += 1)
    for (let b = a + 1; b < texts.length; b += 1) {
      const value = groups[a] === groups[b] ? 0 : score(a, b);
      if (value >= threshold) found.set(`${a}-${b}`, value);
    }
  return found;
}

function randomSample(random: () => number, size: number): { texts: string[]; groups: number[] } {
  const texts: string[] = [];
  const groups: number[] = [];
  for (let i = 0; i < size; i += 1) {
    const words = Math.floor(random() * 8);
    texts.push(Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' '));
    groups.push(Math.floor(random() * 6));
  }
  return { texts, groups };
}

const TEMPLATES = ['How do I {v} my {n}?', 'Where can I {v} a {n}', 'I want to {v} my {n} online', 'What documents do I need to {v} a {n}?', 'Can I {v} the {n} for my child?', '{v} {n}', 'Steps to {v} {n}'];
const VERBS = ['renew', 'apply for', 'replace', 'cancel', 'update', 'pay for', 'collect', 'extend'];
const NOUNS = ['passport', 'driving licence', 'work permit', 'parking permit', 'housing grant', 'tax return', 'library card', 'dog licence', 'season parking', 'school place'];

/** Intents written from the same templates (as the bench's and real FAQs are): many near-duplicates. */
function templatedSample(random: () => number, intents: number): { texts: string[]; groups: number[] } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const texts: string[] = [];
  const groups: number[] = [];
  for (let intent = 0; intent < intents; intent += 1) {
    const verb = pick(VERBS);
    const noun = `${pick(['Kalo', 'Brimst', 'Vitor', 'Nelpa', 'Dunmi'])}${pick(['ren', 'sa', 'gos', 'te'])} ${pick(NOUNS)}`;
    for (let k = 0; k < 5; k += 1) {
      const text = pick(TEMPLATES).replace('{v}', verb).replace('{n}', noun);
      const at = Math.floor(random() * text.length);
      texts.push(random() < 0.1 ? text.slice(0, at) + text.slice(at + 1) : text);
      groups.push(intent);
    }
  }
  return { texts, groups };
}

const keys = (pairs: ReadonlyArray<{ a: number; b: number }>) => pairs.map((pair) => `${pair.a}-${pair.b}`).sort();

test('the exact prefix index finds exactly the pairs brute force finds, on random samples of phrases and thresholds', () => {
  for (let sample = 1; sample <= 300; sample += 1) {
    const random = seededRandom(sample);
    const { texts, groups } = randomSample(random, 2 + Math.floor(random() * 60));
    const threshold = 0.3 + random() * 0.7;
    const found = keys(findSimilarPairs(indexPhrases(texts, groups), threshold));
    assert.deepEqual(found, [...bruteForce(texts, groups, threshold).keys()].sort(), `sample ${sample}`);
  }
});

test('conflict search against brute force: every pair it reports is right (precision 1); by LSH it misses under 1% (recall ≥ 0.99), below it none', () => {
  let expected = 0;
  let recalled = 0;
  for (let sample = 1; sample <= 400; sample += 1) {
    const random = seededRandom(1000 + sample);
    const { texts, groups } = sample % 2 ? randomSample(random, 2 + Math.floor(random() * 80)) : templatedSample(random, 2 + Math.floor(random() * 30));
    const threshold = 0.3 + random() * 0.7;
    const truth = bruteForce(texts, groups, threshold);
    const { pairs } = findConflicts(texts, groups, threshold);
    assert.equal(new Set(keys(pairs)).size, pairs.length, `sample ${sample}: no pair twice`);
    for (const pair of pairs) {
      const score = truth.get(`${pair.a}-${pair.b}`);
      assert.ok(score !== undefined, `sample ${sample}: ${pair.a}-${pair.b} is not similar enough`);
      assert.equal(pair.score, score, `sample ${sample}: the exact score`);
    }
    if (threshold < LSH_FROM) {
      assert.equal(pairs.length, truth.size, `sample ${sample}: below ${LSH_FROM} the search is exact`);
      continue;
    }
    expected += truth.size;
    recalled += pairs.length;
  }
  assert.ok(expected > 3000, `enough pairs to measure (${expected})`);
  assert.ok(recalled / expected >= 0.99, `recall ${recalled}/${expected}`);
});

test('LSH on templated intents: recall ≥ 0.99 of the exact index at the default threshold, each candidate scored exactly', () => {
  const { texts, groups } = templatedSample(seededRandom(7), 400);
  const items = indexPhrases(texts, groups);
  const exact = new Map(findSimilarPairs(items, 0.8).map((pair) => [`${pair.a}-${pair.b}`, pair.score]));
  const { pairs, capped } = lshSimilarPairs(items, 0.8);
  assert.equal(capped, 0);
  assert.ok(exact.size > 1000, `enough pairs (${exact.size})`);
  for (const pair of pairs) assert.equal(pair.score, exact.get(`${pair.a}-${pair.b}`));
  assert.ok(pairs.length / exact.size >= 0.99, `recall ${pairs.length}/${exact.size}`);
});

test('the same phrases in another order find the same pairs (the hashes are of trigrams, not of their numbering)', () => {
  const random = seededRandom(9);
  const { texts, groups } = templatedSample(random, 300);
  const order = texts.map((_, i) => i).sort(() => random() - 0.5);
  const found = findConflicts(texts, groups, 0.8).pairs.map((pair) => `${pair.a}-${pair.b}`);
  const shuffled = findConflicts(
    order.map((i) => texts[i]),
    order.map((i) => groups[i]),
    0.8,
  ).pairs.map((pair) => [order[pair.a], order[pair.b]].sort((x, y) => x - y).join('-'));
  assert.ok(found.length > 500);
  assert.deepEqual(shuffled.sort(), found.sort());
});

test('a phrase meeting more candidates than the cap is counted; what is reported is still exact', () => {
  const { texts, groups } = templatedSample(seededRandom(8), 200);
  const items = indexPhrases(texts, groups);
  const exact = new Map(findSimilarPairs(items, 0.8).map((pair) => [`${pair.a}-${pair.b}`, pair.score]));
  const { pairs, capped } = lshSimilarPairs(items, 0.8, { maxCandidates: 3 });
  assert.ok(capped > 0);
  assert.ok(pairs.length < exact.size);
  for (const pair of pairs) assert.equal(pair.score, exact.get(`${pair.a}-${pair.b}`));
});

test('equal texts are compared once and stand for every phrase holding them, across intents only', () => {
  const texts = ['Opening hours', 'opening  HOURS!', 'opening hours', 'Opening hour', '', '  '];
  const groups = [0, 1, 0, 2, 1, 2];
  const { pairs } = findConflicts(texts, groups, 0.8);
  const described = pairs.map((pair) => `${pair.a}-${pair.b}:${pair.identical ? 'same' : pair.score.toFixed(3)}`).sort();
  const hour = similarity('opening hours', 'opening hour').toFixed(3);
  assert.deepEqual(described, ['0-1:same', '0-3:' + hour, '1-2:same', '1-3:' + hour, '2-3:' + hour]);
});

test('pairs are scored, identical ones marked, and grouped by intent pair with counts', () => {
  const texts = ['How do I renew my passport?', 'how do i renew my pasport', 'Passport renewal', 'passport  RENEWAL', 'opening hours'];
  const groups = [0, 1, 1, 0, 2];
  const { pairs } = findConflicts(texts, groups, 0.8);
  assert.equal(pairs.length, 2);
  const identical = pairs.find((pair) => pair.identical);
  assert.deepEqual([identical?.a, identical?.b, identical?.score], [2, 3, 1]);
  const grouped = groupPairs(pairs, groups, ['b-intent', 'a-intent', 'c-intent']);
  const { intentA, intentB, pairs: counts, maxScore, identical: identicalCounts } = grouped.groups;
  assert.deepEqual([intentA, intentB, counts, maxScore, identicalCounts].map((column) => Array.from(column)), [[1], [0], [2], [1000], [1]]);
  // Oriented: the a side holds intent a's phrase; the identical pair ranks first.
  assert.deepEqual(Array.from(grouped.phraseA), [2, 1]);
  assert.deepEqual(Array.from(grouped.phraseB), [3, 0]);
  assert.deepEqual(Array.from(grouped.rank), [1, 2]);
});
