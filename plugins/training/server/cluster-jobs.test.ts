import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { QuestionFeatures, QuestionVector } from '../../dialog-engine/contract/server/index';
import { clusterQuestions } from './cluster-jobs';

/** Bag of words, one bucket a word, unit length: enough to tell the questions here apart. */
const words: QuestionFeatures = {
  vectors(texts) {
    const ids = new Map<string, number>();
    return texts.map((text): QuestionVector => {
      const buckets = [...new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean))].map((w) => ids.get(w) ?? ids.set(w, ids.size).get(w)!);
      buckets.sort((a, b) => a - b);
      return { indices: Int32Array.from(buckets), values: Float32Array.from(buckets, () => 1 / Math.sqrt(buckets.length)) };
    });
  },
};
const rows = (texts: string[]) => texts.map((data, i) => ({ transcriptId: `t${i}`, data }));

test('a question asked many times is one point: repeated gibberish neither joins nor names a group, but counts where it belongs', () => {
  const texts = [
    ...Array<string>(6).fill('asdfgh'),
    ...Array<string>(4).fill('how to apply for a hdb flat'),
    'apply for hdb flat online',
    'hdb flat application',
    'how to pay income tax',
    'pay income tax by instalments',
    'income tax relief',
  ];
  const result = clusterQuestions(words, rows(texts));
  const labels = result.clusters.map((c) => c.label);
  assert.ok(labels.every((l) => !l.includes('asdfgh')), labels.join(' | '));
  const flat = result.clusters.find((c) => c.label.includes('hdb'));
  assert.equal(flat?.size, 6, 'the four asks of one question and two others');
  assert.equal(result.clusters.reduce((n, c) => n + c.size, 0) + result.ungrouped, texts.length);
  assert.equal(result.ungrouped, 6);
});

test('questions that share no term are no group; personal data names nothing', () => {
  const texts = ['baby bonus cash gift amount', 'retirement account withdrawal age', 'my email is someone@example.com call me', 'reach me at someone@example.com please', 'income tax relief', 'income tax due'];
  const result = clusterQuestions(words, rows(texts));
  for (const cluster of result.clusters) {
    assert.ok(cluster.topTerms.length > 0);
    assert.doesNotMatch(cluster.label + cluster.representatives.join(' '), /someone|example/);
    assert.ok(cluster.phrases.every((p) => !p.includes('@')));
  }
  assert.ok(!result.clusters.some((c) => c.label.includes('bonus') && c.label.includes('retirement')));
});
