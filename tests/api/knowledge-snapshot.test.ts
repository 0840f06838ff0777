import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { classCatalog } from '../../plugins/classification/server/class-catalog';
import { entityTypeCatalog } from '../../plugins/entities/server/entity-type-catalog';
import { readDraftSnapshot as readWith } from '../../plugins/knowledge-base/server/draft-snapshot';

const readDraftSnapshot = (db: Parameters<typeof readWith>[1], appId: string) => readWith({ classes: classCatalog, entityTypes: entityTypeCatalog }, db, appId);
import { categories, entityTypes, glossaryTerms, intentCategories, intents, trainingPhrases } from './support/tables';
import { OTHER_APP_ID } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(async () => {
  await t?.close();
});

test("the draft snapshot holds the app's intents with phrases in order, entities, glossary and classification — and nothing of other apps", async () => {
  const db = t.server.db.db;
  const appId = 'demo-enterprise';
  const before = await readDraftSnapshot(db, appId);
  const [parent] = await db.insert(intents).values({ appId, kind: 'intent', displayName: 'Zz Renew passport' }).returning();
  const [child] = await db.insert(intents).values({ appId, kind: 'intent', displayName: 'Zz Renew passport - yes', parentId: parent.id }).returning();
  await db.insert(intents).values({ appId: OTHER_APP_ID, kind: 'intent', displayName: 'Zz Not mine' });
  await db.insert(trainingPhrases).values([
    { intentId: parent.id, appId, position: 1, referenceId: 'b', type: 'example' as const, parts: [{ text: 'second' }], text: 'second' },
    { intentId: parent.id, appId, position: 0, referenceId: 'a', type: 'template' as const, parts: [{ text: 'renew my ' }, { text: 'passport', entity_type: '@document', manual_tagged: true }], text: 'renew my passport' },
  ]);
  const [category] = await db.insert(categories).values({ appId, name: 'Zz Travel' }).returning();
  await db.insert(intentCategories).values({ intentId: parent.id, categoryId: category.id });
  await db.insert(entityTypes).values({ appId, displayName: 'zzdocument', kind: 'KIND_MAP', entries: [{ value: 'passport', synonyms: ['passport', 'pp'] }] });
  await db.insert(glossaryTerms).values({ appId, term: 'Zz ICA', synonyms: ['immigration'], definition: 'Immigration & Checkpoints Authority' });

  const snapshot = await readDraftSnapshot(db, appId);
  assert.equal(snapshot.intents.length, before.intents.length + 2);
  const renew = snapshot.intents.find((intent) => intent.id === parent.id);
  assert.deepEqual(renew?.trainingPhrases.map((phrase) => phrase.text), ['renew my passport', 'second']);
  assert.equal(renew?.trainingPhrases[0].type, 'template');
  assert.deepEqual(renew?.categoryIds, [category.id]);
  assert.equal(snapshot.intents.find((intent) => intent.id === child.id)?.parentId, parent.id);
  assert.ok(!snapshot.intents.some((intent) => intent.displayName === 'Zz Not mine'));
  assert.deepEqual(snapshot.entityTypes.find((entity) => entity.display_name === 'zzdocument')?.entities, [{ value: 'passport', synonyms: ['passport', 'pp'] }]);
  assert.deepEqual(snapshot.glossary.find((term) => term.term === 'Zz ICA')?.synonyms, ['immigration']);
  assert.ok(snapshot.categories.some((row) => row.id === category.id && row.name === 'Zz Travel'));
  assert.deepEqual(await readDraftSnapshot(db, appId), snapshot, 'two reads of unchanged content are equal');
});
