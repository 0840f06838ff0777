import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import { SignJWT, UnsecuredJWT } from 'jose';
import { call } from './support/api-call';
import { INACTIVE_EMAIL } from './support/fixtures';
import { linkTokenOf, otpOf, outboxMail } from './support/identity';
import { postLogin } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
const tokens: Record<'access' | 'otpStep' | 'reset' | 'activation', string> = { access: '', otpStep: '', reset: '', activation: '' };

before(async () => {
  t = await startTestServer({ env: { CIVIC_TWO_FACTOR: 'on' } });
  const step = await postLogin(t.http, 'editor@demo.gov.sg');
  const code = otpOf((await outboxMail(t, 'editor@demo.gov.sg', /one-time password/)).body);
  tokens.access = (await call(t.http, 'POST', '/api/v1/auth/otp/verify', { token: step.body.data.token, json: { otp: code } })).body.data.token;
  tokens.otpStep = (await postLogin(t.http, 'viewer@demo.gov.sg')).body.data.token;
  await call(t.http, 'POST', '/api/v1/auth/forgot-password', { json: { email: 'appadmin@demo.gov.sg' } });
  tokens.reset = linkTokenOf((await outboxMail(t, 'appadmin@demo.gov.sg', /Reset your/)).body).token;
  tokens.activation = (await postLogin(t.http, INACTIVE_EMAIL)).body.detail.token;
});

after(async () => {
  await t?.close();
});

/** Where each kind of token is presented, and whether it is accepted there. */
const uses: Record<string, (token: string) => Promise<number>> = {
  'GET /auth/me (access)': async (token) => (await call(t.http, 'GET', '/api/v1/auth/me', { token })).status,
  'POST /auth/otp/resend (otp-step)': async (token) => (await call(t.http, 'POST', '/api/v1/auth/otp/resend', { token })).status,
  'POST /auth/reset-password (reset)': async (token) =>
    (await call(t.http, 'POST', '/api/v1/auth/reset-password', { json: { token, password: 'Some-New-Password-9', confirmPassword: 'Some-New-Password-9' } })).status,
  'POST /auth/activation/resend (activation)': async (token) => (await call(t.http, 'POST', '/api/v1/auth/activation/resend', { json: { token } })).status,
};
const owner: Record<string, keyof typeof tokens> = {
  'GET /auth/me (access)': 'access',
  'POST /auth/otp/resend (otp-step)': 'otpStep',
  'POST /auth/reset-password (reset)': 'reset',
  'POST /auth/activation/resend (activation)': 'activation',
};

test('access, OTP-step, reset and activation tokens are not interchangeable', async () => {
  const failures: string[] = [];
  for (const [use, attempt] of Object.entries(uses)) {
    for (const kind of Object.keys(tokens) as Array<keyof typeof tokens>) {
      if (kind === owner[use]) continue;
      const status = await attempt(tokens[kind]);
      if (status !== 401) failures.push(`${kind} token at ${use}: ${status}`);
    }
  }
  assert.deepEqual(failures, []);
  // Each is accepted where it belongs (last, since the reset token is single use).
  for (const [use, attempt] of Object.entries(uses)) assert.equal(await attempt(tokens[owner[use]]), 200, use);
});

test('forged OTP-step tokens (alg none, HS512 with the public key, foreign key with embedded jwk) → 401', async () => {
  const claims = { typ: 'otp-step', sid: crypto.randomUUID() };
  const base = (alg: string, extra: Record<string, unknown> = {}) =>
    new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT', ...extra }).setSubject(crypto.randomUUID()).setIssuer('civic-console').setAudience('civic-console').setIssuedAt().setExpirationTime('10m');
  const publicPem = t.config.keys.tokenPublicKey.export({ type: 'spki', format: 'pem' }) as string;
  const foreign = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = foreign.publicKey.export({ format: 'jwk' });
  const forged = [
    new UnsecuredJWT(claims).setSubject('x').setIssuer('civic-console').setAudience('civic-console').setIssuedAt().setExpirationTime('10m').encode(),
    await base('HS512').sign(new TextEncoder().encode(publicPem)),
    await base('RS512', { jwk: { kty: 'RSA', n: jwk.n, e: jwk.e }, kid: 'foreign' }).sign(foreign.privateKey),
  ];
  for (const token of forged) {
    assert.equal((await call(t.http, 'POST', '/api/v1/auth/otp/verify', { token, json: { otp: '123456' } })).status, 401);
  }
});
