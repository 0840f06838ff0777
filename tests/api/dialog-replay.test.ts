import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { auditLog, intents, trainingPhrases, transcripts } from './support/tables';
import { PublishingMessages } from '../../plugins/publishing/common/messages';
import { REPLAY_QUESTIONS, type ReplayResult } from '../../plugins/dialog-engine/common/api';
import { EngineMessages } from '../../plugins/dialog-engine/common/messages';
import { call } from './support/api-call';
import { waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const APP = 'demo-enterprise';
const CONSOLE = 'https://console.example.gov.sg';
let t: TestServer;
let admin: string;
let editor: string;

const say = (text: string) => [{ platform: 'PLATFORM_UNSPECIFIED' as const, enable_default_response: true, messages: [{ type: 'text' as const, text: [text] }] }];

async function addIntent(name: string, phrases: string[], reply: string): Promise<string> {
  const db = t.server.db.db;
  const [row] = await db.insert(intents).values({ appId: APP, kind: 'intent', displayName: name, responses: say(reply) }).returning({ id: intents.id });
  await db.insert(trainingPhrases).values(phrases.map((text, position) => ({ intentId: row.id, appId: APP, position, referenceId: `${name}-${position}`, type: 'example' as const, parts: [{ text }], text })));
  return row.id;
}

const chat = (path: string, json: unknown, token?: string) => call(t.http, 'POST', path, { token, json, headers: { origin: CONSOLE } });

async function ask(text: string, environment: 'production' | 'draft' = 'production'): Promise<void> {
  const token = environment === 'draft' ? admin : undefined;
  const started = await chat(`/api/v1/chat/${APP}/sessions`, { environment }, token);
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const answered = await chat(`/api/v1/chat/${APP}/sessions/${started.body.data.sessionId}/messages`, { text }, token);
  assert.equal(answered.status, 200, JSON.stringify(answered.body));
}

const replay = (token = editor) => call(t.http, 'POST', `/api/v1/apps/${APP}/replay`, { token });

before(async () => {
  // Turns are written behind the reply; a minute's interval shows the replay writes them itself first.
  t = await startTestServer({ env: { CIVIC_TRANSCRIPT_FLUSH_MS: '60000' } });
  admin = await signIn(t.http, 'admin@demo.gov.sg');
  editor = await signIn(t.http, 'editor@demo.gov.sg');
  // The demo conversations (60 days of them) are not this test's citizens: it counts its own questions.
  await t.server.db.db.delete(transcripts).where(eq(transcripts.appId, APP));
  await t.server.db.db.delete(intents).where(and(eq(intents.appId, APP), isNull(intents.defaultKind)));
  await addIntent('Zz Renew passport', ['how do i renew my passport', 'renew passport', 'my passport expired', 'passport renewal', 'extend my passport', 'renewing a passport online'], 'Renew your passport online.');
  await addIntent('Zz Parking fine', ['how do i pay a parking fine', 'pay my parking ticket', 'i got a parking fine', 'parking summons payment', 'where to pay parking fines', 'settle my parking ticket'], 'Pay parking fines on the parking portal.');
  await addIntent('Zz Rubbish collection', ['when is rubbish collected', 'rubbish collection schedule', 'trash pickup day', 'bin collection times', 'missed rubbish collection', 'garbage collection day'], 'Rubbish is collected daily.');
});
after(async () => {
  await t?.close();
});

test('before the first publish there is nothing to compare with', async () => {
  const response = await replay();
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.deepEqual(response.body.data, { published: false, questions: 0, distinct: 0, changes: [] } satisfies ReplayResult);
});

test('replay lists the recent production questions whose intent or reply the draft would change', async () => {
  const published = await call(t.http, 'POST', `/api/v1/apps/${APP}/publishing/publish`, { token: admin, json: { note: 'first' } });
  assert.equal(published.status, 202, JSON.stringify(published.body));
  assert.equal((await waitForJob(t.http, admin, APP, published.body.data.job.id as string)).status, 'succeeded');

  await ask('how do I renew my passport');
  await ask('How do I renew my  passport');
  await ask('pay my parking ticket');
  await ask('when is rubbish collected');
  await ask('can I adopt a cat from the shelter');
  // Staff trying the draft in the fitting room are not citizens: not replayed.
  await ask('where do i adopt a kitten', 'draft');

  const unchanged = await replay();
  assert.equal(unchanged.status, 200, JSON.stringify(unchanged.body));
  assert.equal(unchanged.body.data.published, true);
  assert.equal(unchanged.body.data.questions, 5);
  assert.equal(unchanged.body.data.distinct, 4, 'the same question typed twice counts once');
  assert.deepEqual(unchanged.body.data.changes, [], 'draft and production are the same content');

  // The draft moves on: a new intent takes the cat question; the parking reply is reworded.
  await addIntent('Zz Adopt a cat', ['how do i adopt a cat', 'adopt a stray cat', 'cat adoption', 'can i adopt a kitten', 'adopting cats from the shelter', 'where to adopt a cat'], 'Visit the animal shelter.');
  await t.server.db.db.update(intents).set({ responses: say('Pay parking fines online, any time.') }).where(and(eq(intents.appId, APP), eq(intents.displayName, 'Zz Parking fine')));

  const changed = await replay();
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  const result = changed.body.data as ReplayResult;
  assert.equal(result.questions, 5);
  const byQuestion = new Map(result.changes.map((change) => [change.question, change]));
  assert.deepEqual([...byQuestion.keys()].sort(), ['can I adopt a cat from the shelter', 'pay my parking ticket']);
  const cat = byQuestion.get('can I adopt a cat from the shelter');
  assert.equal(cat?.change, 'intent');
  assert.equal(cat?.production.fallback, true);
  assert.equal(cat?.draft.intentName, 'Zz Adopt a cat');
  assert.ok((cat?.draft.confidence ?? 0) > 0.4);
  const parking = byQuestion.get('pay my parking ticket');
  assert.equal(parking?.change, 'answer');
  assert.equal(parking?.production.intentName, 'Zz Parking fine');
  assert.equal(parking?.draft.intentName, 'Zz Parking fine');
  assert.deepEqual(parking?.production.messages, [{ type: 'text', text: ['Pay parking fines on the parking portal.'] }]);
  assert.deepEqual(parking?.draft.messages, [{ type: 'text', text: ['Pay parking fines online, any time.'] }]);
  assert.ok(!result.changes.some((change) => change.question.includes('kitten')), 'draft turns are not replayed');

  // The replay showed changed answers: publishing this draft needs the editor's acknowledgement.
  const publish = (json: unknown) => call(t.http, 'POST', `/api/v1/apps/${APP}/publishing/publish`, { token: admin, json });
  const refused = await publish({ note: 'cats' });
  assert.equal(refused.status, 409, JSON.stringify(refused.body));
  assert.equal(refused.body.message, PublishingMessages.replayNotAcknowledged(2));
  assert.equal((await publish({ note: 'cats', acknowledgeChanges: 'yes' })).status, 422, 'a boolean, not any truthy value');
  const acknowledged = await publish({ note: 'cats', acknowledgeChanges: true });
  assert.equal(acknowledged.status, 202, JSON.stringify(acknowledged.body));
  assert.equal(acknowledged.body.data.acknowledgedChanges, 2);
  assert.equal((await waitForJob(t.http, admin, APP, acknowledged.body.data.job.id as string)).status, 'succeeded');
  const [audit] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'publishing.publish')).orderBy(desc(auditLog.id)).limit(1);
  assert.match(audit.summary, /acknowledged 2 changed answers in the replay/);
});

test(`only the last ${REPLAY_QUESTIONS} production questions are replayed; viewers may not replay; another engine is refused`, async () => {
  const [session] = await t.server.db.db.select({ sessionId: transcripts.sessionId }).from(transcripts).where(and(eq(transcripts.appId, APP), eq(transcripts.environment, 'production'))).limit(1);
  const base = Date.now() - 3_600_000;
  await t.server.db.db.insert(transcripts).values(
    Array.from({ length: REPLAY_QUESTIONS + 50 }, (_, i) => ({
      appId: APP,
      sessionId: session.sessionId,
      environment: 'production' as const,
      channel: 'PLATFORM_UNSPECIFIED',
      data: `old question ${i}`,
      transAuthor: 'user',
      reply: [],
      confidenceScore: 0,
      fallback: true,
      topMatches: [],
      contentVersion: 'old',
      contentHash: 'old',
      createdAt: new Date(base - i * 1000),
      updatedAt: new Date(base - i * 1000),
    })),
  );
  const capped = await replay();
  assert.equal(capped.status, 200);
  assert.equal(capped.body.data.questions, REPLAY_QUESTIONS);

  const viewer = await signIn(t.http, 'viewer@demo.gov.sg');
  assert.equal((await replay(viewer)).status, 403);

  const external = await call(t.http, 'PUT', `/api/v1/admin/dialog-engine/apps/${APP}/production`, { token: admin, json: { engine: 'CIVIC_X', qnaHandler: 'https://qna.example.gov.sg', dialogHandler: 'https://dialog.example.gov.sg' } });
  assert.equal(external.status, 200, JSON.stringify(external.body));
  const refused = await replay();
  assert.equal(refused.status, 409);
  assert.equal(refused.body.message, EngineMessages.replayNeedsBuiltIn);
});
