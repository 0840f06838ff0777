import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderApiReference } from './support/api-reference';
import { startTestServer, type TestServer } from './support/test-server';

/** docs/api.md is the mounted routes, rendered; `npm run docs:api` rewrites it after a change. */
const DOC = join(import.meta.dirname, '../../docs/api.md');
let t: TestServer;

before(async () => {
  t = await startTestServer();
});

after(async () => {
  await t?.close();
});

test('docs/api.md lists exactly the routes the server mounts', () => {
  const rendered = renderApiReference(t.server.routes);
  if (process.env.UPDATE_API_DOCS === '1') writeFileSync(DOC, rendered);
  assert.equal(readFileSync(DOC, 'utf8'), rendered, 'docs/api.md is stale: run npm run docs:api');
});

test('every route says in one line what it does', () => {
  const silent = t.server.routes.filter((route) => !route.description).map((route) => `${route.method} ${route.url}`);
  assert.deepEqual(silent, []);
});

test('every route is guarded by a named permission, listed in the reference', () => {
  const anonymous = t.server.routes.filter((route) => !route.permission).map((route) => `${route.method} ${route.url}`);
  assert.deepEqual(anonymous, []);
});
