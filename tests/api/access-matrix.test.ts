import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { appMembers, users } from './support/tables';
import { SESSION_CACHE_MS } from '@civic/core/server/auth/session-cache';
import { call } from './support/api-call';
import type { Caller, Expect, MatrixRow } from './support/matrix';
import { OTHER_APP_ID, OUTSIDER_EMAIL } from './support/fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The authorization matrix: every API route × every kind of caller × an app the caller holds a
 * role on ("own": demo-enterprise) and one they do not ("other": test-other). A plugin's rows live in
 * plugins/<id>/tests/matrix.ts (core's, and plugins' not moved yet, in tests/api/matrix/<plugin>.ts);
 * a new route fails the coverage test until it has a row.
 */
const CALLERS: Record<Exclude<Caller, 'anonymous'>, string> = {
  platformAdmin: 'admin@demo.gov.sg',
  appAdmin: 'appadmin@demo.gov.sg',
  editor: 'editor@demo.gov.sg',
  viewer: 'viewer@demo.gov.sg',
  outsider: OUTSIDER_EMAIL,
};
const OWN_APP = 'demo-enterprise';

/**
 * Every row file: tests/api/matrix/*.ts (`core.ts` for core), then the tests/matrix.ts of each plugin
 * the server runs (the default profile's: a plugin not enabled there has no routes to check), `last`
 * rows at the end.
 */
const MATRIX_DIR = join(import.meta.dirname, 'matrix');
const PLUGINS_DIR = join(import.meta.dirname, '../../plugins');
const PROFILE = JSON.parse(readFileSync(join(import.meta.dirname, '../../config/profiles/default.json'), 'utf8')) as { plugins: string[] };
const rowFiles = [
  ...readdirSync(MATRIX_DIR).filter((name) => name.endsWith('.ts')).sort().map((name) => join(MATRIX_DIR, name)),
  ...[...PROFILE.plugins].sort().map((id) => join(PLUGINS_DIR, id, 'tests', 'matrix.ts')).filter((file) => existsSync(file)),
];
const loaded: MatrixRow[] = [];
for (const file of rowFiles) {
  const module = (await import(file)) as { rows: MatrixRow[] };
  loaded.push(...module.rows);
}
const MATRIX = [...loaded.filter((row) => !row.last), ...loaded.filter((row) => row.last)];

let t: TestServer;
const tokens: Partial<Record<Caller, string>> = {};

before(async () => {
  t = await startTestServer();
  for (const [caller, email] of Object.entries(CALLERS)) tokens[caller as Caller] = await signIn(t.http, email);
});

after(async () => {
  await t?.close();
});

test('every mounted route has a row in the matrix', () => {
  const covered = new Set(MATRIX.map((row) => `${row.method} ${row.url}`));
  const missing = t.server.routes.map((route) => `${route.method} ${route.url}`).filter((key) => !covered.has(key));
  assert.deepEqual(missing, []);
});

test('every row names a mounted route, once', () => {
  const mounted = new Set(t.server.routes.map((route) => `${route.method} ${route.url}`));
  const keys = MATRIX.map((row) => `${row.method} ${row.url}`);
  assert.deepEqual(keys.filter((key) => !mounted.has(key)), [], 'rows for routes that are not mounted');
  assert.deepEqual(keys.filter((key, index) => keys.indexOf(key) !== index), [], 'rows listed twice');
});

for (const row of MATRIX) {
  test(`${row.method} ${row.url}`, async () => {
    const targets: Array<['own' | 'other', string, Expect]> = row.url.includes(':appId')
      ? [['own', OWN_APP, row.own], ['other', OTHER_APP_ID, row.other ?? row.own]]
      : [['own', '', row.own]];
    const failures: string[] = [];
    for (const [which, appId, expected] of targets) {
      for (const caller of Object.keys(expected) as Caller[]) {
        const url = (row.call ?? row.url).replace(':appId', appId);
        const response = await call(t.http, row.method, url, { token: tokens[caller], json: row.json });
        if (response.status !== expected[caller]) failures.push(`${caller} on ${which} app: ${response.status}, expected ${expected[caller]}`);
        if (response.status === 403 || response.status === 404 || response.status === 401) {
          assert.deepEqual(Object.keys(response.body), ['message'], `${caller} ${url}: an error body carries only a message`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });
}

test('an unknown app is 404 for everyone signed in, whatever their rank', async () => {
  for (const caller of Object.keys(CALLERS) as Caller[]) {
    const token = await signIn(t.http, CALLERS[caller as Exclude<Caller, 'anonymous'>]);
    for (const url of ['/api/v1/apps/no-such-app/settings', '/api/v1/apps/no-such-app/workspace']) {
      assert.equal((await call(t.http, 'GET', url, { token })).status, 404, `${caller} ${url}`);
    }
  }
});

test('a role change applies on the next request, without signing in again', async () => {
  const token = await signIn(t.http, CALLERS.viewer);
  const patch = () => call(t.http, 'PATCH', `/api/v1/apps/${OWN_APP}/settings`, { token, json: { mlConfidenceThreshold: 0.7 } });
  assert.equal((await patch()).status, 403);
  const [viewer] = await t.server.db.db.select({ id: users.id }).from(users).where(eq(users.email, CALLERS.viewer));
  const membership = and(eq(appMembers.userId, viewer.id), eq(appMembers.appId, OWN_APP));
  await t.server.db.db.update(appMembers).set({ role: '1' }).where(membership);
  // Written behind the server's back, as another server process would: it applies within the session cache's bound.
  t.clock.advance(SESSION_CACHE_MS);
  assert.equal((await patch()).status, 200);
  await t.server.db.db.delete(appMembers).where(membership);
  t.clock.advance(SESSION_CACHE_MS);
  assert.equal((await patch()).status, 404);
});
