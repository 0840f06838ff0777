/**
 * Issue 15, brute force: wrong one-time codes count on the account across sign-in attempts (a right
 * password no longer wipes them), and the owner of a locked account is mailed when and from where it
 * was locked, with a single-use link that lifts the lock.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Messages } from '@civic/core/common/messages';
import { call } from './support/api-call';
import { linkTokenOf, otpOf, outboxMail } from './support/identity';
import { postLogin } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;

before(async () => {
  t = await startTestServer({ env: { CIVIC_TWO_FACTOR: 'on' } });
});
after(async () => {
  await t?.close();
});

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const verify = (token: string, otp: string) => call(t.http, 'POST', '/api/v1/auth/otp/verify', { token, json: { otp } });
const unlock = (token: string) => call(t.http, 'POST', '/api/v1/auth/unlock', { json: { token } });

async function passwordStep(email: string): Promise<{ token: string; code: string }> {
  const response = await postLogin(t.http, email);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return { token: response.body.data.token, code: otpOf((await outboxMail(t, email, /one-time password/)).body) };
}

test('wrong codes count across sign-ins: 2 + 2 + 1 wrong codes behind right passwords lock the account', async () => {
  const email = 'editor@demo.gov.sg';
  for (const wrongs of [2, 2]) {
    const { token, code } = await passwordStep(email);
    for (let i = 0; i < wrongs; i += 1) {
      const response = await verify(token, wrongCode(code));
      assert.equal(response.status, 401);
      assert.equal(response.body.message, Messages.wrongOtp);
    }
  }
  const { token, code } = await passwordStep(email);
  const fifth = await verify(token, wrongCode(code));
  assert.equal(fifth.status, 401);
  assert.equal(fifth.body.message, Messages.otpAttemptEnded);
  // Locked: the right code of that attempt is no longer checked, and the right password is refused.
  assert.equal((await verify(token, code)).body.message, Messages.otpAttemptEnded);
  const locked = await postLogin(t.http, email);
  assert.equal(locked.status, 401);
  assert.deepEqual(locked.body.detail, { failedLoginCounter: 5, isLocked: true });
});

test('the owner of a locked account is told when and from where, and the mailed link lifts the lock once', async () => {
  const email = 'admin@demo.gov.sg';
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0';
  for (let i = 0; i < 5; i += 1) {
    const { body } = await call(t.http, 'POST', '/api/v1/auth/login', { json: { email, password: 'not-even-encrypted' }, headers: { 'user-agent': browser } });
    assert.equal(body.detail.isLocked, i === 4);
  }
  const mail = await outboxMail(t, email, /account is locked/);
  assert.match(mail.body, /IP address 127\.0\.0\.1/);
  assert.match(mail.body, /browser Mozilla\/5\.0 \(X11; Linux x86_64\) TestBrowser\/1\.0/);
  const { url, token } = linkTokenOf(mail.body);
  assert.equal(url.origin, 'https://console.example.gov.sg');
  assert.equal(url.pathname, '/locked-account');

  assert.equal((await postLogin(t.http, email)).body.detail?.isLocked, true);
  const done = await unlock(token);
  assert.equal(done.status, 200);
  assert.equal(done.body.data.message, Messages.accountUnlocked);
  const signIn = await postLogin(t.http, email);
  assert.equal(signIn.status, 200);
  assert.equal(signIn.body.data.otpRequired, true);
  const again = await unlock(token);
  assert.equal(again.status, 401);
  assert.equal(again.body.message, Messages.unlockLinkExpired);
  assert.equal((await unlock('not-a-token')).status, 401);
});
