import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { Messages } from '@civic/core/common/messages';
import { hashPassword } from '@civic/core/server/auth/password-hasher';
import { users } from './support/tables';
import { call } from './support/api-call';
import { TEST_PASSWORD } from './support/fixtures';
import { claimsOf, linkTokenOf } from './support/identity';
import { postLogin, signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const NEW_PASSWORD = 'Brand-New-Password-7';
let t: TestServer;

before(async () => {
  t = await startTestServer({ smtp: true });
});

after(async () => {
  await t?.close();
});

const forgot = (email: string, headers?: Record<string, string>) => call(t.http, 'POST', '/api/v1/auth/forgot-password', { json: { email }, headers });
const reset = (token: string, password = NEW_PASSWORD) => call(t.http, 'POST', '/api/v1/auth/reset-password', { json: { token, password, confirmPassword: password } });

async function resetLinkFor(email: string, headers?: Record<string, string>): Promise<{ url: URL; token: string }> {
  const before = t.smtp!.mails.length;
  assert.equal((await forgot(email, headers)).status, 200);
  return linkTokenOf((await t.smtp!.waitFor(email, /Reset your/, before)).text);
}

describe('forgot and reset password', () => {
  test('a reset link refuses the current password, like the settings change does, and stays usable (issue 21)', async () => {
    const email = 'admin@demo.gov.sg';
    const { token } = await resetLinkFor(email);
    const same = await reset(token, TEST_PASSWORD);
    assert.equal(same.status, 422, JSON.stringify(same.body));
    assert.deepEqual(same.body.fields?.password, [Messages.passwordSameAsOld]);
    // Refused, not spent: the same link takes a new password.
    assert.equal((await reset(token)).status, 200);
    assert.equal((await postLogin(t.http, email, NEW_PASSWORD)).status, 200);
  });

  test('the same body for a known and an unknown email, in similar time', async () => {
    const started = Date.now();
    const known = await forgot('viewer@demo.gov.sg');
    const knownMs = Date.now() - started;
    const unknownStart = Date.now();
    const unknown = await forgot('nobody@demo.gov.sg');
    const unknownMs = Date.now() - unknownStart;
    assert.deepEqual([known.status, known.body], [unknown.status, unknown.body]);
    assert.equal(known.body.data.message, Messages.forgotPasswordSent);
    // Mail goes out in the background: the known email must not take visibly longer.
    assert.ok(Math.abs(knownMs - unknownMs) < 400, `known ${knownMs} ms, unknown ${unknownMs} ms`);
  });

  test('the link comes from CIVIC_PUBLIC_URL, never the Host header; it resets once, ends every session', async () => {
    const email = 'editor@demo.gov.sg';
    const oldToken = await signIn(t.http, email);
    const { url, token } = await resetLinkFor(email, { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' });
    assert.equal(url.origin, 'https://console.example.gov.sg');
    assert.equal(url.pathname, '/reset-password');
    assert.equal(claimsOf(token).typ, 'reset');
    // A reset token is no access token.
    assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token })).status, 401);

    const done = await reset(token);
    assert.equal(done.status, 200);
    assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: oldToken })).status, 401, 'sessions end with a reset');
    const used = await reset(token, 'Another-Password-8');
    assert.equal(used.status, 401);
    assert.equal(used.body.message, Messages.resetLinkExpired);
    assert.equal((await postLogin(t.http, email, NEW_PASSWORD)).status, 200);
    assert.equal((await postLogin(t.http, email, TEST_PASSWORD)).status, 401);
  });

  test('a link expires after 30 minutes; a newer link voids older ones', async () => {
    const email = 'appadmin@demo.gov.sg';
    const first = await resetLinkFor(email);
    const second = await resetLinkFor(email);
    assert.equal((await reset(first.token)).status, 401, 'superseded');
    t.clock.advance(31 * 60_000);
    const expired = await reset(second.token);
    t.clock.reset();
    assert.equal(expired.status, 401);
    assert.equal(expired.body.message, Messages.resetLinkExpired);
  });

  test('an activation or access token is refused as a reset token', async () => {
    const access = await signIn(t.http, 'viewer@demo.gov.sg');
    assert.equal((await reset(access)).status, 401);
    const inactive = await postLogin(t.http, 'inactive@demo.gov.sg');
    assert.equal((await reset(inactive.body.detail.token)).status, 401);
  });
});

describe('change password (signed in) and the must-change guard', () => {
  test('old password checked, new one must differ, answer carries a fresh token', async () => {
    const email = 'viewer@demo.gov.sg';
    const token = await signIn(t.http, email);
    const change = (body: Record<string, string>) => call(t.http, 'POST', '/api/v1/auth/change-password', { token, json: body });
    const wrongOld = await change({ oldPassword: 'Not-My-Password-1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    assert.equal(wrongOld.status, 422);
    assert.equal(wrongOld.body.message, Messages.oldPasswordWrong);
    const same = await change({ oldPassword: TEST_PASSWORD, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    assert.equal(same.status, 422);
    assert.ok(same.body.info.includes(Messages.passwordSameAsOld));
    const other = await signIn(t.http, email);
    const ok = await change({ oldPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    assert.equal(ok.status, 200);
    assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: ok.body.data.token })).status, 200);
    assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: other })).status, 401, 'other sessions end');
  });

  test('hasResetPassword false: only me, logout, extend-session and change-password until it is changed', async () => {
    const email = 'outsider@demo.gov.sg';
    await t.server.db.db.update(users).set({ hasResetPassword: false, passwordHash: await hashPassword(TEST_PASSWORD) }).where(eq(users.email, email));
    const login = await postLogin(t.http, email);
    assert.equal(login.body.data.user.hasResetPassword, false);
    const token = login.body.data.token as string;
    assert.equal((await call(t.http, 'GET', '/api/v1/apps', { token })).status, 403);
    assert.equal((await call(t.http, 'GET', '/api/v1/apps', { token })).body.message, Messages.passwordChangeRequired);
    assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token })).status, 200);
    const changed = await call(t.http, 'POST', '/api/v1/auth/change-password', { token, json: { oldPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.user.hasResetPassword, true);
    assert.equal((await call(t.http, 'GET', '/api/v1/apps', { token: changed.body.data.token })).status, 200);
  });
});
