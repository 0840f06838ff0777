import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { randomUUID } from '@civic/sdk/server';
import { call, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { chatSessions, transcripts } from './support/tables';
import { TrainingApi, type AccuracyMeasurement, type TrainingHistoryEntry } from '../../plugins/training/common/api';

/**
 * Issue 18, History: who trained what, when, and the measured effect — the draft's accuracy on the
 * app's test cases or, without them, on a held-out slice of its reviewed questions, before and after.
 */
let t: TestServer;
let editor: string;
let viewer: string;
/** Older than the demo conversations (60 days), within the slice's year. */
const base = new Date(Date.now() - 200 * 86_400_000);
/** The demo conversations' own reviewed questions in the slice. */
let demoQuestions = 0;
const intents: Record<string, string> = {};
const ids: Record<string, string> = {};

const measureNow = () => call(t.http, 'POST', TrainingApi.accuracy(OWN_APP_ID), { token: editor });

async function createIntent(displayName: string, phrases: string[]): Promise<string> {
  const res = await call(t.http, 'POST', `/api/v1/apps/${OWN_APP_ID}/intents`, { token: editor, json: { displayName, trainingPhrases: phrases.map((text) => ({ type: 'example', parts: [{ text }] })) } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.intent.id as string;
}

before(async () => {
  t = await startTestServer({ pluginIds: ['app-settings', 'entities', 'classification', 'knowledge-base', 'publishing', 'webchat', 'dialog-engine', 'credentials', 'credential-llm', 'training'], env: { CIVIC_HISTORY: 'on' } });
  [editor, viewer] = await Promise.all([t.signInAs('editor'), t.signInAs('viewer')]);
  intents.parking = await createIntent('Parking fines', ['appeal a parking fine', 'parking ticket appeal', 'I got a parking fine', 'contest my parking summons', 'parking offence appeal']);
  intents.library = await createIntent('Library cards', ['get a library card', 'library membership', 'renew library card', 'borrow books at the library', 'library card lost']);
  demoQuestions = ((await measureNow()).body.data as AccuracyMeasurement).questions;
  const db = t.server.db.db;
  const sessionId = randomUUID();
  await db.insert(chatSessions).values({ id: sessionId, appId: OWN_APP_ID, environment: 'production', channel: 'PLATFORM_UNSPECIFIED', state: { contexts: [], pending: null }, createdAt: base, updatedAt: base, expiresAt: base });
  const turns: Array<[string, string, string | null, string]> = [
    // Reviewed, answered by the right intent: the held-out slice (none of them is a phrase).
    ['heldParking', 'how can I appeal my parking fine online', intents.parking, 'REVIEWED'],
    ['heldLibrary', 'where do I get a new library card', intents.library, 'REVIEWED'],
    ['heldLibrary2', 'library card for my child', intents.library, 'REVIEWED'],
    // Reviewed but learned word for word: not held out.
    ['learned', 'appeal a parking fine', intents.parking, 'REVIEWED'],
    // Pending: not reviewed, not in the slice.
    ['pending', 'parking fine appeal deadline', intents.parking, 'PENDING'],
    // The question trained below.
    ['fishing', 'fishing licence for the reservoir', null, 'PENDING'],
  ];
  for (const [key, data, intentId, reviewStatus] of turns) {
    const [row] = await db
      .insert(transcripts)
      .values({ appId: OWN_APP_ID, sessionId, environment: 'production', channel: 'PLATFORM_UNSPECIFIED', data, transAuthor: 'user', reply: [], confidenceScore: intentId ? 0.9 : 0.1, intentId, intentName: intentId ? 'x' : null, fallback: intentId === null, topMatches: [], contentVersion: '1', contentHash: 'h', reviewStatus, createdAt: base, updatedAt: base })
      .returning({ id: transcripts.id });
    ids[key] = row.id;
  }
});

after(async () => {
  await t?.close();
});

test('the accuracy now: on the held-out slice of reviewed questions (not pending ones, not ones learned as phrases)', async () => {
  const res = await measureNow();
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const m = res.body.data as AccuracyMeasurement;
  assert.equal(m.basis, 'held-out', 'the app has no test cases');
  assert.equal(m.questions - demoQuestions, 3, 'the three reviewed questions no phrase learned');
  assert.ok(m.correct >= 0 && m.correct <= m.questions);
  assert.equal(m.accuracy, Math.round((m.correct / m.questions) * 1000) / 1000);
  assert.equal((await call(t.http, 'POST', TrainingApi.accuracy(OWN_APP_ID), { token: viewer })).status, 403);
});

test('a training step taken with a measurement: the history shows accuracy before and after on the same set, and the delta', async () => {
  const before = (await measureNow()).body.data as AccuracyMeasurement;
  // The fishing question becomes its own intent; the same three held-out questions are measured again.
  const fishing = await createIntent('Fishing licences', ['fishing licence for the reservoir', 'fishing permit', 'can I fish at the reservoir']);
  const trained = await call(t.http, 'POST', TrainingApi.trained(OWN_APP_ID), {
    token: editor,
    json: { transcriptIds: [ids.fishing], action: 'created-intent', intentId: fishing, intentName: 'Fishing licences', phrase: 'fishing licence for the reservoir', beforeMeasurementId: before.id },
  });
  assert.equal(trained.status, 200, JSON.stringify(trained.body));
  const history = await call(t.http, 'GET', TrainingApi.history(OWN_APP_ID), { token: viewer });
  assert.equal(history.status, 200, JSON.stringify(history.body));
  const [latest] = history.body.data.items as TrainingHistoryEntry[];
  assert.equal(latest.action, 'created-intent');
  assert.equal(latest.by, 'editor@demo.gov.sg');
  assert.ok(latest.accuracy, 'measured');
  assert.equal(latest.accuracy.basis, 'held-out');
  assert.equal(latest.accuracy.questions, demoQuestions + 3);
  assert.equal(latest.accuracy.before, before.accuracy);
  assert.equal(latest.accuracy.delta, Math.round((latest.accuracy.after - latest.accuracy.before) * 1000) / 1000);
  assert.ok(latest.accuracy.after >= 0 && latest.accuracy.after <= 1);
});

test('without a measurement, or with one of another app or an unknown id, the step is recorded unmeasured', async () => {
  const step = (beforeMeasurementId?: string) =>
    call(t.http, 'POST', TrainingApi.trained(OWN_APP_ID), { token: editor, json: { transcriptIds: [ids.pending], action: 'added-phrase', intentId: intents.parking, intentName: 'Parking fines', ...(beforeMeasurementId ? { beforeMeasurementId } : {}) } });
  assert.equal((await step()).status, 200);
  assert.equal((await step(randomUUID())).status, 200);
  assert.equal((await step('not-a-uuid')).status, 422);
  const [latest] = (await call(t.http, 'GET', TrainingApi.history(OWN_APP_ID), { token: viewer })).body.data.items as TrainingHistoryEntry[];
  assert.equal(latest.accuracy, null);
});
