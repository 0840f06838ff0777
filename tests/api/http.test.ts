import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { Messages } from '@civic/core/common/messages';
import { anyone } from '@civic/core/common/access';
import type { ServerPlugin } from '@civic/core/server/plugins/server-module';
import { defineServerModule } from '@civic/sdk/server';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/** A plugin with a route that fails in an unexpected way; optionally behind a feature flag. */
function testPlugin(id: string, featureFlag?: string): ServerPlugin {
  return {
    manifest: { id, canAccess: anyone, featureFlag, server: true },
    module: defineServerModule({
      pluginId: id,
      register(api) {
        api.routes.add({
          method: 'GET',
          url: `/api/v1/${id}/boom`,
          auth: 'public',
          access: anyone,
          handler: () => {
            throw new Error('database password is hunter2');
          },
        });
      },
    }),
  };
}

let t: TestServer;
let token: string;
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-web-'));

before(async () => {
  // A stand-in for the built console: index.html and one hashed asset.
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Civic Console</title><script type="module" src="/assets/index-abc123.js"></script>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log("civic")');
  // A plugin's own page document (the web chat's sharing page is one).
  fs.mkdirSync(path.join(webRoot, 'pages'));
  fs.writeFileSync(path.join(webRoot, 'pages', 'sharing.html'), '<!doctype html><title>Chat</title>');
  t = await startTestServer({ webRoot, extraPlugins: [testPlugin('test-tools'), testPlugin('test-flagged', 'no-such-flag')] });
  token = await signIn(t.http, 'editor@demo.gov.sg');
});

after(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('infrastructure endpoints', () => {
  test('/version.json reads the one version file', async () => {
    const response = await call(t.http, 'GET', '/version.json');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { version: '1.41.3' });
  });

  test('/healthz and /readyz', async () => {
    assert.deepEqual((await call(t.http, 'GET', '/healthz')).body, { status: 'ok' });
    const ready = await call(t.http, 'GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ready' });
  });
});

describe('database outages', () => {
  test('PostgreSQL dropping every connection does not crash the server; it recovers', async (ctx) => {
    if (t.server.db.kind !== 'postgres') return ctx.skip('PostgreSQL only');
    const url = (t.config.database as { url: string }).url;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // What a PostgreSQL restart does to the pool's connections.
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await call(t.http, 'GET', '/readyz')).status, 200);
    assert.equal((await call(t.http, 'GET', '/api/v1/apps', { token })).status, 200);
  });
});

describe('errors', () => {
  test('an unknown API route is a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await call(t.http, method, '/api/v1/no-such-thing', { token });
      assert.equal(response.status, 404);
      assert.deepEqual(response.body, { message: Messages.notFound });
    }
  });

  test('malformed JSON is a 400 with a clear message, never a 500', async () => {
    for (const body of ['{bad', '{"mlConfidenceThreshold": 0.7', '{"__proto__": {"x": 1}}']) {
      const response = await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token, body });
      assert.equal(response.status, 400, body);
      assert.deepEqual(response.body, { message: Messages.invalidJson }, body);
    }
  });

  test('a body that is not an object is a 422', async () => {
    for (const body of ['[1,2]', '"text"', '42']) {
      const response = await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token, body });
      assert.equal(response.status, 422, body);
    }
  });

  test('a bad body is a 422 with every message in info, the first as message', async () => {
    const response = await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token, json: { mlConfidenceThreshold: 'high', extra: true } });
    assert.equal(response.status, 422);
    assert.equal(response.body.message, response.body.info[0]);
    assert.ok(response.body.info.includes(Messages.thresholdRange));
    assert.ok(response.body.info.includes('extra is not an accepted field'));
    assert.deepEqual(Object.keys(response.body.fields).sort(), ['extra', 'mlConfidenceThreshold']);
  });

  test('an unexpected error is a 500 with a correlation id and nothing else', async () => {
    const response = await call(t.http, 'GET', '/api/v1/test-tools/boom');
    assert.equal(response.status, 500);
    assert.deepEqual(Object.keys(response.body).sort(), ['correlationId', 'message']);
    assert.equal(response.body.message, Messages.genericServerError);
    assert.match(response.body.correlationId, /^[0-9a-f-]{36}$/);
    assert.doesNotMatch(JSON.stringify(response.body), /hunter2|Error|at /);
  });

  test("a plugin whose feature flag is off does not exist: 404", async () => {
    const response = await call(t.http, 'GET', '/api/v1/test-flagged/boom');
    assert.equal(response.status, 404);
    assert.deepEqual(response.body, { message: Messages.notFound });
  });

  test('a body over the limit is a 413', async () => {
    const response = await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token, body: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) });
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, { message: Messages.payloadTooLarge });
  });

  test('a body that is not JSON is a 415', async () => {
    const response = await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token, body: 'mlConfidenceThreshold=0.7', headers: { 'content-type': 'text/plain' } });
    assert.equal(response.status, 415);
  });
});

describe('headers', () => {
  test('security headers on API answers, pages and errors; no-store on the API', async () => {
    for (const [path, accept] of [['/api/v1/apps', 'application/json'], ['/api/v1/nope', 'application/json'], ['/dashboard', 'text/html']]) {
      const response = await call(t.http, 'GET', path, { token, headers: { accept } });
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/, path);
      assert.match(csp, /script-src 'self'(;|$)/, path);
      assert.match(csp, /frame-ancestors 'none'/, path);
      assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/, path);
      assert.match(String(response.headers['strict-transport-security']), /max-age=\d+/, path);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(response.headers['referrer-policy'], 'no-referrer', path);
      if (path.startsWith('/api/')) assert.equal(response.headers['cache-control'], 'no-store', path);
    }
  });

  test('no stack, no framework banner', async () => {
    const response = await call(t.http, 'GET', '/api/v1/apps', { token });
    assert.equal(response.headers['x-powered-by'], undefined);
    assert.equal(response.headers.server, undefined);
  });
});

describe('the built console', () => {
  test('client routes get index.html (SPA fallback), revalidated', async () => {
    for (const route of ['/', '/dashboard', '/app-settings/general/demo-plus']) {
      const response = await call(t.http, 'GET', route, { headers: { accept: 'text/html,application/xhtml+xml' } });
      assert.equal(response.status, 200, route);
      assert.match(String(response.body), /<title>Civic Console<\/title>/, route);
      assert.equal(response.headers['cache-control'], 'no-cache', route);
    }
  });

  test("a path whose first segment has a page document gets that document, not the console's", async () => {
    for (const route of ['/sharing/demo-plus', '/sharing/demo-plus?lang=en']) {
      const response = await call(t.http, 'GET', route, { headers: { accept: 'text/html' } });
      assert.equal(response.status, 200, route);
      assert.match(String(response.body), /<title>Chat<\/title>/, route);
      assert.equal(response.headers['cache-control'], 'no-cache', route);
    }
    // Only the first segment counts: a deeper "sharing" is a console route like any other.
    const other = await call(t.http, 'GET', '/app-settings/sharing', { headers: { accept: 'text/html' } });
    assert.match(String(other.body), /<title>Civic Console<\/title>/);
  });

  test('hashed assets are cached for a year; missing ones are 404, not index.html', async () => {
    const asset = await call(t.http, 'GET', '/assets/index-abc123.js');
    assert.equal(asset.status, 200);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await call(t.http, 'GET', '/assets/missing-123.js', { headers: { accept: 'text/html' } })).status, 404);
  });

  test('without a build, pages say how to build it', async () => {
    const bare = await startTestServer();
    try {
      const response = await call(bare.http, 'GET', '/dashboard', { headers: { accept: 'text/html' } });
      assert.equal(response.status, 503);
      assert.match(String(response.body), /npm run build/);
      assert.equal((await call(bare.http, 'GET', '/api/v1/console-config')).status, 200);
    } finally {
      await bare.close();
    }
  });
});
