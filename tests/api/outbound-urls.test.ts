/**
 * Issue 15, outbound URLs: a platform admin's typed URL (an adaptor webhook, an external engine's
 * handlers) must not reach the server's own network. Without CIVIC_OUTBOUND_ALLOW a loopback
 * HTTPS server is never called, in any spelling of its address.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OutboundMessages } from '@civic/sdk/server';
import { startTestHttpsServer, type TestHttpsServer } from '@civic/sdk/testing/server';
import { EngineMessages } from '../../plugins/dialog-engine/common/messages';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let admin: string;
let target: TestHttpsServer;

before(async () => {
  [t, target] = await Promise.all([
    startTestServer(),
    startTestHttpsServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ type: 'text', text: ['internal'] }], intentName: 'Internal', confidence: 1 }) })),
  ]);
  admin = await signIn(t.http, 'admin@demo.gov.sg');
});

after(async () => {
  await target.close();
  await t?.close();
});

test('the adaptor connection test refuses loopback in every spelling and never calls it', async () => {
  const port = target.port;
  const created = await call(t.http, 'POST', '/api/v1/admin/adaptors', { token: admin, json: { type: 'TELEGRAM', name: 'Loopback', webhookUrl: `${target.url}/hook` } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.data.id as string;
  for (const url of [`${target.url}/hook`, `https://[::ffff:127.0.0.1]:${port}/hook`, `https://0x7f.1:${port}/hook`, `https://2130706433:${port}/hook`, `https://localhost:${port}/hook`, `https://[::1]:${port}/hook`, 'https://169.254.169.254/latest/meta-data/']) {
    const patched = await call(t.http, 'PATCH', `/api/v1/admin/adaptors/${id}`, { token: admin, json: { webhookUrl: url } });
    assert.equal(patched.status, 200, `${url}: ${JSON.stringify(patched.body)}`);
    const tested = await call(t.http, 'POST', `/api/v1/admin/adaptors/${id}/test`, { token: admin });
    assert.equal(tested.status, 200, url);
    assert.deepEqual({ ok: tested.body.data.ok, status: tested.body.data.status, error: tested.body.data.error }, { ok: false, status: null, error: OutboundMessages['refused-address'] }, url);
  }
  assert.deepEqual(target.received, []);
});

test('external engine handlers on loopback are refused: the turn fails, the handlers are never called', async () => {
  const base = '/api/v1/admin/dialog-engine/apps';
  const plainHttp = await call(t.http, 'PUT', `${base}/demo-plus/draft`, { token: admin, json: { engine: 'CIVIC_X', qnaHandler: `http://127.0.0.1:${target.port}/qna`, dialogHandler: `http://127.0.0.1:${target.port}/dialog` } });
  assert.equal(plainHttp.status, 422, 'plain http is refused, loopback included');
  const saved = await call(t.http, 'PUT', `${base}/demo-plus/draft`, { token: admin, json: { engine: 'CIVIC_X', qnaHandler: `${target.url}/qna`, dialogHandler: `https://[::ffff:7f00:1]:${target.port}/dialog` } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const tested = await call(t.http, 'POST', `${base}/demo-plus/draft/test`, { token: admin, json: { text: 'anything' } });
  assert.equal(tested.status, 502);
  assert.equal(tested.body.message, EngineMessages.externalFailed);
  assert.deepEqual(target.received, []);
});
