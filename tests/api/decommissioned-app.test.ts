/**
 * Issue 15, scoping: a decommissioned app is read-only for its members — no edits, invites,
 * publishes or exports — while a platform admin still manages it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Messages } from '@civic/core/common/messages';
import { call } from './support/api-call';
import { DECOMMISSIONED_APP_ID } from './support/fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const APP = DECOMMISSIONED_APP_ID;
let t: TestServer;
let member: string;
let platformAdmin: string;

before(async () => {
  t = await startTestServer();
  // The app admin holds the retired app (fixtures).
  [member, platformAdmin] = await Promise.all([signIn(t.http, 'appadmin@demo.gov.sg'), signIn(t.http, 'admin@demo.gov.sg')]);
});
after(async () => {
  await t?.close();
});

test('its admin may still read it, but every change and export is refused', async () => {
  assert.equal((await call(t.http, 'GET', `/api/v1/apps/${APP}/settings`, { token: member })).status, 200);
  const refusals = [
    await call(t.http, 'PATCH', `/api/v1/apps/${APP}/settings`, { token: member, json: { mlConfidenceThreshold: 0.6 } }),
    await call(t.http, 'POST', `/api/v1/apps/${APP}/team`, { token: member, json: { email: 'someone@demo.gov.sg', role: '1' } }),
    await call(t.http, 'POST', `/api/v1/apps/${APP}/publishing/publish`, { token: member, json: {} }),
    await call(t.http, 'POST', `/api/v1/apps/${APP}/intents`, { token: member, json: { displayName: 'New intent' } }),
    await call(t.http, 'GET', `/api/v1/apps/${APP}/export`, { token: member }),
  ];
  for (const response of refusals) {
    assert.equal(response.status, 403);
    assert.equal(response.body.message, Messages.appDecommissioned);
  }
});

test('a platform admin still manages it: a settings change goes through', async () => {
  const response = await call(t.http, 'PATCH', `/api/v1/apps/${APP}/settings`, { token: platformAdmin, json: { mlConfidenceThreshold: 0.6 } });
  assert.equal(response.status, 200);
});
