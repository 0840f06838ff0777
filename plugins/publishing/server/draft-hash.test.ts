import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KnowledgeSnapshot } from '../../knowledge-base/contract/common/knowledge/index';
import { draftHash } from './draft-hash';

const empty: KnowledgeSnapshot = { schemaVersion: 1, intents: [], entityTypes: [], glossary: [], categories: [], labels: [] };

test('the hash ignores key order (jsonb reorders keys) but not content', () => {
  const a = { ...empty, glossary: [{ id: 'g1', term: 'CPF', synonyms: ['cpf'], definition: 'Central Provident Fund' }] };
  const b = { ...empty, glossary: [{ definition: 'Central Provident Fund', synonyms: ['cpf'], term: 'CPF', id: 'g1' }] };
  assert.equal(draftHash(a), draftHash(b));
  assert.notEqual(draftHash(a), draftHash({ ...a, glossary: [{ ...a.glossary[0], definition: 'Central Provident Fund Board' }] }));
  assert.notEqual(draftHash(empty), draftHash(a));
});
