import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KnowledgeSnapshot, SnapshotIntent } from '../../../knowledge-base/contract/common/knowledge/index';
import { ModelCache } from './model-cache';

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
