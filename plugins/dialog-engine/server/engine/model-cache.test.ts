import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KnowledgeSnapshot, SnapshotIntent } from '../../../knowledge-base/contract/common/knowledge/index';
import { ModelCache } from './model-cache';
import { trainKnowledge } from './trained-knowledge';

function intent(id: string, phrases: string[]): SnapshotIntent {
  return {
    id, kind: 'qna', displayName: id, parentId: null, defaultKind: null, webhook_state: 'WEBHOOK_STATE_UNSPECIFIED', action: '', events: [], inputContexts: [], outputContexts: [],
    trainingPhrases: phrases.map((text) => ({ type: 'example', parts: [{ text }], text })),
    parameters: [], responses: [], categoryIds: [], labelIds: [], answerOwner: null, sourceUrl: null, reviewBy: null,
  };
}

const snapshot = (word: string): KnowledgeSnapshot => ({
  schemaVersion: 1,
  intents: [intent('a', [`renew my ${word}`, `${word} renewal`]), intent('b', ['order a pizza', 'pizza delivery'])],
  entityTypes: [],
  glossary: [],
  categories: [],
  labels: [],
});

async function settled(cache: ModelCache, appId: string): Promise<string> {
  for (let i = 0; i < 600 && cache.status(appId, 'draft').state === 'training'; i += 1) await new Promise((r) => setTimeout(r, 50));
  return cache.status(appId, 'draft').state;
}

test('a job’s abort terminates the training thread: the training stops (fails), the job’s wait ends with the abort reason, the next training works', async () => {
  const cache = new ModelCache();
  try {
    const controller = new AbortController();
    const waiting = cache.ensure('app-1', 'draft', snapshot('passport'), undefined, undefined, controller.signal);
    const reason = new Error('cancelled by the user');
    controller.abort(reason);
    await assert.rejects(waiting, (error) => error === reason);
    assert.equal(await settled(cache, 'app-1'), 'failed', 'the work itself stopped, not only the wait');
    const next = await cache.ensure('app-1', 'draft', snapshot('licence'));
    assert.ok(next.contentHash);
    assert.equal(cache.status('app-1', 'draft').state, 'trained');
  } finally {
    await cache.close();
  }
});

test('staleness: while a newer model trains, the older answers and says when it was trained and how far the newer one is', async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let clock = new Date('2026-11-27T10:42:00Z');
  const cache = new ModelCache(
    async (snap, onProgress, hash) => {
      if (snap.intents[0].trainingPhrases[0].text.includes('licence')) {
        onProgress(0.6);
        await gate;
      }
      return trainKnowledge(snap, undefined, hash);
    },
    () => clock,
    { staleWaitMs: 10 },
  );
  const first = await cache.get('app-s', 'draft', snapshot('passport'));
  assert.equal(cache.staleness('app-s', 'draft', first.contentHash), null, 'the newest model answered');
  clock = new Date('2026-11-27T11:00:00Z');
  const answered = await cache.get('app-s', 'draft', snapshot('licence'));
  assert.equal(answered.contentHash, first.contentHash, 'the previous model answers while the newer trains');
  assert.deepEqual(cache.staleness('app-s', 'draft', answered.contentHash), { answeringTrainedAt: '2026-11-27T10:42:00.000Z', trainingProgress: 0.6 });
  release();
  assert.equal(await settled(cache, 'app-s'), 'trained');
  const newest = await cache.get('app-s', 'draft', snapshot('licence'));
  assert.equal(cache.staleness('app-s', 'draft', newest.contentHash), null);
});
