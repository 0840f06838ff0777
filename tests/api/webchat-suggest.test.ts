import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { intents, trainingPhrases } from './support/tables';
import { EngineMessages } from '../../plugins/dialog-engine/common/messages';
import { DEFAULT_CHAT_LIMITS as CHAT_LIMITS } from '../../plugins/dialog-engine/server/settings';
import { RECHECK_SECONDS } from '../../plugins/dialog-engine/server/suggest-routes';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/** The widget's auto-complete and recommendations: public like the chat API, with its protections. */
const APP = 'demo-plus';
const CONSOLE = 'https://console.example.gov.sg';
let t: TestServer;
let admin: string;
let editor: string;

async function addIntent(name: string, phrases: string[], extra: Partial<typeof intents.$inferInsert> = {}): Promise<string> {
  const db = t.server.db.db;
  const responses = [{ platform: 'PLATFORM_UNSPECIFIED' as const, enable_default_response: true, messages: [{ type: 'text' as const, text: [`About ${name}`] }] }];
  const [row] = await db.insert(intents).values({ appId: APP, kind: 'qna', displayName: name, responses, ...extra }).returning({ id: intents.id });
  await db.insert(trainingPhrases).values(phrases.map((text, position) => ({ intentId: row.id, appId: APP, position, referenceId: `${name}-${position}`, type: 'example' as const, parts: [{ text }], text })));
  return row.id;
}

const get = (path: string, options: { token?: string; origin?: string | null; ip?: string } = {}) =>
  call(t.http, 'GET', path, {
    token: options.token,
    headers: { ...(options.origin === null ? {} : { origin: options.origin ?? CONSOLE }), ...(options.ip ? { 'x-forwarded-for': options.ip } : {}) },
  });
const suggest = (q: string, query = '', options: Parameters<typeof get>[1] = {}) => get(`/api/v1/chat/${APP}/suggestions?q=${encodeURIComponent(q)}${query}`, options);

before(async () => {
  t = await startTestServer();
  admin = await signIn(t.http, 'admin@demo.gov.sg');
  editor = await signIn(t.http, 'editor@demo.gov.sg');
  await t.server.db.db.delete(intents).where(and(eq(intents.appId, APP), isNull(intents.defaultKind)));
  await addIntent('Renew passport', ['How do I renew my passport?', 'Renew passport online', 'My passport expired', 'passport renewal fee']);
  await addIntent('Parking fine', ['How do I pay a parking fine?', 'Pay my parking ticket', 'Appeal a parking fine']);
  await addIntent('Rubbish collection', ['When is rubbish collected?', 'Missed rubbish collection', 'Bulky item removal']);
  const parent = await addIntent('Renew passport follow-up parent', ['Replace lost passport']);
  await addIntent('Lost passport yes', ['yes please'], { parentId: parent });
});

after(async () => {
  await t?.close();
});

test('draft suggestions: members get up to 8 questions matching every typed word, the last one half typed', async () => {
  const res = await suggest('how do i re', '&environment=draft', { token: editor });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(res.body.data.suggestions, ['How do I renew my passport?']);

  const passport = await suggest('passp', '&environment=draft', { token: editor });
  const list = passport.body.data.suggestions as string[];
  assert.ok(list.length >= 3 && list.length <= 8, JSON.stringify(list));
  assert.ok(list.every((s) => /passport/i.test(s)));
  // One question per intent comes before a second of the same intent.
  assert.deepEqual(list.slice(0, 2), ['passport renewal fee', 'Replace lost passport'], 'a question starting with the text first, then another intent');
  assert.ok(!list.includes('yes please'), 'follow-up phrases are not offered');

  assert.deepEqual((await suggest('pa', '&environment=draft', { token: editor })).body.data.suggestions.length <= 8, true);
  assert.deepEqual((await suggest('zzz', '&environment=draft', { token: editor })).body.data.suggestions, []);
  assert.deepEqual((await suggest('h', '&environment=draft', { token: editor })).body.data.suggestions, [], 'one letter suggests nothing');
});

test('the draft is for members; citizens get nothing while the app has not switched auto-complete on', async () => {
  const anonymousDraft = await suggest('passport', '&environment=draft');
  assert.equal(anonymousDraft.status, 403);
  assert.equal(anonymousDraft.body.message, EngineMessages.draftNeedsMember);

  const off = await suggest('passport');
  assert.equal(off.status, 404);
  assert.match(off.body.message, /Auto-complete is not switched on/);
});

test('production suggests from the published version only: a draft phrase reaches citizens when published', async () => {
  const settings = await call(t.http, 'PUT', `/api/v1/apps/${APP}/webchat-settings`, { token: editor, json: { appEnableAutoComplete: true, appEnableRecommendations: true } });
  assert.equal(settings.status, 200, JSON.stringify(settings.body));
  // The switches are re-read every RECHECK_SECONDS: a settings change reaches citizens within them.
  assert.equal((await suggest('passport')).status, 404, 'still the cached switch');
  t.clock.advance(RECHECK_SECONDS * 1000);

  const unpublished = await suggest('passport');
  assert.equal(unpublished.status, 409);
  assert.equal(unpublished.body.message, EngineMessages.notPublished);

  const { waitForJob } = await import('./support/knowledge-fixtures');
  const published = await call(t.http, 'POST', `/api/v1/apps/${APP}/publishing/publish`, { token: admin, json: { note: 'suggestions' } });
  assert.equal(published.status, 202, JSON.stringify(published.body));
  assert.equal((await waitForJob(t.http, admin, APP, published.body.data.job.id as string)).status, 'succeeded');
  t.clock.advance(RECHECK_SECONDS * 1000);

  const citizen = await suggest('parking', '', { origin: null });
  assert.equal(citizen.status, 200, JSON.stringify(citizen.body));
  assert.ok((citizen.body.data.suggestions as string[]).includes('Pay my parking ticket'));
  // A keystroke's round trip once the index is built (guards, rate limit row, cached index).
  const times: number[] = [];
  for (const q of ['pa', 'par', 'park', 'parki', 'parkin', 'parking', 'parking f', 'parking fi', 'parking fin', 'parking fine']) {
    const t0 = performance.now();
    assert.equal((await suggest(q)).status, 200);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`suggestions over HTTP (production, cached index): median ${times[5].toFixed(1)} ms, max ${times[9].toFixed(1)} ms`);

  // A phrase added to the draft only: the draft suggests it at once, production does not.
  const [parking] = await t.server.db.db.select({ id: intents.id }).from(intents).where(and(eq(intents.appId, APP), eq(intents.displayName, 'Parking fine')));
  await t.server.db.db.insert(trainingPhrases).values({ intentId: parking.id, appId: APP, position: 9, referenceId: 'parking-9', type: 'example', parts: [{ text: 'Parking coupon refund' }], text: 'Parking coupon refund' });
  t.clock.advance(RECHECK_SECONDS * 1000);
  const draft = await suggest('parking coup', '&environment=draft', { token: admin });
  assert.deepEqual(draft.body.data.suggestions, ['Parking coupon refund']);
  assert.deepEqual((await suggest('parking coup')).body.data.suggestions, []);
});

test('recommendations: related questions after an answer, never the intent that answered', async () => {
  const res = await get(`/api/v1/chat/${APP}/recommendations?q=${encodeURIComponent('how do I renew my passport')}&intentName=${encodeURIComponent('Renew passport')}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const list = res.body.data.recommendations as string[];
  assert.ok(list.length >= 1 && list.length <= 3, JSON.stringify(list));
  assert.ok(!list.some((q) => /renew/i.test(q)), JSON.stringify(list));
  assert.ok(list.includes('Replace lost passport'), JSON.stringify(list));
});

test('the same origin policy as the chat API: other sites are refused, the app allowedDomains served', async () => {
  const refused = await suggest('passport', '', { origin: 'https://evil.example.com' });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, EngineMessages.originRefused);
  // Through the API, as a platform admin does: the server's brief copy of the app follows the change.
  const patched = await call(t.http, 'PATCH', `/api/v1/admin/apps/${APP}`, { token: admin, json: { allowedDomains: ['agency.example.gov.sg'] } });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  const allowed = await suggest('passport', '', { origin: 'https://www.agency.example.gov.sg' });
  assert.equal(allowed.status, 200);
  assert.equal(allowed.headers['access-control-allow-origin'], 'https://www.agency.example.gov.sg');
});

test('bad queries are refused with a message: missing, too long, unknown parameter, bad environment', async () => {
  assert.equal((await get(`/api/v1/chat/${APP}/suggestions`)).status, 422);
  const long = await suggest('x'.repeat(201));
  assert.equal(long.status, 422);
  assert.match(long.body.message, /200 characters/);
  assert.equal((await suggest('passport', '&environment=staging')).status, 422);
  assert.equal((await suggest('passport', '&sql=1')).status, 422);
  assert.equal((await get(`/api/v1/chat/no-such-app/suggestions?q=passport`)).status, 404);
});

test(`rate limit: ${CHAT_LIMITS.perIp} suggestion requests per IP a minute, then 429 with Retry-After`, async () => {
  let last = 0;
  let lastHeaders: Record<string, unknown> = {};
  for (let i = 0; i <= CHAT_LIMITS.perIp + 1; i++) {
    const res = await suggest('pass');
    last = res.status;
    lastHeaders = res.headers;
    if (res.status === 429) break;
  }
  assert.equal(last, 429);
  assert.ok(Number(lastHeaders['retry-after']) >= 1);
  // Typing does not use up the chat's own budget: a session still starts.
  const started = await call(t.http, 'POST', `/api/v1/chat/${APP}/sessions`, { json: {}, headers: { origin: CONSOLE } });
  assert.equal(started.status, 201, JSON.stringify(started.body));
});
