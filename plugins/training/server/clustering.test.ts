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
  assert.deepEqual(described.map((c) => c.members.length), [10, 10, 10]);
  const labels = described.map((c) => c.topTerms.join(' '));
  for (const theme of ['bonus', 'tax', 'licence']) assert.ok(labels.some((l) => l.includes(theme)), `${theme} in ${labels.join(' | ')}`);
});

test('too few questions for two clusters: one cluster', () => {
  const result = clusterVectors([v(1, 2), v(1, 3), v(2, 3)], { minK: 2, maxK: 10, sampleSize: 10, iterations: 5, random: seeded(1) });
  assert.equal(result.k, 1);
});
