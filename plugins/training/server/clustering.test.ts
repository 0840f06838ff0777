import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterVectors, describeClusters } from './clustering';

/** A unit vector over the given buckets (equal weights). */
const v = (...buckets: number[]) => ({ indices: Int32Array.from(buckets.sort((a, b) => a - b)), values: Float32Array.from(buckets, () => 1 / Math.sqrt(buckets.length)) });

function seeded(seed: number): () => number {
  let a = seed;
  return () => ((a = (a * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

test('three clear groups: k by silhouette is 3, each group whole, labelled by its own terms', () => {
  const texts: string[] = [];
  const vectors = [];
  for (let i = 0; i < 30; i++) {
    const group = i % 3;
    texts.push(['baby bonus cash', 'income tax relief', 'driving licence test'][group] + ` ${i}`);
    vectors.push(v(group * 1000 + 1, group * 1000 + 2, group * 1000 + 3, 5000 + i));
  }
  const result = clusterVectors(vectors, { minK: 2, maxK: 8, sampleSize: 100, iterations: 10, random: seeded(7) });
  assert.equal(result.k, 3);
  for (let i = 3; i < 30; i++) assert.equal(result.assignment[i], result.assignment[i % 3], `question ${i}`);
  const described = describeClusters(texts, result);
  assert.deepEqual(described.clusters.map((c) => c.members.length), [10, 10, 10]);
  assert.deepEqual(described.ungrouped, []);
  const labels = described.clusters.map((c) => c.topTerms.join(' '));
  for (const theme of ['bonus', 'tax', 'licence']) assert.ok(labels.some((l) => l.includes(theme)), `${theme} in ${labels.join(' | ')}`);
});

test('too few questions for two clusters: one cluster', () => {
  const result = clusterVectors([v(1, 2), v(1, 3), v(2, 3)], { minK: 2, maxK: 10, sampleSize: 10, iterations: 5, random: seeded(1) });
  assert.equal(result.k, 1);
});

test('a question far from every group is left ungrouped, not forced into the nearest one', () => {
  const texts: string[] = [];
  const vectors = [];
  for (let i = 0; i < 20; i++) {
    const group = i % 2;
    texts.push(['how to apply for a hdb flat', 'baby bonus cash gift'][group]);
    vectors.push(v(group * 1000 + 1, group * 1000 + 2, group * 1000 + 3));
  }
  texts.push('asdfgh');
  vectors.push(v(1, 7001, 7002, 7003, 7004, 7005, 7006, 7007, 7008, 7009));
  const result = clusterVectors(vectors, { minK: 2, maxK: 2, sampleSize: 100, iterations: 10, random: seeded(3) });
  assert.equal(result.k, 2);
  const loose = describeClusters(texts, result);
  assert.deepEqual(loose.clusters.map((c) => c.members.length).sort(), [10, 11], 'k-means alone puts it somewhere');
  const described = describeClusters(texts, result, { minSimilarity: 0.3 });
  assert.deepEqual(described.clusters.map((c) => c.members.length), [10, 10]);
  assert.deepEqual(described.ungrouped, [20]);
});

test("a label is made of terms a fair share of the group uses, in the order its most central question says them", () => {
  const texts = ['card payment declined', 'card payment declined', 'why was my card payment declined', 'card payment declined in aud', 'declined card payment', 'card payment declined'];
  const vectors = texts.map((_, i) => v(1, 2, 3, 100 + i));
  const described = describeClusters(texts, { assignment: new Int32Array(texts.length), k: 1, centroids: [new Float64Array(200).fill(0.1)], silhouette: 0, vectors });
  assert.deepEqual(described.clusters[0].topTerms, ['card', 'payment', 'declined'], 'not "aud", which one question says');
});
