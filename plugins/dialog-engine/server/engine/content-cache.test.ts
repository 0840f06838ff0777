import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DbExecutor } from '@civic/sdk/server';
import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';
import { ContentCache } from './content-cache';
import type { KnowledgeSource } from './knowledge-source';
import { contentHash } from './trained-knowledge';

const snapshot = (name: string): KnowledgeSnapshot => ({ schemaVersion: 1, intents: [], entityTypes: [], glossary: [{ id: 'g', term: name, synonyms: [], definition: '' }], categories: [], labels: [] });
const db = {} as DbExecutor;

test('published content is read and hashed once per version; a new version (publish, rollback) is read again', async () => {
  let version: string | null = 'v1';
  let loads = 0;
  const source: KnowledgeSource = {
    async load() {
      loads += 1;
      return version ? { snapshot: snapshot(version), version } : null;
    },
    async version() {
      return version;
    },
  };
  const cache = new ContentCache();
  const first = await cache.load(db, 'app', 'production', source);
  for (let i = 0; i < 5; i++) assert.equal(await cache.load(db, 'app', 'production', source), first);
  assert.equal(loads, 1, 'one read for six messages');
  assert.equal(first?.hash, contentHash(snapshot('v1')));
  version = 'v2';
  const second = await cache.load(db, 'app', 'production', source);
  assert.equal(second?.version, 'v2');
  assert.equal(loads, 2);
  version = null;
  assert.equal(await cache.load(db, 'app', 'production', source), null, 'unpublished again: nothing');
});

test('a source without version ids (the draft) is read every time', async () => {
  let loads = 0;
  const source: KnowledgeSource = {
    async load() {
      loads += 1;
      return { snapshot: snapshot('draft'), version: 'draft' };
    },
  };
  const cache = new ContentCache();
  await cache.load(db, 'app', 'draft', source);
  await cache.load(db, 'app', 'draft', source);
  assert.equal(loads, 2);
});
