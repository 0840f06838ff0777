import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { strToU8, zipSync } from 'fflate';
import { PublishingMessages } from '../../plugins/publishing/common/messages';
import { waitForJob } from './support/knowledge-fixtures';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/** §9 `CIVIC_FILE_RESPONSES` (off by default): while off, an intent with a File message is refused. */
const servers: TestServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const fileIntent = (displayName: string) => ({
  displayName,
  responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'file', fileUri: 'https://www.gov.sg/form.pdf', name: 'Form' }] }],
});

/** A Dialogflow agent zip whose "Download the form" intent carries a File message (civic.responses). */
const agentZip = () =>
  Buffer.from(
    zipSync({
      'agent.json': strToU8(JSON.stringify({ displayName: 'forms', language: 'en' })),
      'intents/Download the form.json': strToU8(JSON.stringify({ id: 'f1', name: 'Download the form', responses: [{ messages: [] }], civic: { responses: fileIntent('x').responses } })),
      'intents/Opening hours.json': strToU8(JSON.stringify({ id: 'f2', name: 'Opening hours', responses: [{ messages: [{ type: 0, lang: 'en', speech: 'We open at 9.' }] }] })),
    }),
  ).toString('base64');

const importZip = (t: TestServer, token: string) =>
  call(t.http, 'POST', '/api/v1/apps/demo-enterprise/import', { token, json: { fileName: 'forms.zip', content: agentZip() } });

test('with the switch off, a Dialogflow zip whose intents carry File messages is refused, naming each intent', async () => {
  const t = await startTestServer();
  servers.push(t);
  const admin = await signIn(t.http, 'appadmin@demo.gov.sg');
  const refused = await importZip(t, admin);
  assert.equal(refused.status, 422, JSON.stringify(refused.body));
  assert.deepEqual(refused.body.info, [PublishingMessages.importFileSwitchedOff('Download the form')]);
  // The preview refuses it the same way, before anyone confirms an import.
  const preview = await call(t.http, 'POST', '/api/v1/apps/demo-enterprise/import/preview', { token: admin, json: { fileName: 'forms.zip', content: agentZip() } });
  assert.equal(preview.status, 422, JSON.stringify(preview.body));
  assert.deepEqual(preview.body.info, [PublishingMessages.importFileSwitchedOff('Download the form')]);
});

test('with CIVIC_FILE_RESPONSES=on, the same zip imports its File message', async () => {
  const t = await startTestServer({ env: { CIVIC_FILE_RESPONSES: 'on' } });
  servers.push(t);
  const admin = await signIn(t.http, 'appadmin@demo.gov.sg');
  const imported = await importZip(t, admin);
  assert.equal(imported.status, 202, JSON.stringify(imported.body));
  assert.equal((await waitForJob(t.http, admin, 'demo-enterprise', imported.body.data.job.id as string)).status, 'succeeded');
});

test('with the switch off (the default), a File message is refused on create and on update', async () => {
  const t = await startTestServer();
  servers.push(t);
  const editor = await signIn(t.http, 'editor@demo.gov.sg');
  const base = '/api/v1/apps/demo-enterprise';
  const created = await call(t.http, 'POST', `${base}/intents`, { token: editor, json: fileIntent('Download the form') });
  assert.equal(created.status, 422);
  assert.equal(created.body.message, 'File messages are switched off in this deployment.');
  assert.ok(created.body.fields['responses.0.messages.0']);

  const plain = await call(t.http, 'POST', `${base}/intents`, {
    token: editor,
    json: { displayName: 'Download the form', responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['See gov.sg'] }] }] },
  });
  assert.equal(plain.status, 201, JSON.stringify(plain.body));
  const intent = plain.body.data.intent;
  const updated = await call(t.http, 'PUT', `${base}/intents/${intent.id}`, { token: editor, json: { ...fileIntent('Download the form'), version: intent.version } });
  assert.equal(updated.status, 422);
});

test('with CIVIC_FILE_RESPONSES=on, a File message saves', async () => {
  const t = await startTestServer({ env: { CIVIC_FILE_RESPONSES: 'on' } });
  servers.push(t);
  const editor = await signIn(t.http, 'editor@demo.gov.sg');
  const created = await call(t.http, 'POST', '/api/v1/apps/demo-enterprise/intents', { token: editor, json: fileIntent('Download the form') });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.data.intent.responses[0].messages[0].type, 'file');
});
