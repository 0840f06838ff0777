import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from '@civic/sdk/server';
import { CredentialApi } from '@civic/sdk/common/credentials';
import { call, startTestHttpsServer, startTestServer, type ReceivedRequest, type TestAnswer, type TestHttpsServer, type TestServer } from '@civic/sdk/testing/server';

const GOOD_KEY = 'sk-llm-good-key-0001';
const WRONG_KEY = 'sk-llm-wrong-key-9999';
const KIND = 'credential-llm';
let provider: TestHttpsServer;
let t: TestServer;
let admin: string;

const json = (status: number, body: unknown): TestAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** An OpenAI-compatible provider: GET /v1/models lists two models for the good key; a wrong key is refused with it echoed, as some providers do. */
function openAiShape(request: ReceivedRequest): TestAnswer {
  const key = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
  if (request.path !== '/v1/models') return json(404, { error: { message: 'Unknown path' } });
  if (key !== GOOD_KEY) return json(401, { error: { message: `Incorrect API key provided: ${key}` } });
  return json(200, { object: 'list', data: [{ id: 'civic-small', object: 'model' }, { id: 'civic-large', object: 'model' }] });
}

before(async () => {
  provider = await startTestHttpsServer(openAiShape);
  t = await startTestServer({ pluginIds: ['credentials', KIND], env: { CIVIC_OUTBOUND_ALLOW: '127.0.0.1' } });
  admin = await t.signInAs('platformAdmin');
});
after(async () => {
  await t?.close();
  await provider?.close();
});

const add = (name: string, fields: Record<string, string>) =>
  call(t.http, 'POST', CredentialApi.list(KIND), { token: admin, json: { name, scope: 'platform', baseUrl: `${provider.url}/v1`, model: 'civic-small', apiKey: GOOD_KEY, ...fields } });

test('add, test (the key and the model), rotate and delete; the key is never sent back nor stored in clear', async () => {
  const added = await add('Main model', {});
  assert.equal(added.status, 201, JSON.stringify(added.body));
  assert.equal(added.body.data.secrets.apiKey.isConfigured, true);
  assert.deepEqual(added.body.data.values, { baseUrl: `${provider.url}/v1`, model: 'civic-small' });
  assert.ok(!JSON.stringify(added.body).includes(GOOD_KEY));
  const id = added.body.data.id as string;

  const ok = await call(t.http, 'POST', CredentialApi.test(KIND, id), { token: admin });
  assert.equal(ok.body.data.status, 'ok', ok.body.data.reason);
  assert.equal(ok.body.data.reason, 'Connected: the model civic-small is available');
  assert.equal(typeof ok.body.data.latencyMs, 'number');

  assert.equal((await call(t.http, 'PUT', CredentialApi.secret(KIND, id, 'apiKey'), { token: admin, json: { value: WRONG_KEY } })).status, 200);
  const refused = await call(t.http, 'POST', CredentialApi.test(KIND, id), { token: admin });
  assert.equal(refused.body.data.status, 'failed');
  assert.equal(refused.body.data.reason, 'The LLM provider refused the key');
  assert.ok(!JSON.stringify(refused.body).includes(WRONG_KEY));

  const rows = (await t.server.db.db.execute(sql`select row_to_json(s)::text as row from credential_secrets s`)) as unknown as { rows: { row: string }[] };
  assert.ok(rows.rows.length > 0);
  assert.ok(rows.rows.every((r) => !r.row.includes(WRONG_KEY) && !r.row.includes(GOOD_KEY)));

  assert.equal((await call(t.http, 'DELETE', CredentialApi.item(KIND, id), { token: admin })).status, 200);
});

test('a model the provider does not offer, and a base URL without the API, fail with reasons an admin can act on', async () => {
  const other = await add('Other model', { model: 'civic-huge' });
  const noModel = await call(t.http, 'POST', CredentialApi.test(KIND, other.body.data.id), { token: admin });
  assert.equal(noModel.body.data.status, 'failed');
  assert.equal(noModel.body.data.reason, 'The key works, but the provider does not offer the model civic-huge (it offers civic-small, civic-large)');
  const wrongBase = await add('Wrong base', { baseUrl: provider.url });
  const notFound = await call(t.http, 'POST', CredentialApi.test(KIND, wrongBase.body.data.id), { token: admin });
  assert.equal(notFound.body.data.status, 'failed');
  assert.match(notFound.body.data.reason, /No OpenAI-compatible API at this base URL/);
});

test('the form’s rules hold on the server (https, a model id), and only platform admins may call', async () => {
  const invalid = await call(t.http, 'POST', CredentialApi.list(KIND), { token: admin, json: { name: 'x', scope: 'platform', baseUrl: 'http://plain.example/v1', model: 'a model; drop', apiKey: '' } });
  assert.equal(invalid.status, 422);
  assert.deepEqual(invalid.body.fields.baseUrl, ['Enter an https:// address']);
  assert.deepEqual(invalid.body.fields.model, ['A model id has only letters, digits and . _ - : / @']);
  assert.ok(invalid.body.fields.apiKey);
  const editor = await t.signInAs('editor');
  assert.equal((await call(t.http, 'GET', CredentialApi.list(KIND), { token: editor })).status, 403);
});
