import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { anyone } from '@civic/core/common/access';
import type { ServerPlugin } from '@civic/core/server/plugins/server-module';
import { defineServerModule } from '@civic/sdk/server';
import { call } from './support/api-call';
import { startTestServer, type TestServer } from './support/test-server';

/** Routes marked cors (embed scripts on agency sites) and the embed scripts themselves. */
const plugin: ServerPlugin = {
  manifest: { id: 'test-embed', canAccess: anyone, server: true },
  module: defineServerModule({
    pluginId: 'test-embed',
    register(api) {
      api.routes.add({
        method: 'POST',
        url: '/api/v1/test-embed/:appId/echo',
        auth: 'public',
        app: 'appId',
        access: anyone,
        cors: true,
        audit: { action: 'test-embed.echo' },
        handler: (ctx) => ({ origin: ctx.origin ?? null }),
      });
    },
  }),
};

let t: TestServer;
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-web-'));

before(async () => {
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Civic Console</title>');
  fs.mkdirSync(path.join(webRoot, 'widget'));
  fs.writeFileSync(path.join(webRoot, 'widget', 'embed.js'), 'console.log("embed")');
  fs.writeFileSync(path.join(webRoot, 'widget', 'other.js'), 'console.log("other")');
  t = await startTestServer({ webRoot, extraPlugins: [plugin] });
});

after(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

// demo-plus allows the government domains of the default profile (gov.sg among them).
test('a cors POST route answers the preflight and names the caller origin on its answer', async () => {
  const preflight = await call(t.http, 'OPTIONS', '/api/v1/test-embed/demo-plus/echo', {
    headers: { origin: 'https://www.agency.gov.sg', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], 'https://www.agency.gov.sg');
  assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
  assert.match(String(preflight.headers['access-control-allow-headers']), /content-type/);

  const answer = await call(t.http, 'POST', '/api/v1/test-embed/demo-plus/echo', { json: {}, headers: { origin: 'https://www.agency.gov.sg' } });
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body.data, { origin: 'https://www.agency.gov.sg' });
  assert.equal(answer.headers['access-control-allow-origin'], 'https://www.agency.gov.sg');
});

test('the preflight says yes only to pages the app allows (and the console); others get a 403 without CORS headers', async () => {
  const ask = (appId: string, origin: string) =>
    call(t.http, 'OPTIONS', `/api/v1/test-embed/${appId}/echo`, { headers: { origin, 'access-control-request-method': 'POST' } });
  for (const [appId, origin] of [
    ['demo-plus', 'https://evil.example.com'],
    ['demo-plus', 'http://www.agency.gov.sg'],
    ['no-such-app', 'https://www.agency.gov.sg'],
    ['demo%00plus', 'https://www.agency.gov.sg'],
  ]) {
    const refused = await ask(appId, origin);
    assert.equal(refused.status, 403, `${appId} ${origin}`);
    assert.equal(refused.headers['access-control-allow-origin'], undefined);
    assert.equal(refused.headers['access-control-allow-methods'], undefined);
  }
  const own = await ask('no-such-app', 'https://console.example.gov.sg');
  assert.equal(own.status, 204);
  assert.equal(own.headers['access-control-allow-origin'], 'https://console.example.gov.sg');
});

test('other API routes get no CORS headers and no preflight', async () => {
  const res = await call(t.http, 'GET', '/api/v1/console-config', { headers: { origin: 'https://www.agency.gov.sg' } });
  assert.equal(res.headers['access-control-allow-origin'], undefined);
  assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin');
  const preflight = await call(t.http, 'OPTIONS', '/api/v1/console-config', { headers: { origin: 'https://www.agency.gov.sg' } });
  assert.notEqual(preflight.status, 204);
});

test('embed scripts may be loaded by other sites; other static files stay same-origin', async () => {
  const embed = await call(t.http, 'GET', '/widget/embed.js');
  assert.equal(embed.status, 200);
  assert.equal(embed.headers['cross-origin-resource-policy'], 'cross-origin');
  const other = await call(t.http, 'GET', '/widget/other.js');
  assert.equal(other.headers['cross-origin-resource-policy'], 'same-origin');
});
