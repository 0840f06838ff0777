import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { categories, intentCategories, intentLabels, intents, labels, trainingPhrases } from './support/tables';
import { clearKnowledge } from './support/knowledge-fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { classCatalog } from '../../plugins/classification/server/class-catalog';
import { classesByName } from '../../plugins/classification/server/classes-by-name';
import { bulkQna } from '../../plugins/knowledge-base/server/bulk-qna';
import { intentCounts } from '../../plugins/knowledge-base/server/intent-queries';
import { BulkMessages, toBulkRows } from '../../plugins/publishing/common/bulk';
import { applyImport } from '../../plugins/publishing/server/bulk-apply';
import { stageImport, type BulkServices } from '../../plugins/publishing/server/bulk-plan';

/**
 * Publishing's bulk import writes the draft through the knowledge base's `BulkQna` and
 * classification's `ClassesByName`, on the job's one transaction: a write that fails part-way leaves
 * nothing behind — not the new Q&A, not the categories it created.
 */
const APP = 'demo-plus';
const kb: BulkServices = { qna: bulkQna, counts: intentCounts, classes: classCatalog, classNames: classesByName };
let t: TestServer;

before(async () => {
  t = await startTestServer({ beforeStart: (db) => clearKnowledge(db, APP) });
});
after(async () => {
  await t?.close();
});

const stage = (rows: string[][]) => stageImport(kb, t.server.db.db, APP, [toBulkRows([['question', 'variants', 'answer', 'category', 'labels'], ...rows])], () => undefined);
const qnaNamed = async (name: string) => (await t.server.db.db.select().from(intents).where(and(eq(intents.appId, APP), eq(intents.displayName, name))))[0];

test('a staged import is written in the caller transaction: pairs, phrases, categories and labels; re-staging it finds it unchanged', async () => {
  const db = t.server.db.db;
  const staged = await stage([['Renew a passport?', 'renewal|renew passport', 'Online.', 'Travel', 'fees,urgent']]);
  const outcome = await db.transaction((tx) => applyImport(kb, tx, APP, staged, null, new Date('2026-01-02T03:04:05Z'), 'https://example.gov.sg/faq'));
  assert.deepEqual(outcome.counts, { created: 1, updated: 0, unchanged: 0, skipped: 0, invalid: 0 });
  const pair = await qnaNamed('Renew a passport?');
  assert.equal(pair.kind, 'qna');
  assert.equal(pair.sourceUrl, 'https://example.gov.sg/faq');
  const phrases = await db.select().from(trainingPhrases).where(eq(trainingPhrases.intentId, pair.id));
  assert.deepEqual(phrases.sort((a, b) => a.position - b.position).map((p) => [p.text, p.referenceId]), [['Renew a passport?', 'bulk-0'], ['renewal', 'bulk-1'], ['renew passport', 'bulk-2']]);
  const [travel] = await db.select().from(categories).where(and(eq(categories.appId, APP), eq(categories.name, 'Travel')));
  assert.deepEqual((await db.select().from(intentCategories).where(eq(intentCategories.intentId, pair.id))).map((link) => link.categoryId), [travel.id]);
  assert.equal((await db.select().from(intentLabels).where(eq(intentLabels.intentId, pair.id))).length, 2);

  const again = await stage([['Renew a passport?', 'renewal|renew passport', 'Online.', 'travel', 'URGENT,fees']]);
  assert.equal(again.counts.unchanged, 1, 'categories and labels compare by name, in any case');
  assert.equal(again.creates.size + again.updates.size, 0);
});

test('a pair deleted between staging and writing fails the write with nothing written: no new pair, no new category', async () => {
  const db = t.server.db.db;
  const staged = await stage([
    ['Renew a passport?', '', 'In person.', 'Travel', ''],
    ['Lost passport?', '', 'Report it.', 'Emergencies', 'urgent'],
  ]);
  assert.equal(staged.updates.size, 1);
  assert.equal(staged.creates.size, 1);
  await db.delete(intents).where(eq(intents.id, (await qnaNamed('Renew a passport?')).id));

  await assert.rejects(
    db.transaction((tx) => applyImport(kb, tx, APP, staged, null, new Date())),
    { message: BulkMessages.changedMeanwhile },
  );
  assert.equal(await qnaNamed('Lost passport?'), undefined);
  assert.deepEqual(await db.select().from(categories).where(and(eq(categories.appId, APP), eq(categories.name, 'Emergencies'))), []);
  assert.equal((await db.select().from(labels).where(eq(labels.appId, APP))).length, 2);
});

test('a new pair whose name was taken meanwhile fails the write before anything is written', async () => {
  const db = t.server.db.db;
  const staged = await stage([['Opening hours?', '', 'From 9.', '', '']]);
  await db.insert(intents).values({ appId: APP, kind: 'intent', displayName: 'opening HOURS?' });
  await assert.rejects(db.transaction((tx) => applyImport(kb, tx, APP, staged, null, new Date())), { message: BulkMessages.changedMeanwhile });
  assert.equal((await db.select().from(intents).where(and(eq(intents.appId, APP), eq(intents.kind, 'qna')))).length, 0);
});
