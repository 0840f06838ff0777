import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SignJWT, UnsecuredJWT } from 'jose';
import { Messages } from '@civic/core/common/messages';
import { call, type ApiResponse } from './support/api-call';
import { INACTIVE_EMAIL, TEST_PASSWORD } from './support/fixtures';
import { encryptPassword, fetchLoginKey, postLogin, signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;

before(async () => {
  t = await startTestServer();
  // These tests fail many sign-ins on purpose; the lock has its own file (identity-lockout).
  t.config.profile.lockout.maxFailures = 1000;
});

after(async () => {
  await t?.close();
});

/** The one answer every failed sign-in gets. */
function assertLoginFailed(response: ApiResponse, label: string): void {
  assert.equal(response.status, 401, label);
  assert.deepEqual(Object.keys(response.body).sort(), ['detail', 'message'], label);
  assert.equal(response.body.message, Messages.loginFailed, label);
  assert.equal(typeof response.body.detail.failedLoginCounter, 'number', label);
  assert.equal(response.body.detail.isLocked, false, label);
}

describe('sign-in', () => {
  test('auth config gives the 32-byte login key and the switches', async () => {
    const response = await call(t.http, 'GET', '/api/v1/auth/config');
    assert.equal(response.status, 200);
    assert.equal(Buffer.from(response.body.data.loginKey, 'base64').length, 32);
    assert.equal(response.body.data.ssoEnabled, false);
    // The harness switches both off unless a test is about them.
    assert.equal(response.body.data.twoFactor, false);
    assert.equal(response.body.data.captcha, false);
    assert.ok(response.body.data.allowedEmailDomains.includes('gov.sg'));
  });

  test('a correct password gives a token and the §3 user', async () => {
    const response = await postLogin(t.http, 'Editor@Demo.gov.sg');
    assert.equal(response.status, 200);
    const { token, user } = response.body.data;
    assert.equal(token.split('.').length, 3);
    assert.deepEqual(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()), { alg: 'RS512', typ: 'JWT' });
    assert.equal(user.email, 'editor@demo.gov.sg');
    assert.equal(user.authLevel, 2);
    assert.equal(user.agencyName, 'Demo Agency');
    assert.equal(user.permissions['demo-enterprise'], '1');
    assert.equal(user.permissions['demo-internal'], undefined);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    assert.equal(claims.iss, 'civic-console');
    assert.equal(claims.aud, 'civic-console');
    assert.equal(claims.typ, 'access');
    assert.equal(claims.sub, user.id);
    assert.equal(typeof claims.sid, 'string');
    assert.ok(claims.exp - claims.iat <= 12 * 3600);
  });

  test('every kind of rejection answers exactly like a wrong password', async () => {
    const key = await fetchLoginKey(t.http);
    const seconds = () => Math.floor(Date.now() / 1000);
    const now = seconds();
    const tampered = await encryptPassword(key, TEST_PASSWORD, now);
    const [iv, body] = tampered.split(':');
    const flipped = Buffer.from(body, 'base64');
    flipped[0] ^= 1;
    const login = (email: string, password: string) => call(t.http, 'POST', '/api/v1/auth/login', { json: { email, password } });

    const cases: Array<[string, () => Promise<ApiResponse>]> = [
      ['wrong password', () => postLogin(t.http, 'viewer@demo.gov.sg', 'Wrong-Password-1')],
      ['unknown email', () => postLogin(t.http, 'nobody@demo.gov.sg')],
      ['inactive account, wrong password', () => postLogin(t.http, INACTIVE_EMAIL, 'Wrong-Password-1')],
      ['tampered ciphertext', () => login('viewer@demo.gov.sg', `${iv}:${flipped.toString('base64')}`)],
      // Margins of 10 s beyond the 120 s window: earlier cases take time (argon2), the clock moves on.
      ['stale payload (130 s old)', () => postLogin(t.http, 'viewer@demo.gov.sg', TEST_PASSWORD, seconds() - 130)],
      ['payload from the future', () => postLogin(t.http, 'viewer@demo.gov.sg', TEST_PASSWORD, seconds() + 130)],
      ['plain-text password', () => login('viewer@demo.gov.sg', TEST_PASSWORD)],
      ['garbage field', () => login('viewer@demo.gov.sg', 'AAAA:BBBB')],
      ['another key', async () => login('viewer@demo.gov.sg', await encryptPassword(crypto.randomBytes(32).toString('base64'), TEST_PASSWORD, now))],
    ];
    for (const [label, attempt] of cases) assertLoginFailed(await attempt(), label);
  });

  test('the right password of a not yet activated account is a 403 with an activation token (§4)', async () => {
    const response = await postLogin(t.http, INACTIVE_EMAIL);
    assert.equal(response.status, 403);
    assert.equal(response.body.message, Messages.activationRequired);
    assert.equal(typeof response.body.detail.userId, 'string');
    const claims = JSON.parse(Buffer.from(response.body.detail.token.split('.')[1], 'base64url').toString());
    assert.equal(claims.typ, 'activation');
    assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: response.body.detail.token })).status, 401);
  });

  test('a replayed payload is refused, even one that succeeded', async () => {
    const key = await fetchLoginKey(t.http);
    const password = await encryptPassword(key, TEST_PASSWORD, Math.floor(Date.now() / 1000));
    const first = await call(t.http, 'POST', '/api/v1/auth/login', { json: { email: 'viewer@demo.gov.sg', password } });
    assert.equal(first.status, 200);
    const replay = await call(t.http, 'POST', '/api/v1/auth/login', { json: { email: 'viewer@demo.gov.sg', password } });
    assertLoginFailed(replay, 'replay');
  });

  test('failures are counted per email and reset by a success', async () => {
    const email = 'appadmin@demo.gov.sg';
    const first = await postLogin(t.http, email, 'Wrong-Password-1');
    const second = await postLogin(t.http, email, 'Wrong-Password-2');
    assert.equal(second.body.detail.failedLoginCounter, first.body.detail.failedLoginCounter + 1);
    await signIn(t.http, email);
    const afterSuccess = await postLogin(t.http, email, 'Wrong-Password-3');
    assert.equal(afterSuccess.body.detail.failedLoginCounter, 1);
    const unknown = await postLogin(t.http, 'ghost@demo.gov.sg');
    const unknownAgain = await postLogin(t.http, 'GHOST@demo.gov.sg');
    assert.equal(unknownAgain.body.detail.failedLoginCounter, unknown.body.detail.failedLoginCounter + 1);
  });

  test('an invalid email is a 422 with the form message', async () => {
    const response = await call(t.http, 'POST', '/api/v1/auth/login', { json: { email: 'not-an-email', password: 'x:y' } });
    assert.equal(response.status, 422);
    assert.equal(response.body.message, Messages.invalidEmail);
    assert.deepEqual(response.body.info, [Messages.invalidEmail]);
  });
});

describe('tokens', () => {
  const seconds = () => Math.floor(Date.now() / 1000);
  const me = (authorization?: string) => call(t.http, 'GET', '/api/v1/auth/me', { headers: authorization ? { authorization } : {} });
  const forged = (alg: string) =>
    new SignJWT({ typ: 'access', sid: crypto.randomUUID(), authLevel: 2, isPlatformAdmin: true })
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setSubject(crypto.randomUUID())
      .setIssuer('civic-console')
      .setAudience('civic-console')
      .setIssuedAt(seconds())
      .setExpirationTime(seconds() + 600);

  test('a missing token is 401 asking to sign in', async () => {
    const response = await me();
    assert.equal(response.status, 401);
    assert.deepEqual(response.body, { message: Messages.unauthenticated });
  });

  test('garbage, other schemes and forged tokens are 401 with nothing leaked', async () => {
    const publicPem = t.config.keys.tokenPublicKey.export({ type: 'spki', format: 'pem' }) as string;
    const foreign = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const attempts: Array<[string, string]> = [
      ['garbage', 'Bearer not.a.token'],
      ['basic scheme', `Basic ${Buffer.from('admin@demo.gov.sg:x').toString('base64')}`],
      ['alg none', `Bearer ${new UnsecuredJWT({ typ: 'access', sid: 'x', authLevel: 2 }).setSubject('x').setIssuer('civic-console').setAudience('civic-console').setIssuedAt().setExpirationTime('10m').encode()}`],
      ['HS512 with the public key as secret', `Bearer ${await forged('HS512').sign(new TextEncoder().encode(publicPem))}`],
      ['another RSA key', `Bearer ${await forged('RS512').sign(foreign.privateKey)}`],
      ['our key, but no such session', `Bearer ${await forged('RS512').sign(t.config.keys.tokenPrivateKey)}`],
    ];
    for (const [label, authorization] of attempts) {
      const response = await me(authorization);
      assert.equal(response.status, 401, label);
      assert.deepEqual(response.body, { message: Messages.sessionExpired }, label);
    }
  });

  test('me answers fresh from the database', async () => {
    const token = await signIn(t.http, 'viewer@demo.gov.sg');
    const response = await call(t.http, 'GET', '/api/v1/auth/me', { token });
    assert.equal(response.status, 200);
    assert.equal(response.body.data.email, 'viewer@demo.gov.sg');
    assert.deepEqual(response.body.data.permissions, { 'demo-enterprise': '0', 'demo-plus': '0', 'demo-starter': '0' });
    assert.equal(response.body.token, undefined, 'a fresh token is not renewed');
  });

  test('extend-session returns a fresh token that works', async () => {
    const token = await signIn(t.http, 'viewer@demo.gov.sg');
    const response = await call(t.http, 'POST', '/api/v1/auth/extend-session', { token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.data, {});
    assert.equal(typeof response.body.token, 'string');
    assert.notEqual(response.body.token, token);
    assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: response.body.token })).status, 200);
  });

  test('after logout the token (and its renewals) are refused', async () => {
    const token = await signIn(t.http, 'viewer@demo.gov.sg');
    const renewed = (await call(t.http, 'POST', '/api/v1/auth/extend-session', { token })).body.token;
    const logout = await call(t.http, 'POST', '/api/v1/auth/logout', { token, headers: { 'content-type': 'application/json' } });
    assert.equal(logout.status, 200);
    assert.equal(logout.body.token, undefined);
    for (const used of [token, renewed]) {
      const response = await call(t.http, 'GET', '/api/v1/apps', { token: used });
      assert.equal(response.status, 401);
      assert.deepEqual(response.body, { message: Messages.sessionExpired });
    }
  });
});
