import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { Messages } from '@civic/core/common/messages';
import { users } from './support/tables';
import { SESSION_CACHE_MS } from '@civic/core/server/auth/session-cache';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const MINUTE = 60_000;
let t: TestServer;

before(async () => {
  t = await startTestServer();
});

after(async () => {
  await t?.close();
});

afterEach(() => t.clock.reset());

const login = () => signIn(t.http, 'editor@demo.gov.sg', undefined, t.clock.unixSeconds());
const apps = (token: string) => call(t.http, 'GET', '/api/v1/apps', { token });

test('activity keeps the session alive; 30 idle minutes end it', async () => {
  const token = await login();
  t.clock.advance(29 * MINUTE);
  assert.equal((await apps(token)).status, 200);
  t.clock.advance(29 * MINUTE);
  assert.equal((await apps(token)).status, 200, 'idle time counts from the last request');
  t.clock.advance(30 * MINUTE);
  const expired = await apps(token);
  assert.equal(expired.status, 401);
  assert.deepEqual(expired.body, { message: Messages.sessionExpired });
});

test('a token is renewed in a response once half its life has passed', async () => {
  const token = await login();
  t.clock.advance(10 * MINUTE);
  assert.equal((await apps(token)).body.token, undefined);
  t.clock.advance(25 * MINUTE);
  const renewed = (await apps(token)).body.token;
  assert.equal(typeof renewed, 'string');
  const claims = JSON.parse(Buffer.from(renewed.split('.')[1], 'base64url').toString());
  assert.equal(claims.sid, JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid, 'same session');
  assert.equal((await apps(renewed)).status, 200);
});

test('the absolute limit (12 h) ends even an active session', async () => {
  let token = await login();
  let elapsed = 0;
  while (elapsed < 12 * 60 * MINUTE - 20 * MINUTE) {
    t.clock.advance(20 * MINUTE);
    elapsed += 20 * MINUTE;
    const response = await apps(token);
    assert.equal(response.status, 200, `still signed in after ${elapsed / MINUTE} minutes`);
    token = response.body.token ?? token;
  }
  t.clock.advance(20 * MINUTE);
  assert.equal((await apps(token)).status, 401);
});

test('a deactivated account is signed out on its next request', async () => {
  const token = await login();
  assert.equal((await apps(token)).status, 200);
  await t.server.db.db.update(users).set({ isActive: false }).where(eq(users.email, 'editor@demo.gov.sg'));
  // Written behind the server's back, as another server process would: it applies within the session cache's bound.
  t.clock.advance(SESSION_CACHE_MS);
  try {
    assert.equal((await apps(token)).status, 401);
  } finally {
    await t.server.db.db.update(users).set({ isActive: true }).where(eq(users.email, 'editor@demo.gov.sg'));
  }
});
