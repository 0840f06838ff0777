import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { Messages } from '@civic/core/common/messages';
import { users } from './support/tables';
import { call } from './support/api-call';
import { TEST_PASSWORD } from './support/fixtures';
import { claimsOf, otpOf } from './support/identity';
import { postLogin } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;

before(async () => {
  t = await startTestServer({ smtp: true, env: { CIVIC_TWO_FACTOR: 'on' } });
  t.config.profile.lockout.maxFailures = 1000;
});

after(async () => {
  await t?.close();
});

/** Password step: the OTP-step token and the code mailed for this attempt (read from the SMTP server). */
async function passwordStep(email: string, unixSeconds = t.clock.unixSeconds()): Promise<{ token: string; code: string }> {
  const before = t.smtp!.mails.length;
  const response = await postLogin(t.http, email, undefined, unixSeconds);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.data.otpRequired, true);
  assert.equal(response.body.data.user.authLevel, 1);
  const mail = await t.smtp!.waitFor(email, /one-time password/, before);
  return { token: response.body.data.token, code: otpOf(mail.text) };
}

const verify = (token: string, otp: string) => call(t.http, 'POST', '/api/v1/auth/otp/verify', { token, json: { otp } });
/** Moves the clock to 1 s into a 30 s TOTP step, so a test's codes do not straddle a step boundary. */
const alignToTimeStep = () => t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 1_000);
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('password success gives only an OTP-step token; the mailed code gives the full token', async () => {
  const { token, code } = await passwordStep('editor@demo.gov.sg');
  assert.equal(claimsOf(token).typ, 'otp-step');
  const response = await verify(token, code);
  assert.equal(response.status, 200);
  assert.equal(claimsOf(response.body.data.token).typ, 'access');
  assert.equal(response.body.data.user.authLevel, 2);
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: response.body.data.token })).status, 200);
});

test('the OTP-step token is refused (401) on every other route', async () => {
  const { token } = await passwordStep('viewer@demo.gov.sg');
  const failures: string[] = [];
  for (const route of t.server.routes) {
    if (route.auth === 'public') continue;
    const url = route.url.replace(':appId', 'demo-enterprise').replace(':userId', '00000000-0000-4000-8000-000000000000');
    const response = await call(t.http, route.method as 'GET', url, { token, json: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
    if (response.status !== 401) failures.push(`${route.method} ${route.url}: ${response.status}`);
  }
  assert.deepEqual(failures, []);
});

test('a code is single use', async () => {
  const { token, code } = await passwordStep('appadmin@demo.gov.sg');
  assert.equal((await verify(token, code)).status, 200);
  const again = await verify(token, code);
  assert.equal(again.status, 401);
  assert.equal(again.body.message, Messages.otpAttemptEnded);
});

test('a code expires after 10 minutes', async () => {
  const { token, code } = await passwordStep('editor@demo.gov.sg');
  t.clock.advance(10 * 60_000 + 1_000);
  const response = await verify(token, code);
  t.clock.reset();
  assert.equal(response.status, 401);
  assert.equal(response.body.message, Messages.wrongOtp);
});

test("another attempt's code does not work", async () => {
  const first = await passwordStep('editor@demo.gov.sg');
  const second = await passwordStep('editor@demo.gov.sg');
  if (first.code !== second.code) {
    const response = await verify(second.token, first.code);
    assert.equal(response.status, 401);
    assert.equal(response.body.message, Messages.wrongOtp);
  }
  assert.equal((await verify(second.token, second.code)).status, 200);
});

test('5 wrong codes end the attempt: the right code is refused on the 6th try', async () => {
  const { token, code } = await passwordStep('viewer@demo.gov.sg');
  for (let i = 1; i <= 4; i++) {
    const response = await verify(token, wrongCode(code));
    assert.equal(response.status, 401, `try ${i}`);
    assert.equal(response.body.message, Messages.wrongOtp);
    assert.equal(response.body.detail.attemptEnded, false);
  }
  const fifth = await verify(token, wrongCode(code));
  assert.equal(fifth.body.message, Messages.otpAttemptEnded);
  const sixth = await verify(token, code);
  assert.equal(sixth.status, 401);
  assert.equal(sixth.body.detail.attemptEnded, true);
});

test('resend mails a new code and voids the old one', async () => {
  const { token, code } = await passwordStep('editor@demo.gov.sg');
  const before = t.smtp!.mails.length;
  const resent = await call(t.http, 'POST', '/api/v1/auth/otp/resend', { token });
  assert.equal(resent.status, 200);
  assert.equal(resent.body.data.message, Messages.otpResent);
  const fresh = otpOf((await t.smtp!.waitFor('editor@demo.gov.sg', /one-time password/, before)).text);
  if (fresh !== code) assert.equal((await verify(token, code)).status, 401);
  assert.equal((await verify(token, fresh)).status, 200);
});

test('an authenticator app (TOTP) can be set up and used at the OTP step; its secret is sealed at rest', async () => {
  const email = 'appadmin@demo.gov.sg';
  alignToTimeStep();
  const first = await passwordStep(email);
  const access = (await verify(first.token, first.code)).body.data.token as string;
  const me = async (token: string) => (await call(t.http, 'GET', '/api/v1/auth/me', { token })).body.data.hasTotp as boolean;
  assert.equal(await me(access), false);
  const enrol = await call(t.http, 'POST', '/api/v1/auth/totp/enrol', { token: access });
  assert.equal(enrol.status, 200);
  assert.match(enrol.body.data.otpauthUri, /^otpauth:\/\/totp\//);
  assert.match(enrol.body.data.qrCodeDataUrl, /^data:image\/png;base64,/);
  const totp = new TOTP({ secret: enrol.body.data.secret, digits: 6, period: 30, algorithm: 'SHA1' });
  const [row] = await t.server.db.db.select({ sealed: users.totpSecret }).from(users).where(eq(users.email, email));
  assert.ok(row.sealed && !row.sealed.includes(enrol.body.data.secret), 'the secret is not stored in clear');
  assert.equal(await me(access), false, 'a pending set-up is not enrolled');

  const wrong = await call(t.http, 'POST', '/api/v1/auth/totp/confirm', { token: access, json: { code: wrongCode(totp.generate({ timestamp: t.clock.now().getTime() })) } });
  assert.equal(wrong.status, 422);
  const confirmed = await call(t.http, 'POST', '/api/v1/auth/totp/confirm', { token: access, json: { code: totp.generate({ timestamp: t.clock.now().getTime() }) } });
  assert.equal(confirmed.status, 200);
  assert.equal(await me(access), true);
  assert.equal((await call(t.http, 'POST', '/api/v1/auth/totp/enrol', { token: access })).status, 409);

  // The confirming code is used up; the next time step's code signs in.
  t.clock.advance(30_000);
  const second = await postLogin(t.http, email, undefined, t.clock.unixSeconds());
  assert.deepEqual(second.body.data.otpChannels, ['email', 'totp']);
  const signedIn = await verify(second.body.data.token, totp.generate({ timestamp: t.clock.now().getTime() }));
  assert.equal(signedIn.status, 200);
  const token = signedIn.body.data.token as string;

  const noPassword = await call(t.http, 'DELETE', '/api/v1/auth/totp', { token, json: {} });
  assert.equal(noPassword.status, 422);
  const wrongPassword = await call(t.http, 'DELETE', '/api/v1/auth/totp', { token, json: { password: `${TEST_PASSWORD}x` } });
  assert.equal(wrongPassword.status, 422);
  assert.equal(wrongPassword.body.message, Messages.currentPasswordWrong);
  assert.deepEqual(wrongPassword.body.fields, { password: [Messages.currentPasswordWrong] });
  assert.equal(await me(token), true, 'a wrong password removes nothing');
  assert.equal((await call(t.http, 'DELETE', '/api/v1/auth/totp', { token, json: { password: TEST_PASSWORD } })).status, 200);
  assert.equal(await me(token), false);
  const third = await postLogin(t.http, email, undefined, t.clock.unixSeconds());
  assert.deepEqual(third.body.data.otpChannels, ['email']);
});

test('an authenticator code cannot be replayed: a step at or before the last accepted one is refused', async () => {
  const email = 'admin@demo.gov.sg';
  alignToTimeStep();
  const first = await passwordStep(email);
  const access = (await verify(first.token, first.code)).body.data.token as string;
  const enrol = await call(t.http, 'POST', '/api/v1/auth/totp/enrol', { token: access });
  const totp = new TOTP({ secret: enrol.body.data.secret, digits: 6, period: 30, algorithm: 'SHA1' });
  const codeAt = (ms: number) => totp.generate({ timestamp: ms });
  assert.equal((await call(t.http, 'POST', '/api/v1/auth/totp/confirm', { token: access, json: { code: codeAt(t.clock.now().getTime()) } })).status, 200);

  // The code just used to confirm is spent, even within its 30 s.
  const attempt = async () => (await postLogin(t.http, email, undefined, t.clock.unixSeconds())).body.data.token as string;
  const confirmCode = codeAt(t.clock.now().getTime());
  assert.equal((await verify(await attempt(), confirmCode)).status, 401);

  t.clock.advance(30_000);
  const code = codeAt(t.clock.now().getTime());
  assert.equal((await verify(await attempt(), code)).status, 200);
  // The same code on a new sign-in attempt: refused as a wrong code.
  const replay = await verify(await attempt(), code);
  assert.equal(replay.status, 401);
  assert.equal(replay.body.message, Messages.wrongOtp);
  // The previous step's code is still inside the ±1 drift window but is older than the one used: refused.
  assert.equal((await verify(await attempt(), codeAt(t.clock.now().getTime() - 30_000))).status, 401);
  t.clock.advance(30_000);
  assert.equal((await verify(await attempt(), codeAt(t.clock.now().getTime()))).status, 200);

  const [row] = await t.server.db.db.select({ step: users.totpLastStep }).from(users).where(eq(users.email, email));
  assert.equal(row.step, Math.floor(t.clock.now().getTime() / 30_000));
  await t.server.db.db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.email, email));
});

test('a reload of /twofa-otp: the OTP-step token reads back the half-signed-in user, and nothing more (issue 21)', async () => {
  const { token, code } = await passwordStep('editor@demo.gov.sg');
  const pending = await call(t.http, 'GET', '/api/v1/auth/otp', { token });
  assert.equal(pending.status, 200, JSON.stringify(pending.body));
  assert.equal(pending.body.data.email, 'editor@demo.gov.sg');
  assert.equal(pending.body.data.authLevel, 1);
  // The step token still opens nothing else, and a full token is not a step token.
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token })).status, 401);
  const full = (await verify(token, code)).body.data.token as string;
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/otp', { token: full })).status, 401);
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/otp')).status, 401);
});
