import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { categories, importStages, intentCategories, intentLabels, intents, jobs, labels, tierLimits, trainingPhrases } from './support/tables';
import { clearKnowledge } from './support/knowledge-fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { classCatalog } from '../../plugins/classification/server/class-catalog';
import { classesByName } from '../../plugins/classification/server/classes-by-name';
import { bulkQna } from '../../plugins/knowledge-base/server/bulk-qna';
import { intentCounts } from '../../plugins/knowledge-base/server/intent-queries';
import { BulkMessages, toBulkRows } from '../../plugins/publishing/common/bulk';
import { stageImport, type BulkServices, type StagedImport } from '../../plugins/publishing/server/bulk-plan';
import { APPLY_CHUNK, applyNextChunk, chunksLeft, commitStage, discardStage, endStage, saveStage, stageStateOf } from '../../plugins/publishing/server/bulk-stage';

/**
 * Publishing's bulk import writes the draft through the knowledge base's `BulkQna` and
 * classification's `ClassesByName` in short transactions, all or nothing: the planned rows are staged
 * without touching the draft, one transaction checks the draft as a whole and commits to the import,
 * then each chunk is written in a transaction of its own.
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

const HEADER = ['question', 'variants', 'answer', 'category', 'labels'];
const plan = (rows: string[][]) => stageImport(kb, t.server.db.db, APP, [toBulkRows([HEADER, ...rows])], () => undefined);
const qnaNamed = async (name: string) => (await t.server.db.db.select().from(intents).where(and(eq(intents.appId, APP), eq(intents.displayName, name))))[0];
const stamp = (sourceUrl: string | null = null) => ({ userId: null, now: new Date('2026-01-02T03:04:05Z'), sourceUrl });

/** A job row for the stage to belong to. */
async function newJob(): Promise<string> {
  const [job] = await t.server.db.db.insert(jobs).values({ kind: 'publishing.bulk-import', appId: APP, status: 'running' }).returning();
  return job.id;
}

/** Stages the plan and commits to it (what the job does before writing the draft). */
async function stageAndCommit(staged: StagedImport): Promise<string> {
  const db = t.server.db.db;
  const jobId = await newJob();
  await saveStage(db, jobId, APP, staged, () => undefined);
  await db.transaction((tx) => commitStage(kb, tx, APP, jobId, staged));
  return jobId;
}

/** Writes every chunk left, each in a transaction of its own; answers the last step. */
async function applyAll(jobId: string, sourceUrl: string | null = null) {
  const db = t.server.db.db;
  let last;
  while ((await chunksLeft(db, jobId)) > 0) last = await db.transaction((tx) => applyNextChunk(kb, tx, APP, jobId, stamp(sourceUrl)));
  await endStage(db, jobId);
  return last;
}

test('a staged import is written chunk by chunk: pairs, phrases, categories and labels; re-planning it finds it unchanged', async () => {
  const db = t.server.db.db;
  const staged = await plan([['Renew a passport?', 'renewal|renew passport', 'Online.', 'Travel', 'fees,urgent']]);
  const jobId = await stageAndCommit(staged);
  assert.equal(await qnaNamed('Renew a passport?'), undefined, 'staging and committing to it write nothing of the draft');
  const outcome = await applyAll(jobId, 'https://example.gov.sg/faq');
  assert.deepEqual(outcome?.counts, { created: 1, updated: 0, unchanged: 0, skipped: 0, invalid: 0 });
  const pair = await qnaNamed('Renew a passport?');
  assert.equal(pair.kind, 'qna');
  assert.equal(pair.sourceUrl, 'https://example.gov.sg/faq');
  const phrases = await db.select().from(trainingPhrases).where(eq(trainingPhrases.intentId, pair.id));
  assert.deepEqual(phrases.sort((a, b) => a.position - b.position).map((p) => [p.text, p.referenceId]), [['Renew a passport?', 'bulk-0'], ['renewal', 'bulk-1'], ['renew passport', 'bulk-2']]);
  const [travel] = await db.select().from(categories).where(and(eq(categories.appId, APP), eq(categories.name, 'Travel')));
  assert.deepEqual((await db.select().from(intentCategories).where(eq(intentCategories.intentId, pair.id))).map((link) => link.categoryId), [travel.id]);
  assert.equal((await db.select().from(intentLabels).where(eq(intentLabels.intentId, pair.id))).length, 2);
  assert.equal(await stageStateOf(db, jobId), undefined, 'the stage is gone');

  const again = await plan([['Renew a passport?', 'renewal|renew passport', 'Online.', 'travel', 'URGENT,fees']]);
  assert.equal(again.counts.unchanged, 1, 'categories and labels compare by name, in any case');
  assert.equal(again.creates.size + again.updates.size, 0);
});

test('a pair deleted between planning and the commit point refuses the import with nothing written: no new pair, no new category', async () => {
  const db = t.server.db.db;
  const staged = await plan([
    ['Renew a passport?', '', 'In person.', 'Travel', ''],
    ['Lost passport?', '', 'Report it.', 'Emergencies', 'urgent'],
  ]);
  assert.equal(staged.updates.size, 1);
  assert.equal(staged.creates.size, 1);
  await db.delete(intents).where(eq(intents.id, (await qnaNamed('Renew a passport?')).id));
  const jobId = await newJob();
  await saveStage(db, jobId, APP, staged, () => undefined);
  await assert.rejects(
    db.transaction((tx) => commitStage(kb, tx, APP, jobId, staged)),
    { message: BulkMessages.changedMeanwhile },
  );
  assert.equal(await stageStateOf(db, jobId), 'staging', 'still staging: the job discards it');
  await discardStage(db, jobId);
  assert.deepEqual(await db.select().from(importStages).where(eq(importStages.jobId, jobId)), []);
  assert.equal(await qnaNamed('Lost passport?'), undefined);
  assert.deepEqual(await db.select().from(categories).where(and(eq(categories.appId, APP), eq(categories.name, 'Emergencies'))), []);
  assert.equal((await db.select().from(labels).where(eq(labels.appId, APP))).length, 2);
});

test('a new pair whose name was taken before the commit point refuses the import before anything is written', async () => {
  const db = t.server.db.db;
  const staged = await plan([['Opening hours?', '', 'From 9.', '', '']]);
  await db.insert(intents).values({ appId: APP, kind: 'intent', displayName: 'opening HOURS?' });
  const jobId = await newJob();
  await saveStage(db, jobId, APP, staged, () => undefined);
  await assert.rejects(db.transaction((tx) => commitStage(kb, tx, APP, jobId, staged)), { message: BulkMessages.changedMeanwhile });
  assert.equal((await db.select().from(intents).where(and(eq(intents.appId, APP), eq(intents.kind, 'qna')))).length, 0);
});

test('past the commit point, rows someone changed between two chunks are passed over and named; every other row is written', async () => {
  const db = t.server.db.db;
  await clearKnowledge(db, APP);
  await db.update(tierLimits).set({ maxIntents: 10_000 }).where(eq(tierLimits.tier, 'Plus'));
  const rows = Array.from({ length: APPLY_CHUNK * 2 + 1 }, (_, i) => [`Chunked question ${i}?`, '', `Answer ${i}.`, '', '']);
  const jobId = await stageAndCommit(await plan(rows));
  assert.equal(await chunksLeft(db, jobId), 3);
  const first = await db.transaction((tx) => applyNextChunk(kb, tx, APP, jobId, stamp()));
  assert.deepEqual([first?.done, first?.total], [1, 3]);
  assert.equal((await db.select().from(intents).where(and(eq(intents.appId, APP), eq(intents.kind, 'qna')))).length, APPLY_CHUNK);
  // Someone adds an intent named like a row of the last chunk before it is written.
  await db.insert(intents).values({ appId: APP, kind: 'intent', displayName: `chunked QUESTION ${APPLY_CHUNK * 2}?` });
  const last = await applyAll(jobId);
  assert.equal(last?.counts.skipped, 1);
  assert.deepEqual(last?.errors, [`Row ${APPLY_CHUNK * 2 + 2}: ${BulkMessages.takenMeanwhile}`]);
  const qna = await db.select().from(intents).where(and(eq(intents.appId, APP), eq(intents.kind, 'qna')));
  assert.equal(qna.length, APPLY_CHUNK * 2);
  const [theirs] = await db.select().from(intents).where(and(eq(intents.appId, APP), eq(intents.displayName, `chunked QUESTION ${APPLY_CHUNK * 2}?`)));
  assert.equal(theirs.kind, 'intent', 'left as they wrote it');
});
