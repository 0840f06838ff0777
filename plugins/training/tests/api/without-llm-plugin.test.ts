import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { TrainingHubApi } from '../../common/api';
import { TrainingMessages } from '../../common/messages';

/**
 * Training only *uses* credential-llm (plugin.ts): a profile without the credential plugins still
 * starts, has the training hub, and says why there are no paraphrases rather than failing.
 */
let t: TestServer;
let editor: string;

before(async () => {
  t = await startTestServer({ pluginIds: ['app-settings', 'entities', 'classification', 'knowledge-base', 'publishing', 'webchat', 'dialog-engine', 'training'] });
  editor = await t.signInAs('editor');
});
after(async () => {
  await t?.close();
});

test('without credential-llm in the profile the hub answers with no provider, and paraphrases are a clear 409', async () => {
  const hub = await call(t.http, 'GET', TrainingHubApi.suggestions(OWN_APP_ID), { token: editor });
  assert.equal(hub.status, 200);
  assert.equal(hub.body.data.llm, null);
  const intents = await call(t.http, 'GET', `/api/v1/apps/${OWN_APP_ID}/intents`, { token: editor, searchParams: { limit: '1' } });
  const intentId = (intents.body.data.rows as Array<{ id: string }>)[0].id;
  const refused = await call(t.http, 'GET', TrainingHubApi.paraphrases(OWN_APP_ID), { token: editor, searchParams: { intentId } });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.message, TrainingMessages.noLlmPlugin);
});
