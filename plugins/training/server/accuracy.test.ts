import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppRecord, DbExecutor } from '@civic/sdk/server';
import type { DraftAnswers, TranscriptReview } from '../../dialog-engine/contract/server/index';
import type { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { evaluationSet, measure, TestCaseSlot, type AccuracyDeps } from './accuracy';

const db = {} as DbExecutor;
const app = { appId: 'a1' } as AppRecord;
/** A draft that answers "tax" questions with intent t and falls back on the rest. */
const drafts: DraftAnswers = {
  answer: async (_db, _app, texts) => texts.map((text) => (text.includes('tax') ? { intentId: 't', intentName: 'Tax', confidence: 0.9, fallback: false } : { intentId: null, intentName: null, confidence: 0.1, fallback: true })),
};
const review = { get: async () => [] } as unknown as TranscriptReview;
const snapshots = {} as KnowledgeSnapshots;

test("the app's test cases, when it has them, are the evaluation set (no reviewed question is read)", async () => {
  const slot = new TestCaseSlot();
  slot.register({ list: async (_db, appId) => (appId === 'a1' ? [{ question: 'file my tax', intentId: 't' }, { question: 'renew passport', intentId: 'p' }] : []) });
  const deps: AccuracyDeps = { review, drafts, snapshots, testCases: slot };
  const set = await evaluationSet(db, deps, 'a1', new Date());
  assert.equal(set.basis, 'test-cases');
  assert.deepEqual(await measure(db, deps, app, set.items), { questions: 2, correct: 1 });
  assert.throws(() => slot.register({ list: async () => [] }), /Two plugins/);
});

test('with no source registered an app has no test cases', async () => {
  assert.deepEqual(await new TestCaseSlot().list(db, 'a1'), []);
});
