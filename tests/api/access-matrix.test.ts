import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Method } from 'got';
import { appMembers, users } from '@civic/core/server/db/schema';
import { call } from './support/api-call';
import { OTHER_APP_ID, OUTSIDER_EMAIL } from './support/fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The authorization matrix: every API route × every kind of caller × an app the caller holds a
 * role on ("own": demo-enterprise) and one they do not ("other": test-other). A new route fails
 * the coverage test until it has a row here.
 */
type Caller = 'platformAdmin' | 'appAdmin' | 'editor' | 'viewer' | 'outsider' | 'anonymous';
const CALLERS: Record<Exclude<Caller, 'anonymous'>, string> = {
  platformAdmin: 'admin@demo.gov.sg',
  appAdmin: 'appadmin@demo.gov.sg',
  editor: 'editor@demo.gov.sg',
  viewer: 'viewer@demo.gov.sg',
  outsider: OUTSIDER_EMAIL,
};
const OWN_APP = 'demo-enterprise';

type Expect = Record<Caller, number>;
interface Row {
  method: Method;
  url: string;
  /** For app routes: expected status on the own app and on the other app. */
  own: Expect;
  other?: Expect;
  json?: unknown;
  /** The URL to call when the pattern has parameters other than :appId. */
  call?: string;
}

const all = (status: number, anonymous = 401): Expect => ({ platformAdmin: status, appAdmin: status, editor: status, viewer: status, outsider: status, anonymous });
// The outsider's own app is test-other; for them "own" and "other" swap.
const readApp: Pick<Row, 'own' | 'other'> = {
  own: { platformAdmin: 200, appAdmin: 200, editor: 200, viewer: 200, outsider: 404, anonymous: 401 },
  other: { platformAdmin: 200, appAdmin: 404, editor: 404, viewer: 404, outsider: 200, anonymous: 401 },
};
const editApp: Pick<Row, 'own' | 'other'> = {
  own: { platformAdmin: 200, appAdmin: 200, editor: 200, viewer: 403, outsider: 404, anonymous: 401 },
  other: { platformAdmin: 200, appAdmin: 404, editor: 404, viewer: 404, outsider: 200, anonymous: 401 },
};

const NO_USER = '00000000-0000-4000-8000-000000000000';

const MATRIX: Row[] = [
  { method: 'GET', url: '/api/v1/console-config', own: all(200, 200) },
  { method: 'GET', url: '/api/v1/auth/config', own: all(200, 200) },
  { method: 'GET', url: '/api/v1/feature-flags/frontend', own: all(200, 200) },
  { method: 'POST', url: '/api/v1/auth/login', own: all(422, 422), json: {} },
  { method: 'GET', url: '/api/v1/auth/me', own: all(200) },
  { method: 'GET', url: '/api/v1/openapi.json', own: all(200) },
  { method: 'POST', url: '/api/v1/auth/extend-session', own: all(200) },
  { method: 'GET', url: '/api/v1/apps', own: all(200) },
  { method: 'GET', url: '/api/v1/subscription-tier-limit', own: all(200) },
  { method: 'GET', url: '/api/v1/admin/apps', own: { ...all(403), platformAdmin: 200 } },
  { method: 'GET', url: '/api/v1/apps/:appId/settings', ...readApp },
  { method: 'PATCH', url: '/api/v1/apps/:appId/settings', ...editApp, json: { mlConfidenceThreshold: 0.7 } },
  { method: 'GET', url: '/api/v1/apps/:appId/workspace', ...readApp },
  { method: 'GET', url: '/api/v1/auth/captcha', own: all(200, 200) },
  // The OTP step takes only an OTP-step token: an access token is refused like no token.
  { method: 'POST', url: '/api/v1/auth/otp/verify', own: all(401, 401), json: { otp: '123456' } },
  { method: 'POST', url: '/api/v1/auth/otp/resend', own: all(401, 401) },
  { method: 'POST', url: '/api/v1/auth/totp/enrol', own: all(200) },
  { method: 'POST', url: '/api/v1/auth/totp/confirm', own: all(422), json: { code: '000000' } },
  { method: 'DELETE', url: '/api/v1/auth/totp', own: all(422), json: { password: 'not-the-password' } },
  { method: 'POST', url: '/api/v1/auth/signup', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/activate', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/activation/resend', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/forgot-password', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/reset-password', own: all(422, 422), json: {} },
  { method: 'POST', url: '/api/v1/auth/change-password', own: all(422), json: {} },
  { method: 'GET', url: '/api/v1/admin/users', own: { ...all(403), platformAdmin: 200 } },
  { method: 'POST', url: '/api/v1/admin/users', own: { ...all(403), platformAdmin: 422 }, json: {} },
  { method: 'PATCH', url: '/api/v1/admin/users/:userId', call: `/api/v1/admin/users/${NO_USER}`, own: { ...all(403), platformAdmin: 404 }, json: {} },
  { method: 'POST', url: '/api/v1/admin/users/:userId/reset-password', call: `/api/v1/admin/users/${NO_USER}/reset-password`, own: { ...all(403), platformAdmin: 404 } },
  { method: 'PUT', url: '/api/v1/admin/users/:userId/roles', call: `/api/v1/admin/users/${NO_USER}/roles`, own: { ...all(403), platformAdmin: 404 }, json: { roles: {} } },
  // Logout revokes the session, so it runs last, once per caller.
  { method: 'POST', url: '/api/v1/auth/logout', own: all(200) },
];

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
  assert.equal((await patch()).status, 200);
  await t.server.db.db.delete(appMembers).where(membership);
  assert.equal((await patch()).status, 404);
});
