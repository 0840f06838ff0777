import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { intents, trainingPhrases } from './support/tables';
import { call } from './support/api-call';
import { clearKnowledge, waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const APP = 'demo-enterprise';
const base = `/api/v1/apps/${APP}`;
let t: TestServer;
let editor: string;
let viewer: string;
const ids: Record<string, string> = {};

before(async () => {
  t = await startTestServer({ beforeStart: (db) => clearKnowledge(db, APP) });
  const db = t.server.db.db;
  const made = await db
    .insert(intents)
    .values([
      { appId: APP, kind: 'intent', displayName: 'Renew passport' },
      { appId: APP, kind: 'qna', displayName: 'Passport renewal fees' },
      { appId: APP, kind: 'intent', displayName: 'Opening hours' },
    ])
    .returning();
  for (const row of made) ids[row.displayName] = row.id;
  const phrase = (intentId: string, position: number, text: string) => ({ intentId, appId: APP, position, referenceId: `r${position}${text.length}`, type: 'example' as const, parts: [{ text }], text });
  const inserted = await db
    .insert(trainingPhrases)
    .values([
      phrase(ids['Renew passport'], 0, 'How do I renew my passport?'),
      phrase(ids['Renew passport'], 1, 'passport renewal'),
      phrase(ids['Passport renewal fees'], 0, 'how can I renew my passport'),
      phrase(ids['Passport renewal fees'], 1, 'Passport  Renewal!'),
      phrase(ids['Opening hours'], 0, 'When are you open?'),
    ])
    .returning();
  for (const row of inserted) ids[row.text] = row.id;
  [editor, viewer] = await Promise.all(['editor@demo.gov.sg', 'viewer@demo.gov.sg'].map((email) => signIn(t.http, email)));
});
after(async () => {
  await t?.close();
});

async function report(token = viewer) {
  const response = await call(t.http, 'GET', `${base}/conflicts`, { token });
  assert.equal(response.status, 200);
  return response.body.data;
}

async function run() {
  const response = await call(t.http, 'POST', `${base}/conflicts/run`, { token: editor });
  assert.equal(response.status, 202);
  const job = await waitForJob(t.http, editor, APP, response.body.data.job.id);
  assert.equal(job.status, 'succeeded');
  return job;
}

test('before any run the app is nudged to run conflict detection (§4)', async () => {
  const data = await report();
  assert.equal(data.recommended, true);
  assert.equal(data.runAt, null);
  assert.deepEqual(data.pairs, []);
  const progress = await call(t.http, 'GET', `${base}/draft-progress`, { token: viewer });
  assert.equal(progress.body.data.conflictCheckRecommended, true);
  assert.equal((await call(t.http, 'POST', `${base}/conflicts/run`, { token: viewer })).status, 403);
});

test('a run finds identical (after normalising) and highly similar phrases across intents, with scores and both intents', async () => {
  const job = await run();
  assert.deepEqual(job.counts, { phrases: 5, pairs: 2 });
  const data = await report();
  assert.equal(data.recommended, false);
  assert.ok(data.runAt);
  assert.equal(data.pairs.length, 2);
  const [identical, similar] = data.pairs;
  assert.equal(identical.identical, true);
  assert.equal(identical.score, 1);
  assert.deepEqual([identical.a.text, identical.b.text].sort(), ['Passport  Renewal!', 'passport renewal']);
  assert.equal(similar.identical, false);
  assert.ok(similar.score >= 0.8 && similar.score < 1, `score ${similar.score}`);
  assert.deepEqual([similar.a.text, similar.b.text].sort(), ['How do I renew my passport?', 'how can I renew my passport']);
  assert.deepEqual([similar.a.intentName, similar.b.intentName].sort(), ['Passport renewal fees', 'Renew passport']);
  const qnaSide = similar.a.intentKind === 'qna' ? similar.a : similar.b;
  assert.equal(qnaSide.intentId, ids['Passport renewal fees']);
  assert.ok(!data.pairs.some((pair: { a: { text: string }; b: { text: string } }) => [pair.a.text, pair.b.text].includes('When are you open?')));
  const progress = await call(t.http, 'GET', `${base}/draft-progress`, { token: viewer });
  assert.equal(progress.body.data.conflictCheckRecommended, false);
});

test('moving or deleting a phrase resolves its pair, and the change brings the nudge back', async () => {
  assert.equal((await call(t.http, 'POST', `${base}/conflicts/phrases/${ids['how can I renew my passport']}/move`, { token: viewer, json: { toIntentId: ids['Renew passport'] } })).status, 403);
  const same = await call(t.http, 'POST', `${base}/conflicts/phrases/${ids['How do I renew my passport?']}/move`, { token: editor, json: { toIntentId: ids['Renew passport'] } });
  assert.equal(same.status, 409);
  const moved = await call(t.http, 'POST', `${base}/conflicts/phrases/${ids['how can I renew my passport']}/move`, { token: editor, json: { toIntentId: ids['Renew passport'] } });
  assert.equal(moved.status, 200);
  const [row] = await t.server.db.db.select().from(trainingPhrases).where(eq(trainingPhrases.id, ids['how can I renew my passport']));
  assert.equal(row.intentId, ids['Renew passport']);
  assert.equal(row.position, 2, 'appended after the intent’s phrases');
  let data = await report();
  assert.equal(data.pairs.length, 1);
  assert.equal(data.recommended, true, 'phrases changed since the run');

  const deleted = await call(t.http, 'DELETE', `${base}/conflicts/phrases/${ids['Passport  Renewal!']}`, { token: editor });
  assert.equal(deleted.status, 200);
  data = await report();
  assert.deepEqual(data.pairs, []);
  assert.equal((await call(t.http, 'DELETE', `${base}/conflicts/phrases/${ids['Passport  Renewal!']}`, { token: editor })).status, 404);

  await run();
  data = await report();
  assert.deepEqual(data.pairs, [], 'a fresh run finds nothing left');
  assert.equal(data.recommended, false);
});
