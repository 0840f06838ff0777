import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc, randomUUID } from '@civic/sdk/server';
import { auditLog, call, OTHER_APP_ID, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { chatSessions, transcripts } from './support/tables';
import { ClassificationApi } from '../../plugins/classification/contract/common/index';
import { TrainingApi, type ClassifyQuestionsResult, type TranscriptRow } from '../../plugins/training/common/api';
import { TrainingMessages } from '../../plugins/training/common/messages';

/** Issue 18: questions in the inbox given categories and labels (classification's), one or many, audited. */
let t: TestServer;
let editor: string;
let viewer: string;
const DAY = 86_400_000;
const base = new Date(Date.UTC(2025, 0, 10));
const range = { start: '2025-01-10', end: '2025-01-20' };
const ids: string[] = [];
const QUESTIONS = ['lost my passport abroad', 'passport photo size', 'bus fare refund', 'zebra crossing fine', 'another passport question'];

before(async () => {
  t = await startTestServer({ pluginIds: ['app-settings', 'entities', 'classification', 'knowledge-base', 'publishing', 'webchat', 'dialog-engine', 'credentials', 'credential-llm', 'training'] });
  [editor, viewer] = await Promise.all([t.signInAs('editor'), t.signInAs('viewer')]);
  const db = t.server.db.db;
  const sessionId = randomUUID();
  await db.insert(chatSessions).values({ id: sessionId, appId: OWN_APP_ID, environment: 'production', channel: 'PLATFORM_UNSPECIFIED', state: { contexts: [], pending: null }, createdAt: base, updatedAt: base, expiresAt: base });
  for (const [i, data] of QUESTIONS.entries()) {
    const at = new Date(base.getTime() + (i + 1) * DAY);
    const [row] = await db
      .insert(transcripts)
      .values({ appId: OWN_APP_ID, sessionId, environment: 'production', channel: 'PLATFORM_UNSPECIFIED', data, transAuthor: 'user', reply: [], confidenceScore: 0.1, fallback: true, topMatches: [], contentVersion: '1', contentHash: 'h', reviewStatus: 'PENDING', createdAt: at, updatedAt: at })
      .returning({ id: transcripts.id });
    ids.push(row.id);
  }
});

after(async () => {
  await t?.close();
});

async function makeClass(kind: 'categories' | 'labels', name: string, appId = OWN_APP_ID): Promise<string> {
  const token = appId === OWN_APP_ID ? editor : await t.signInAs('platformAdmin');
  const res = await call(t.http, 'POST', kind === 'categories' ? ClassificationApi.categories(appId) : ClassificationApi.labels(appId), { token, json: { name } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body.data.category ?? res.body.data.label).id as string;
}

const classify = (token: string, json: object) => call(t.http, 'POST', TrainingApi.classify(OWN_APP_ID), { token, json });
const rowsOf = async (search = '') => (await call(t.http, 'POST', TrainingApi.search(OWN_APP_ID), { token: viewer, json: { ...range, search: search || undefined } })).body.data.list as TranscriptRow[];
const byText = (rows: TranscriptRow[], text: string) => rows.find((r) => r.data === text)!;

test('one question: add a category and a label, shown on the search row by name; remove one; audited', async () => {
  const travel = await makeClass('categories', 'Travel');
  const urgent = await makeClass('labels', 'urgent');
  const one = await classify(editor, { transcriptIds: [ids[0]], addCategoryIds: [travel], addLabelIds: [urgent] });
  assert.equal(one.status, 200, JSON.stringify(one.body));
  const result = one.body.data as ClassifyQuestionsResult;
  assert.equal(result.updated, 1);
  assert.deepEqual(result.questions[0], { transcriptId: ids[0], categories: [{ id: travel, name: 'Travel' }], labels: [{ id: urgent, name: 'urgent' }] });

  const row = byText(await rowsOf(), QUESTIONS[0]);
  assert.deepEqual(row.categories.map((c) => c.name), ['Travel']);
  assert.deepEqual(row.labels.map((l) => l.name), ['urgent']);
  assert.deepEqual(byText(await rowsOf(), QUESTIONS[2]).categories, [], 'others untouched');

  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.action, 'training.classify');
  assert.match(audit.summary ?? '', /1 questions: \+categories 1, \+labels 1/);

  // Adding again changes nothing; removing the label leaves the category.
  assert.equal((await classify(editor, { transcriptIds: [ids[0]], addCategoryIds: [travel] })).status, 200);
  await classify(editor, { transcriptIds: [ids[0]], removeLabelIds: [urgent] });
  const after = byText(await rowsOf(), QUESTIONS[0]);
  assert.deepEqual([after.categories.map((c) => c.name), after.labels], [['Travel'], []]);
});

test('bulk: a selection, or every question a search finds', async () => {
  const documents = await makeClass('categories', 'Documents');
  const selection = await classify(editor, { transcriptIds: [ids[2], ids[3]], addCategoryIds: [documents] });
  assert.equal(selection.body.data.updated, 2);
  const whole = await classify(editor, { filter: { ...range, search: 'passport' }, addCategoryIds: [documents] });
  assert.equal(whole.status, 200, JSON.stringify(whole.body));
  assert.equal(whole.body.data.updated, 3, 'the three passport questions');
  const rows = await rowsOf();
  for (const text of [QUESTIONS[0], QUESTIONS[1], QUESTIONS[2], QUESTIONS[3], QUESTIONS[4]]) assert.ok(byText(rows, text).categories.some((c) => c.name === 'Documents'), text);
  assert.deepEqual(byText(rows, QUESTIONS[0]).categories.map((c) => c.name), ['Documents', 'Travel'], 'by name');
  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.match(audit.summary ?? '', /3 questions \(a whole search result\)/);
});

test('bad input is a 422 with a clear message; viewers may not; another app\'s classes and questions are refused', async () => {
  const travel = byText(await rowsOf(), QUESTIONS[0]).categories.find((c) => c.name === 'Travel')!.id;
  const nothing = await classify(editor, { transcriptIds: [ids[0]] });
  assert.equal(nothing.status, 422);
  assert.equal(nothing.body.message, TrainingMessages.nothingToClassify);
  const both = await classify(editor, { transcriptIds: [ids[0]], addCategoryIds: [travel], removeCategoryIds: [travel] });
  assert.equal(both.body.message, TrainingMessages.addAndRemove('category'));
  assert.equal((await classify(editor, { addCategoryIds: [travel] })).body.message, TrainingMessages.targetRequired);
  assert.equal((await classify(editor, { transcriptIds: ['nope'], addCategoryIds: [travel] })).status, 422);
  assert.equal((await classify(viewer, { transcriptIds: [ids[0]], addCategoryIds: [travel] })).status, 403);

  const foreignCategory = await makeClass('categories', 'Elsewhere', OTHER_APP_ID);
  const foreign = await classify(editor, { transcriptIds: [ids[0]], addCategoryIds: [foreignCategory] });
  assert.equal(foreign.status, 422);
  assert.equal(foreign.body.message, TrainingMessages.unknownCategories);
  const unknownQuestion = await classify(editor, { transcriptIds: [randomUUID()], addCategoryIds: [travel] });
  assert.equal(unknownQuestion.body.message, TrainingMessages.unknownQuestions);
});

test('a category deleted in Classification leaves the questions that carried it', async () => {
  const gone = await makeClass('categories', 'Temporary');
  await classify(editor, { transcriptIds: [ids[4]], addCategoryIds: [gone] });
  assert.ok(byText(await rowsOf(), QUESTIONS[4]).categories.some((c) => c.name === 'Temporary'));
  assert.equal((await call(t.http, 'DELETE', ClassificationApi.category(OWN_APP_ID, gone), { token: editor })).status, 200);
  assert.ok(!byText(await rowsOf(), QUESTIONS[4]).categories.some((c) => c.name === 'Temporary'));
});
