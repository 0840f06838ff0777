import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CredentialApi } from '@civic/sdk/common/credentials';
import { call, OTHER_APP_ID, OWN_APP_ID, startTestHttpsServer, startTestServer, type ReceivedRequest, type TestAnswer, type TestHttpsServer, type TestServer } from '@civic/sdk/testing/server';
import { TrainingHubApi, type HubParaphrases } from '../../common/api';

const KEY = 'sk-training-llm-key-0042';
let t: TestServer;
let provider: TestHttpsServer;
let admin: string;
let editor: string;
/** What the loopback provider answers next: a chat completion with this content, or a failure. */
let next: { content: string } | TestAnswer = { content: '[]' };

const json = (status: number, body: unknown): TestAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** An OpenAI-compatible provider: POST /v1/chat/completions with the key answers `next`. */
function chatCompletions(request: ReceivedRequest): TestAnswer {
  if (request.method !== 'POST' || request.path !== '/v1/chat/completions') return json(404, { error: { message: 'Unknown path' } });
  if (request.headers.authorization !== `Bearer ${KEY}`) return json(401, { error: { message: 'Incorrect API key' } });
  if ('status' in next) return next;
  return json(200, { id: 'chatcmpl-1', object: 'chat.completion', model: 'civic-small', choices: [{ index: 0, message: { role: 'assistant', content: next.content }, finish_reason: 'stop' }] });
}

interface IntentView {
  id: string;
  displayName: string;
  trainingPhrases: Array<{ type: string; parts: Array<{ text: string }> }>;
  [field: string]: unknown;
}

let intent: IntentView;
const phraseText = (p: IntentView['trainingPhrases'][number]) => p.parts.map((part) => part.text).join('');
const paraphrases = (token: string, searchParams: Record<string, string> = {}, appId = OWN_APP_ID) =>
  call(t.http, 'GET', TrainingHubApi.paraphrases(appId), { token, searchParams: { intentId: intent.id, ...searchParams } });

before(async () => {
  provider = await startTestHttpsServer(chatCompletions);
  t = await startTestServer({
    pluginIds: ['app-settings', 'entities', 'classification', 'knowledge-base', 'publishing', 'webchat', 'dialog-engine', 'credentials', 'credential-llm', 'training'],
    env: { CIVIC_OUTBOUND_ALLOW: '127.0.0.1' },
  });
  [admin, editor] = await Promise.all([t.signInAs('platformAdmin'), t.signInAs('editor')]);
  const list = await call(t.http, 'GET', `/api/v1/apps/${OWN_APP_ID}/intents`, { token: editor, searchParams: { limit: '1000' } });
  const rows = list.body.data.rows as Array<{ id: string; defaultKind: string | null }>;
  for (const row of rows.filter((r) => r.defaultKind === null)) {
    const one = (await call(t.http, 'GET', `/api/v1/apps/${OWN_APP_ID}/intents/${row.id}`, { token: editor })).body.data.intent as IntentView;
    if (one.trainingPhrases.length >= 2) {
      intent = one;
      break;
    }
  }
  assert.ok(intent, 'a demo intent with phrases');
});
after(async () => {
  await t?.close();
  await provider?.close();
});

test('without an LLM provider the hub says none, and asking for paraphrases is a clear 409', async () => {
  const hub = await call(t.http, 'GET', TrainingHubApi.suggestions(OWN_APP_ID), { token: editor });
  assert.equal(hub.status, 200);
  assert.equal(hub.body.data.llm, null);
  const refused = await paraphrases(editor);
  assert.equal(refused.status, 409);
  assert.match(refused.body.message, /No LLM provider is configured for this app/);
  assert.equal(provider.received.length, 0);
});

test('with the app’s provider: new paraphrases of the intent, cleaned, none the app has, none twice; an approved one is not suggested again', async () => {
  const added = await call(t.http, 'POST', CredentialApi.list('credential-llm'), {
    token: admin,
    json: { name: 'Civic GPT', scope: 'app', appId: OWN_APP_ID, baseUrl: `${provider.url}/v1`, model: 'civic-small', apiKey: KEY },
  });
  assert.equal(added.status, 201, JSON.stringify(added.body));
  assert.deepEqual((await call(t.http, 'GET', TrainingHubApi.suggestions(OWN_APP_ID), { token: editor })).body.data.llm, { name: 'Civic GPT' });
  const outsider = await t.signInAs('outsider');
  assert.equal((await call(t.http, 'GET', TrainingHubApi.suggestions(OTHER_APP_ID), { token: outsider })).body.data.llm, null, 'another app has no provider');

  const existing = phraseText(intent.trainingPhrases[0]);
  next = { content: '```json\n' + JSON.stringify([existing.toUpperCase(), 'civic paraphrase one', 'Civic paraphrase ONE', '<b>civic paraphrase two</b>', 'write to me at someone@example.com', '3. civic paraphrase three']) + '\n```' };
  const got = await paraphrases(editor, { count: '3' });
  assert.equal(got.status, 200, JSON.stringify(got.body));
  const answer = got.body.data as HubParaphrases;
  assert.deepEqual(answer, { intentId: intent.id, intentName: intent.displayName, source: 'Civic GPT', suggestions: ['civic paraphrase one', 'civic paraphrase two', 'civic paraphrase three'] });

  const sent = JSON.parse(provider.received.at(-1)!.body) as { model: string; messages: Array<{ role: string; content: string }>; max_tokens: number };
  assert.equal(sent.model, 'civic-small');
  assert.match(sent.messages[1].content, new RegExp(`Intent: "${intent.displayName}"`));
  assert.ok(sent.messages[1].content.includes(`- ${existing}`));
  assert.ok(sent.max_tokens > 0 && sent.max_tokens < 1000);

  // Approved in the hub: the phrase is added through the knowledge base, as the page does.
  const kept = ['kind', 'displayName', 'parentId', 'webhook_state', 'action', 'events', 'inputContexts', 'outputContexts', 'parameters', 'responses', 'categoryIds', 'labelIds', 'answerOwner', 'sourceUrl', 'reviewBy', 'version'];
  const body = { ...Object.fromEntries(kept.map((f) => [f, intent[f]])), trainingPhrases: [...intent.trainingPhrases.map((p) => ({ type: p.type, parts: p.parts })), { type: 'example', parts: [{ text: 'civic paraphrase one' }] }] };
  const put = await call(t.http, 'PUT', `/api/v1/apps/${OWN_APP_ID}/intents/${intent.id}`, { token: editor, json: body });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.ok((put.body.data.intent as IntentView).trainingPhrases.some((p) => phraseText(p) === 'civic paraphrase one'));
  const again = await paraphrases(editor, { count: '3' });
  assert.deepEqual((again.body.data as HubParaphrases).suggestions, ['civic paraphrase two', 'civic paraphrase three']);
});

test('a provider that refuses, fails or answers nonsense is a clear 502 that never holds the key; the hub still loads', async () => {
  const cases: Array<[TestAnswer, RegExp]> = [
    [json(401, { error: { message: `Incorrect API key provided: ${KEY}` } }), /LLM provider Civic GPT refused the API key/],
    [json(500, { error: { message: `internal error for ${KEY}` } }), /LLM provider Civic GPT answered 500: it may be down/],
    [json(429, { error: { message: 'Rate limit' } }), /limiting requests \(429\)/],
    [{ status: 200, headers: { 'content-type': 'text/html' }, body: `<html>${KEY}</html>` }, /not an OpenAI-compatible chat completion/],
  ];
  for (const [answer, message] of cases) {
    next = answer;
    const failed = await paraphrases(editor);
    assert.equal(failed.status, 502, JSON.stringify(failed.body));
    assert.match(failed.body.message, message);
    assert.ok(!JSON.stringify(failed.body).includes(KEY), 'the key is not in the answer');
  }
  next = { content: 'I cannot help with that.' };
  const none = await paraphrases(editor);
  assert.equal(none.status, 200);
  assert.deepEqual((none.body.data as HubParaphrases).suggestions, [], 'a refusal in prose is no suggestion');
  assert.equal((await call(t.http, 'GET', TrainingHubApi.suggestions(OWN_APP_ID), { token: editor })).status, 200);
});

test('editors and admins ask; viewers may not; an unknown intent is 404 and a count over 10 is 422', async () => {
  const viewer = await t.signInAs('viewer');
  assert.equal((await paraphrases(viewer)).status, 403);
  assert.equal((await paraphrases(editor, { intentId: '00000000-0000-4000-8000-000000000000' })).status, 404);
  assert.equal((await paraphrases(editor, { count: '11' })).status, 422);
});
