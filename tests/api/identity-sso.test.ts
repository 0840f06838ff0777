import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Got } from 'got';
import { Messages } from '@civic/core/common/messages';
import { call } from './support/api-call';
import { claimsOf, otpOf, outboxMail } from './support/identity';
import { IDP_CLIENT, TestIdp } from '../support/test-idp';
import { startTestServer, type TestServer } from './support/test-server';

const PUBLIC_URL = 'https://console.example.gov.sg';
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/sso/callback`;
const idp = new TestIdp();
let otpStep: TestServer;
let mfaEnforced: TestServer;

before(async () => {
  const issuer = await idp.start(CALLBACK);
  const sso = { CIVIC_SSO_ISSUER: issuer, CIVIC_SSO_CLIENT_ID: IDP_CLIENT.id, CIVIC_SSO_CLIENT_SECRET: IDP_CLIENT.secret };
  otpStep = await startTestServer({ env: { ...sso, CIVIC_TWO_FACTOR: 'on' } });
  mfaEnforced = await startTestServer({ env: { ...sso, CIVIC_TWO_FACTOR: 'on', CIVIC_SSO_MFA_ENFORCED: 'on' } });
});

after(async () => {
  await otpStep?.close();
  await mfaEnforced?.close();
  await idp.stop();
});

/** The browser's round trip: /sso/login → IdP → /sso/callback (with the cookie) → /login?… */
async function roundTrip(t: TestServer, login: string, options: { dropCookie?: boolean } = {}): Promise<URL> {
  const http: Got = t.http.extend({ followRedirect: false });
  const start = await http('api/v1/auth/sso/login');
  assert.equal(start.statusCode, 303);
  const setCookie = String(start.headers['set-cookie']?.[0] ?? '');
  assert.match(setCookie, /^civic_sso=[^;]+; Path=\/api\/v1\/auth\/sso; HttpOnly; SameSite=Lax; Max-Age=600; Secure$/);
  const authorization = new URL(start.headers.location!);
  assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256');
  assert.ok(authorization.searchParams.get('nonce') && authorization.searchParams.get('state'));
  const callback = await idp.signIn(authorization.href, login, CALLBACK);
  const headers = options.dropCookie ? {} : { cookie: setCookie.split(';')[0] };
  const back = await http(`${callback.pathname.slice(1)}${callback.search}`, { headers });
  assert.equal(back.statusCode, 303);
  const landing = new URL(back.headers.location!);
  assert.equal(landing.origin + landing.pathname, `${PUBLIC_URL}/login`);
  assert.ok(!/eyJ/.test(landing.href), 'no token in a URL');
  return landing;
}

const exchange = (t: TestServer, code: string) => call(t.http, 'POST', '/api/v1/auth/sso/exchange', { json: { code } });

test('auth config says SSO is on', async () => {
  assert.equal((await call(otpStep.http, 'GET', '/api/v1/auth/config')).body.data.ssoEnabled, true);
});

test('SSO with a verified allowed email links the account; without enforced MFA the OTP step follows', async () => {
  const landing = await roundTrip(otpStep, 'editor@demo.gov.sg');
  const code = landing.searchParams.get('ssoCode')!;
  const result = await exchange(otpStep, code);
  assert.equal(result.status, 200);
  assert.equal(result.body.data.otpRequired, true);
  assert.equal(claimsOf(result.body.data.token).typ, 'otp-step');
  const otp = otpOf((await outboxMail(otpStep, 'editor@demo.gov.sg', /one-time password/)).body);
  const full = await call(otpStep.http, 'POST', '/api/v1/auth/otp/verify', { token: result.body.data.token, json: { otp } });
  assert.equal(full.status, 200);
  assert.equal(full.body.data.user.email, 'editor@demo.gov.sg');
  const reused = await exchange(otpStep, code);
  assert.equal(reused.status, 401);
  assert.equal(reused.body.message, Messages.ssoFailed);
});

test('with CIVIC_SSO_MFA_ENFORCED=on the exchange gives the full token', async () => {
  const landing = await roundTrip(mfaEnforced, 'viewer@demo.gov.sg');
  const result = await exchange(mfaEnforced, landing.searchParams.get('ssoCode')!);
  assert.equal(result.status, 200);
  assert.equal(claimsOf(result.body.data.token).typ, 'access');
  assert.equal((await call(mfaEnforced.http, 'GET', '/api/v1/auth/me', { token: result.body.data.token })).status, 200);
});

test('refused: no account, unverified email, other domain, or a callback without the starting cookie', async () => {
  for (const login of ['nobody@demo.gov.sg', 'unverified.appadmin@demo.gov.sg', 'someone@gmail.com']) {
    const landing = await roundTrip(mfaEnforced, login);
    assert.equal(landing.searchParams.get('ssoError'), '1', login);
    assert.equal(landing.searchParams.get('ssoCode'), null, login);
  }
  const noCookie = await roundTrip(mfaEnforced, 'viewer@demo.gov.sg', { dropCookie: true });
  assert.equal(noCookie.searchParams.get('ssoError'), '1');
  assert.equal((await exchange(mfaEnforced, 'made-up-code')).status, 401);
});

test('a failed round trip never shows a raw JSON page: a refusal before the handler (too many requests) lands on /login too (issue 21)', async () => {
  const t = mfaEnforced;
  const limit = t.config.profile.identity.authRequestsPerMinute;
  t.config.profile.identity.authRequestsPerMinute = 1;
  try {
    const http: Got = t.http.extend({ followRedirect: false, throwHttpErrors: false });
    let last;
    for (let i = 0; i < 2; i++) last = await http('api/v1/auth/sso/callback?state=x&code=y', { headers: { cookie: 'civic_sso=x' } });
    assert.equal(last!.statusCode, 303, last!.body);
    const landing = new URL(last!.headers.location!);
    assert.equal(landing.origin + landing.pathname, `${PUBLIC_URL}/login`);
    assert.equal(landing.searchParams.get('ssoError'), '1');
    const start = await http('api/v1/auth/sso/login');
    assert.equal(start.statusCode, 303);
    assert.equal(new URL(start.headers.location!).pathname, '/login');
  } finally {
    t.config.profile.identity.authRequestsPerMinute = limit;
  }
});
