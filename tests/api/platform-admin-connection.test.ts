/** The adaptor connection test on its own: a loopback HTTPS webhook, reached through the allow-list. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createOutboundClient, OutboundMessages } from '@civic/sdk/server';
import { startTestHttpsServer, type TestHttpsServer } from '@civic/sdk/testing/server';
import { testConnection } from '../../plugins/platform-admin/server/connection-test';

let webhook: TestHttpsServer;
const timers = new Set<NodeJS.Timeout>();
const client = createOutboundClient({ hosts: [], networks: ['127.0.0.1'] });

before(async () => {
  webhook = await startTestHttpsServer(({ path }) => (path === '/moved' ? { status: 302, headers: { location: '/ok' } } : { status: 200, body: 'ok' }));
});

after(async () => {
  for (const timer of timers) clearTimeout(timer);
  await webhook.close();
});

test('a 2xx answer is ok, with its status and latency', async () => {
  const result = await testConnection(client, `${webhook.url}/ok`, { ping: true });
  assert.deepEqual({ ok: result.ok, status: result.status, error: result.error }, { ok: true, status: 200, error: null });
  assert.ok(result.latencyMs >= 0 && result.latencyMs < 2_000);
  const { method, path, body } = webhook.received.at(-1) ?? {};
  assert.deepEqual({ method, path, body }, { method: 'POST', path: '/ok', body: '{"ping":true}' });
});

test('redirects are not followed: reported as the status they are', async () => {
  const result = await testConnection(client, `${webhook.url}/moved`, {});
  assert.deepEqual({ ok: result.ok, status: result.status, error: result.error }, { ok: false, status: 302, error: 'The webhook answered 302' });
});

test('a loopback webhook the allow-list does not name is refused, and never called', async () => {
  const calls = webhook.received.length;
  const result = await testConnection(createOutboundClient({ hosts: [], networks: [] }), `${webhook.url}/ok`, {});
  assert.deepEqual({ ok: result.ok, status: result.status, error: result.error }, { ok: false, status: null, error: OutboundMessages['refused-address'] });
  assert.equal(webhook.received.length, calls);
});

test('an unknown host is an outcome, not an exception', async () => {
  const result = await testConnection(client, 'https://no-such-host.invalid/hook', {}, 2_000);
  assert.equal(result.ok, false);
  assert.equal(result.status, null);
  assert.equal(result.error, OutboundMessages['host-not-found']);
});
