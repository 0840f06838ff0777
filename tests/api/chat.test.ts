import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNull, like } from 'drizzle-orm';
import { apps, auditLog, chatSessions, intents, trainingPhrases, transcripts } from './support/tables';
import { Messages } from '@civic/core/common/messages';
import { EngineMessages } from '../../plugins/dialog-engine/common/messages';
import { DEFAULT_CHAT_LIMITS as CHAT_LIMITS } from '../../plugins/dialog-engine/server/settings';
import { SESSION_IDLE_MINUTES } from '../../plugins/dialog-engine/server/chat-routes';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';
import { startTestHttpsServer } from '@civic/sdk/testing/server';

const APP = 'demo-enterprise';
const CONSOLE = 'https://console.example.gov.sg';
let t: TestServer;
let admin: string;
let viewer: string;

type Phrase = string;
async function addIntent(appId: string, name: string, phrases: Phrase[], reply: string, extra: Partial<typeof intents.$inferInsert> = {}): Promise<string> {
  const db = t.server.db.db;
  const [row] = await db
    .insert(intents)
    .values({ appId, kind: 'intent', displayName: name, responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [reply] }] }], ...extra })
    .returning({ id: intents.id });
  if (phrases.length > 0) {
    await db.insert(trainingPhrases).values(phrases.map((text, position) => ({ intentId: row.id, appId, position, referenceId: `${name}-${position}`, type: 'example' as const, parts: [{ text }], text })));
  }
  return row.id;
}

/** A default intent (welcome or fallback): reuses the app's own when the seed made one. */
async function ensureDefault(appId: string, kind: 'welcome' | 'fallback', reply: string): Promise<void> {
  const db = t.server.db.db;
  const responses = [{ platform: 'PLATFORM_UNSPECIFIED' as const, enable_default_response: true, messages: [{ type: 'text' as const, text: [reply] }] }];
  const [existing] = await db.select({ id: intents.id }).from(intents).where(and(eq(intents.appId, appId), eq(intents.defaultKind, kind)));
  if (existing) await db.update(intents).set({ responses, ...(kind === 'welcome' ? { events: ['welcome'] } : {}) }).where(eq(intents.id, existing.id));
  else await addIntent(appId, kind === 'welcome' ? 'Default Welcome Intent' : 'Default Fallback Intent', [], reply, { defaultKind: kind, events: kind === 'welcome' ? ['welcome'] : [] });
}

const chat = (path: string, options: { token?: string; json?: unknown; origin?: string | null; body?: string } = {}) =>
  call(t.http, 'POST', path, { token: options.token, json: options.json, body: options.body, headers: options.origin === null ? {} : { origin: options.origin ?? CONSOLE } });

async function startDraft(token = admin, origin?: string) {
  const response = await chat(`/api/v1/chat/${APP}/sessions`, { token, json: { environment: 'draft' }, origin });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.data.sessionId as string;
}

before(async () => {
  // The external engine below listens on loopback, which outbound calls reach only when allowed.
  t = await startTestServer({ env: { CIVIC_OUTBOUND_ALLOW: '127.0.0.1' } });
  admin = await signIn(t.http, 'admin@demo.gov.sg');
  viewer = await signIn(t.http, 'viewer@demo.gov.sg');
  // The test owns the app's content: the demo knowledge base (which has a passport intent too) goes.
  await t.server.db.db.delete(intents).where(and(eq(intents.appId, APP), isNull(intents.defaultKind)));
  await ensureDefault(APP, 'welcome', 'Hello! Ask me about passports, parking fines or rubbish collection.');
  await ensureDefault(APP, 'fallback', 'Sorry, I did not get that.');
  await addIntent(APP, 'Zz Renew passport', ['how do i renew my passport', 'renew passport', 'my passport expired', 'passport renewal', 'extend my passport', 'i need a new passport because mine expired', 'renewing a passport online', 'passport is expiring soon what do i do'], 'Renew your passport online at the ICA website.', { kind: 'qna' });
  await addIntent(APP, 'Zz Parking fine', ['how do i pay a parking fine', 'pay my parking ticket', 'i got a parking fine', 'parking summons payment', 'where to pay parking fines', 'settle my parking ticket', 'appeal a parking fine', 'parking penalty payment online'], 'Pay parking fines on the parking portal.');
  await addIntent(APP, 'Zz Rubbish collection', ['when is rubbish collected', 'rubbish collection schedule', 'trash pickup day', 'bin collection times', 'my bin was not emptied', 'missed rubbish collection', 'when do they collect garbage', 'garbage collection day'], 'Rubbish is collected daily in most estates.');
});
after(async () => {
  await t?.close();
});

/** A turn's transcript row: written behind the reply, so the server's buffers are flushed first. */
async function storedTurn(transcriptId: string) {
  await t.server.flushPending();
  const [row] = await t.server.db.db.select().from(transcripts).where(eq(transcripts.id, transcriptId));
  return row;
}

test('a draft session starts with the welcome messages; a message is answered and stored as a transcript', async () => {
  const started = await chat(`/api/v1/chat/${APP}/sessions`, { token: admin, json: { environment: 'draft' } });
  assert.equal(started.status, 201);
  assert.deepEqual(started.body.data.messages, [{ type: 'text', text: ['Hello! Ask me about passports, parking fines or rubbish collection.'] }]);
  const sessionId = started.body.data.sessionId as string;

  const answered = await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { token: admin, json: { text: 'how can I renew my passport?' } });
  assert.equal(answered.status, 200, JSON.stringify(answered.body));
  const data = answered.body.data;
  assert.equal(data.intentName, 'Zz Renew passport');
  assert.equal(data.fallback, false);
  assert.ok(data.confidence >= 0.7 && data.confidence <= 1, `confidence ${data.confidence}`);
  assert.deepEqual(data.messages, [{ type: 'text', text: ['Renew your passport online at the ICA website.'] }]);

  const row = await storedTurn(data.transcriptId);
  assert.equal(row.appId, APP);
  // Citizens' chat is recorded as transcripts, not in the audit trail (which it would flood).
  const chatAudit = await t.server.db.db.select().from(auditLog).where(like(auditLog.action, 'dialog-engine.chat%'));
  assert.deepEqual(chatAudit, []);
  assert.equal(row.sessionId, sessionId);
  assert.equal(row.environment, 'draft');
  assert.equal(row.data, 'how can I renew my passport?');
  assert.equal(row.intentName, 'Zz Renew passport');
  assert.ok(row.intentId);
  assert.equal(row.confidenceScore, data.confidence);
  assert.equal(row.contentVersion, 'draft');
  assert.match(row.contentHash, /^[0-9a-f]{64}$/);
  assert.equal(row.topMatches[0].intentName, 'Zz Renew passport');
  assert.ok(row.topMatches.length >= 2 && row.topMatches[0].score >= row.topMatches[1].score, 'top matches with scores, best first');
  assert.equal(row.reviewStatus, data.confidence < 0.8 ? 'PENDING' : '', 'answers close to the threshold are PENDING, confident ones are not');
  assert.equal(row.thumbsUp, false);
  assert.equal(row.thumbsDown, false);
});

test('an out-of-scope question falls back and is stored PENDING for review', async () => {
  const sessionId = await startDraft();
  const answered = await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { token: admin, json: { text: 'what is the weather on mars tomorrow' } });
  assert.equal(answered.status, 200);
  assert.equal(answered.body.data.fallback, true);
  assert.equal(answered.body.data.intentName, 'Default Fallback Intent');
  assert.deepEqual(answered.body.data.messages, [{ type: 'text', text: ['Sorry, I did not get that.'] }]);
  const row = await storedTurn(answered.body.data.transcriptId);
  assert.equal(row.reviewStatus, 'PENDING');
  assert.equal(row.fallback, true);
});

test('thumbs down puts a turn up for review; thumbs up is recorded; CSAT is stored and validated', async () => {
  const sessionId = await startDraft();
  const answered = await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { token: admin, json: { text: 'when is the rubbish collected' } });
  const transcriptId = answered.body.data.transcriptId as string;
  const up = await chat(`/api/v1/chat/${APP}/transcripts/${transcriptId}/feedback`, { token: admin, json: { thumbsUp: true } });
  assert.equal(up.status, 200);
  let [row] = await t.server.db.db.select().from(transcripts).where(eq(transcripts.id, transcriptId));
  assert.equal(row.thumbsUp, true);
  const down = await chat(`/api/v1/chat/${APP}/transcripts/${transcriptId}/feedback`, { token: admin, json: { thumbsDown: true } });
  assert.equal(down.status, 200);
  [row] = await t.server.db.db.select().from(transcripts).where(eq(transcripts.id, transcriptId));
  assert.equal(row.thumbsDown, true);
  assert.equal(row.thumbsUp, false, 'thumbs down replaces thumbs up');
  assert.equal(row.reviewStatus, 'PENDING');

  assert.equal((await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/csat`, { token: admin, json: { rating: 6 } })).status, 422);
  const csat = await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/csat`, { token: admin, json: { rating: 4, comment: 'Helpful' } });
  assert.equal(csat.status, 200);
  const [session] = await t.server.db.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
  assert.equal(session.csatRating, 4);
  assert.equal(session.csatComment, 'Helpful');
});

test('origins: the console and allowed domains are served with CORS headers; any other origin is refused', async () => {
  const refused = await chat(`/api/v1/chat/${APP}/sessions`, { token: admin, json: { environment: 'draft' }, origin: 'https://evil.example.com' });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, EngineMessages.originRefused);

  // Through the API, as a platform admin does: the server's brief copy of the app follows the change.
  const patched = await call(t.http, 'PATCH', `/api/v1/admin/apps/${APP}`, { token: admin, json: { allowedDomains: ['agency.example.gov.sg', 'http://127.0.0.1:5999'] } });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  const sub = await chat(`/api/v1/chat/${APP}/sessions`, { token: admin, json: { environment: 'draft' }, origin: 'https://www.agency.example.gov.sg' });
  assert.equal(sub.status, 201);
  assert.equal(sub.headers['access-control-allow-origin'], 'https://www.agency.example.gov.sg');
  assert.equal((await chat(`/api/v1/chat/${APP}/sessions`, { token: admin, json: { environment: 'draft' }, origin: 'http://agency.example.gov.sg' })).status, 403, 'a bare domain needs https');
  assert.equal((await chat(`/api/v1/chat/${APP}/sessions`, { token: admin, json: { environment: 'draft' }, origin: 'http://127.0.0.1:5999' })).status, 201);
  assert.equal((await chat(`/api/v1/chat/${APP}/sessions`, { token: admin, json: { environment: 'draft' }, origin: 'http://127.0.0.1:6000' })).status, 403);

  const preflight = await call(t.http, 'OPTIONS' as 'GET', `/api/v1/chat/${APP}/sessions`, { headers: { origin: 'https://www.agency.example.gov.sg', 'access-control-request-method': 'POST' } });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], 'https://www.agency.example.gov.sg');
  assert.match(String(preflight.headers['access-control-allow-headers']), /content-type/);
});

test('the draft is for members only; production never falls back to the draft', async () => {
  const anonymous = await chat(`/api/v1/chat/${APP}/sessions`, { json: { environment: 'draft' } });
  assert.equal(anonymous.status, 403);
  assert.equal(anonymous.body.message, EngineMessages.draftNeedsMember);
  const outsider = await signIn(t.http, 'outsider@demo.gov.sg');
  assert.equal((await chat(`/api/v1/chat/${APP}/sessions`, { token: outsider, json: { environment: 'draft' } })).status, 403);

  const production = await chat(`/api/v1/chat/${APP}/sessions`, { json: {} });
  assert.equal(production.status, 409);
  assert.equal(production.body.message, EngineMessages.notPublished);

  // Another member cannot continue someone else's draft session, nor can an anonymous caller.
  const sessionId = await startDraft();
  assert.equal((await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { token: viewer, json: { text: 'renew passport' } })).status, 403);
  assert.equal((await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { json: { text: 'renew passport' } })).status, 403);
  // A session belongs to its app.
  assert.equal((await chat(`/api/v1/chat/demo-plus/sessions/${sessionId}/messages`, { token: admin, json: { text: 'renew passport' } })).status, 404);
});

test('bad input is a 4xx: empty or long text, unknown fields, oversized bodies', async () => {
  const sessionId = await startDraft();
  const path = `/api/v1/chat/${APP}/sessions/${sessionId}/messages`;
  assert.equal((await chat(path, { token: admin, json: { text: '' } })).status, 422);
  assert.equal((await chat(path, { token: admin, json: { text: 'x'.repeat(1001) } })).status, 422);
  assert.equal((await chat(path, { token: admin, json: { text: 'hi', extra: 1 } })).status, 422);
  assert.equal((await chat(path, { token: admin, body: JSON.stringify({ text: 'y'.repeat(5000) }) })).status, 413);
  assert.equal((await chat(`/api/v1/chat/${APP}/sessions`, { json: { environment: 'staging' } })).status, 422);
});

test('a session expires after 30 idle minutes', async () => {
  const sessionId = await startDraft();
  t.clock.advance((SESSION_IDLE_MINUTES + 1) * 60_000);
  // The console session idles out too: sign in again (the same member, so the chat session is still theirs).
  admin = await signIn(t.http, 'admin@demo.gov.sg', undefined, t.clock.unixSeconds());
  const expired = await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { token: admin, json: { text: 'renew passport' } });
  assert.equal(expired.status, 410);
  assert.equal(expired.body.message, EngineMessages.sessionExpired);
});

test('rate limits: per session, then per IP (429 with Retry-After)', async () => {
  t.clock.advance(61_000);
  const sessionId = await startDraft();
  const path = `/api/v1/chat/${APP}/sessions/${sessionId}/messages`;
  for (let i = 0; i < CHAT_LIMITS.perSession; i++) assert.equal((await chat(path, { token: admin, json: { text: `bin collection ${i}` } })).status, 200);
  const limited = await chat(path, { token: admin, json: { text: 'one more' } });
  assert.equal(limited.status, 429);
  assert.equal(limited.body.message, Messages.tooManyRequests);
  assert.ok(Number(limited.headers['retry-after']) > 0);

  t.clock.advance(61_000);
  let status = 0;
  let count = 0;
  while (count <= CHAT_LIMITS.perIp) {
    status = (await chat(`/api/v1/chat/${APP}/sessions`, { json: {} })).status;
    count += 1;
    if (status === 429) break;
  }
  assert.equal(status, 429);
  assert.equal(count, CHAT_LIMITS.perIp + 1, 'the request after the limit is refused');
  t.clock.advance(61_000);
});

test('content changes retrain: the first message after a change answers from the new content', async () => {
  const sessionId = await startDraft();
  const path = `/api/v1/chat/${APP}/sessions/${sessionId}/messages`;
  const beforeChange = await chat(path, { token: admin, json: { text: 'how do i adopt a stray cat' } });
  assert.notEqual(beforeChange.body.data.intentName, 'Zz Adopt a cat');
  const first = await storedTurn(beforeChange.body.data.transcriptId);
  await addIntent(APP, 'Zz Adopt a cat', ['how do i adopt a cat', 'adopt a stray cat', 'cat adoption', 'can i adopt a kitten', 'adopting cats from the shelter', 'where to adopt a cat', 'adopt cat', 'i want to adopt a cat'], 'Visit the animal shelter to adopt.');
  const afterChange = await chat(path, { token: admin, json: { text: 'how do i adopt a stray cat' } });
  assert.equal(afterChange.body.data.intentName, 'Zz Adopt a cat');
  const second = await storedTurn(afterChange.body.data.transcriptId);
  assert.notEqual(first.contentHash, second.contentHash, 'the transcript names the content it was answered from');

  const list = await call(t.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token: admin });
  const row = list.body.data.apps.find((app: { appId: string }) => app.appId === APP);
  assert.equal(row.training.draft.state, 'trained');
  assert.equal(row.training.draft.contentHash, second.contentHash);
  assert.equal(row.training.production.state, 'untrained');
});

test('/dialogFlow: configure engines (external needs both handlers), test a message, superbot routing', async () => {
  const base = '/api/v1/admin/dialog-engine/apps';
  const missing = await call(t.http, 'PUT', `${base}/${APP}/production`, { token: admin, json: { engine: 'CIVIC_X', qnaHandler: 'https://qna.example.gov.sg' } });
  assert.equal(missing.status, 422);
  assert.equal(missing.body.message, Messages.externalEngineHandlers);
  const plainHttp = await call(t.http, 'PUT', `${base}/${APP}/production`, { token: admin, json: { engine: 'CIVIC_X', qnaHandler: 'http://qna.example.gov.sg', dialogHandler: 'https://d.example.gov.sg' } });
  assert.equal(plainHttp.status, 422);
  assert.equal(plainHttp.body.message, Messages.invalidHttpsUrl);
  assert.equal((await call(t.http, 'PUT', `${base}/${APP}/staging`, { token: admin, json: { engine: 'CIVIC_DIALOG_ENGINE' } })).status, 404);

  const tested = await call(t.http, 'POST', `${base}/${APP}/draft/test`, { token: admin, json: { text: 'pay my parking fine' } });
  assert.equal(tested.status, 200);
  assert.equal(tested.body.data.intentName, 'Zz Parking fine');
  assert.equal(tested.body.data.topMatches[0].intentName, 'Zz Parking fine');
  assert.ok(tested.body.data.confidence > 0.5);
  assert.equal(tested.body.data.training.state, 'trained');

  // An external engine on loopback (https, reached through CIVIC_OUTBOUND_ALLOW): both handlers are asked, the more confident answer wins.
  const engine = await startTestHttpsServer(({ path, body }) => {
    const qna = path === '/qna';
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ type: 'text', text: [qna ? 'From Q&A' : 'From dialog'] }], intentName: qna ? 'External QnA' : 'External dialog', confidence: qna ? 0.9 : 0.4, echo: (JSON.parse(body) as { text: string }).text }),
    };
  });
  try {
    const saved = await call(t.http, 'PUT', `${base}/demo-plus/draft`, { token: admin, json: { engine: 'CIVIC_X', qnaHandler: `${engine.url}/qna`, dialogHandler: `${engine.url}/dialog` } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.config.engine, 'CIVIC_X');
    const external = await call(t.http, 'POST', `${base}/demo-plus/draft/test`, { token: admin, json: { text: 'anything' } });
    assert.equal(external.status, 200);
    assert.equal(external.body.data.intentName, 'External QnA');
    assert.deepEqual(external.body.data.messages, [{ type: 'text', text: ['From Q&A'] }]);
    assert.deepEqual(engine.received.map(({ path, body }) => `${path} ${(JSON.parse(body) as { text: string }).text}`).sort(), ['/dialog anything', '/qna anything']);
  } finally {
    await engine.close();
  }

  // Superbot: demo-plus routes to demo-enterprise, whose content answers.
  const superbot = await call(t.http, 'PUT', `${base}/demo-plus/draft`, { token: admin, json: { engine: 'REDIRECTION_ENGINE', linkedAppIds: [APP] } });
  assert.equal(superbot.status, 200);
  const routed = await call(t.http, 'POST', `${base}/demo-plus/draft/test`, { token: admin, json: { text: 'when is my bin collected' } });
  assert.equal(routed.status, 200);
  assert.equal(routed.body.data.intentName, 'Zz Rubbish collection');
  assert.match(routed.body.data.topMatches[0].intentName, new RegExp(`^${APP}: `));

  const audit = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'dialog-engine.configure'));
  assert.ok(audit.some((entry) => entry.target === 'demo-plus/draft'));
});

test('production answers from the published version: a draft change reaches citizens only when published again', async () => {
  const { waitForJob } = await import('./support/knowledge-fixtures');
  const published = await call(t.http, 'POST', `/api/v1/apps/${APP}/publishing/publish`, { token: admin, json: { note: 'first release' } });
  assert.equal(published.status, 202, JSON.stringify(published.body));
  const job = await waitForJob(t.http, admin, APP, published.body.data.job.id as string);
  assert.equal(job.status, 'succeeded', JSON.stringify(job));

  const ask = async (text: string) => {
    const started = await chat(`/api/v1/chat/${APP}/sessions`, { json: {} });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    const answer = await chat(`/api/v1/chat/${APP}/sessions/${started.body.data.sessionId}/messages`, { json: { text } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data as { intentName: string; messages: unknown[]; transcriptId: string };
  };
  const before = await ask('how do I pay my parking ticket');
  assert.equal(before.intentName, 'Zz Parking fine');
  const row = await storedTurn(before.transcriptId);
  assert.equal(row.environment, 'production');
  assert.notEqual(row.contentVersion, 'draft');

  // Change the answer in the draft only: production keeps the published one.
  const responses = [{ platform: 'PLATFORM_UNSPECIFIED' as const, enable_default_response: true, messages: [{ type: 'text' as const, text: ['Draft-only parking answer.'] }] }];
  await t.server.db.db.update(intents).set({ responses }).where(and(eq(intents.appId, APP), eq(intents.displayName, 'Zz Parking fine')));
  const after = await ask('how do I pay my parking ticket');
  assert.deepEqual(after.messages, [{ type: 'text', text: ['Pay parking fines on the parking portal.'] }]);
});

test('the fallback trade-off: the trained draft suggests a threshold from its own phrases; viewers of the app read it', async () => {
  const asks = ['how do i', 'i want to', 'help me', 'can i', 'where can i', 'i need to', 'is it possible to', 'tell me how to'];
  const phrases = (topics: string[]) => asks.flatMap((ask) => topics.map((topic) => `${ask} ${topic}`));
  await addIntent(APP, 'Zz Bulky waste', phrases(['book a bulky waste pickup', 'throw away an old sofa', 'dispose of a mattress', 'get rid of old furniture', 'arrange a large item collection']), 'Book bulky waste online.');
  await addIntent(APP, 'Zz Tax rebate', phrases(['claim a tax rebate', 'get money back on my tax', 'apply for tax relief', 'check my rebate status', 'ask for a tax refund']), 'Claim rebates on the tax portal.');
  await addIntent(APP, 'Zz Library card', phrases(['get a library card', 'join the library', 'replace a lost library card', 'renew my library membership', 'borrow books from the library']), 'Join the library online.');
  const path = `/api/v1/apps/${APP}/fallback-threshold`;
  // Earlier tests moved the clock past the console session's idle time: the viewer signs in again.
  viewer = await signIn(t.http, 'viewer@demo.gov.sg', undefined, t.clock.unixSeconds());
  const sessionId = await startDraft();
  assert.equal((await chat(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { token: admin, json: { text: 'join the library' } })).status, 200);
  const first = await call(t.http, 'GET', path, { token: viewer });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  let advice = first.body.data;
  for (let tries = 0; !advice.calibration.draft && tries < 600; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    advice = (await call(t.http, 'GET', path, { token: viewer })).body.data;
  }
  const [app] = await t.server.db.db.select().from(apps).where(eq(apps.appId, APP));
  assert.equal(advice.mlConfidenceThreshold, app.mlConfidenceThreshold);
  assert.equal(advice.training.draft, 'trained');
  const calibration = advice.calibration.draft;
  assert.ok(calibration, 'the draft has enough phrases to hold some out');
  assert.ok(calibration.suggestedThreshold > 0 && calibration.suggestedThreshold < 1);
  assert.equal(calibration.fallbackRates.length, 21);
  assert.ok(calibration.heldOut >= 10);

  // An app whose admin never chose a threshold is automatic: it answers with the one its data suggests.
  assert.equal(app.mlConfidenceThreshold, null, 'a new app has no fixed threshold');
  assert.deepEqual(advice.effective.draft, { ml: calibration.suggestedThreshold, qna: calibration.suggestedThreshold });
  // A fixed value wins; null goes back to automatic.
  const settings = `/api/v1/apps/${APP}/settings`;
  assert.equal((await call(t.http, 'PATCH', settings, { token: admin, json: { mlConfidenceThreshold: 0.9, qnaConfidenceThreshold: 0.8 } })).status, 200);
  assert.deepEqual((await call(t.http, 'GET', path, { token: viewer })).body.data.effective.draft, { ml: 0.9, qna: 0.8 });
  const automatic = await call(t.http, 'PATCH', settings, { token: admin, json: { mlConfidenceThreshold: null, qnaConfidenceThreshold: null } });
  assert.equal(automatic.status, 200, JSON.stringify(automatic.body));
  assert.equal(automatic.body.data.appSettings.mlConfidenceThreshold, null);
  assert.equal((await call(t.http, 'GET', path, { token: viewer })).body.data.effective.draft.ml, calibration.suggestedThreshold);
  // A fixed ML threshold with the Q&A one left empty: Q&A uses the ML threshold (as App settings says).
  assert.equal((await call(t.http, 'PATCH', settings, { token: admin, json: { mlConfidenceThreshold: 0.6 } })).status, 200);
  assert.deepEqual((await call(t.http, 'GET', path, { token: viewer })).body.data.effective.draft, { ml: 0.6, qna: 0.6 });
});

test("a follow-up answers right after its parent: a turn's new state is what the next turn reads, then it ages out", async () => {
  const hall = ['i want to book a community hall', 'book a hall', 'reserve the community hall', 'hall booking', 'can i rent the hall', 'booking the community centre hall', 'hire a hall for a party', 'hall reservation please'];
  const parentId = await addIntent(APP, 'Zz Book a hall', hall, 'Shall I book it?', { outputContexts: [{ name: 'hall-followup', lifespanCount: 1 }] });
  await addIntent(APP, 'Zz Book a hall - yes', ['yes', 'yes please', 'sure', 'ok go ahead', 'yeah', 'yep', 'of course', 'sounds good'], 'Booked.', { parentId, inputContexts: ['hall-followup'] });
  const sessionId = await startDraft();
  const path = `/api/v1/chat/${APP}/sessions/${sessionId}/messages`;
  const say = async (text: string) => (await chat(path, { token: admin, json: { text } })).body.data.intentName as string;
  assert.notEqual(await say('yes please'), 'Zz Book a hall - yes', 'no follow-up without its parent');
  assert.equal(await say('i want to book a community hall'), 'Zz Book a hall');
  // Written behind the reply with the turn's transcript, where another server would read it.
  await t.server.flushPending();
  const [stored] = await t.server.db.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
  assert.deepEqual(stored.state.contexts, [{ name: 'hall-followup', lifespan: 1 }]);
  assert.equal(await say('yes please'), 'Zz Book a hall - yes');
  assert.notEqual(await say('yes please'), 'Zz Book a hall - yes', 'the context lived one turn');
});
