import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/** The deployment switch (profile switches.publishApproval / CIVIC_PUBLISH_APPROVAL=on) makes approval mandatory on every app. */
let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CIVIC_PUBLISH_APPROVAL: 'on' } });
});
after(async () => {
  await t?.close();
});

test('with the deployment switch on, every publish is a request and an app cannot turn approval off', async () => {
  const admin = await signIn(t.http, 'appadmin@demo.gov.sg');
  const base = '/api/v1/apps/demo-starter';
  const overview = await call(t.http, 'GET', `${base}/publishing`, { token: admin });
  assert.equal(overview.body.data.requireApproval, true);
  assert.equal(overview.body.data.approvalByDeployment, true);
  const off = await call(t.http, 'PATCH', `${base}/publishing/settings`, { token: admin, json: { requireApproval: false } });
  assert.deepEqual(off.body.data, { requireApproval: true });
  const published = await call(t.http, 'POST', `${base}/publishing/publish`, { token: admin, json: { note: 'needs approval' } });
  assert.equal(published.status, 202);
  assert.equal(published.body.data.job, null);
  assert.equal(published.body.data.request.status, 'pending');
});
