/** The adaptor connection test on its own (a plain http server on loopback; the https rule is the DTO's). */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { testConnection } from '../../plugins/platform-admin/server/connection-test';

let server: Server;
let base: string;
const timers = new Set<NodeJS.Timeout>();

before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/slow') {
      timers.add(setTimeout(() => res.end('late'), 2_000));
      return;
    }
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/ok' }).end();
      return;
    }
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  for (const timer of timers) clearTimeout(timer);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a 2xx answer is ok, with its status and latency', async () => {
  const result = await testConnection(`${base}/ok`, { ping: true });
  assert.deepEqual({ ok: result.ok, status: result.status, error: result.error }, { ok: true, status: 200, error: null });
  assert.ok(result.latencyMs >= 0 && result.latencyMs < 2_000);
});

test('a slow webhook is cut off at the timeout and reported', async () => {
  const started = Date.now();
  const result = await testConnection(`${base}/slow`, {}, 200);
  assert.equal(result.ok, false);
  assert.equal(result.status, null);
  assert.equal(result.error, 'No answer within 0.2 s');
  assert.ok(Date.now() - started < 1_500, 'did not wait for the answer');
});

test('redirects are not followed: reported as the status they are', async () => {
  const result = await testConnection(`${base}/moved`, {});
  assert.deepEqual({ ok: result.ok, status: result.status, error: result.error }, { ok: false, status: 302, error: 'The webhook answered 302' });
});

test('an unknown host is an outcome, not an exception', async () => {
  const result = await testConnection('https://no-such-host.invalid/hook', {}, 2_000);
  assert.equal(result.ok, false);
  assert.equal(result.status, null);
  assert.ok(result.error);
});
