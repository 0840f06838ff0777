import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Messages } from '@civic/core/common/messages';
import { call, type ApiResponse } from './support/api-call';
import { postLogin, signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let limited: TestServer;

before(async () => {
  t = await startTestServer();
  limited = await startTestServer({ authRequestsPerMinute: 10 });
});

after(async () => {
  await t?.close();
  await limited?.close();
});

function assertRefused(response: ApiResponse, counter: number, isLocked: boolean, label: string): void {
  assert.equal(response.status, 401, label);
  assert.equal(response.body.message, Messages.loginFailed, label);
  assert.deepEqual(response.body.detail, { failedLoginCounter: counter, isLocked }, label);
}

test('5 failures lock the email; then even the right password is refused like a wrong one, with isLocked', async () => {
  const email = 'viewer@demo.gov.sg';
  for (let i = 1; i <= 4; i++) assertRefused(await postLogin(t.http, email, 'Wrong-Password-1'), i, false, `failure ${i}`);
  assertRefused(await postLogin(t.http, email, 'Wrong-Password-1'), 5, true, 'fifth failure locks');
  assertRefused(await postLogin(t.http, email), 5, true, 'right password while locked');
  // The lock lasts 30 minutes (profile.lockout.lockMinutes), then the right password works again.
  t.clock.advance(29 * 60_000);
  assertRefused(await postLogin(t.http, email, undefined, t.clock.unixSeconds()), 5, true, 'still locked after 29 minutes');
  t.clock.advance(2 * 60_000);
  const response = await postLogin(t.http, email, undefined, t.clock.unixSeconds());
  assert.equal(response.status, 200);
  t.clock.reset();
});

test('unknown emails are counted and locked the same way, so the answer reveals nothing', async () => {
  const known = 'editor@demo.gov.sg';
  const unknown = 'nobody-here@demo.gov.sg';
  for (let i = 1; i <= 5; i++) {
    const a = await postLogin(t.http, known, 'Wrong-Password-1');
    const b = await postLogin(t.http, unknown, 'Wrong-Password-1');
    assert.deepEqual([a.status, a.body], [b.status, b.body], `failure ${i}`);
  }
  const rightPassword = await postLogin(t.http, known);
  const unknownAgain = await postLogin(t.http, unknown);
  assert.deepEqual([rightPassword.status, rightPassword.body], [unknownAgain.status, unknownAgain.body]);
  assert.equal(rightPassword.body.detail.isLocked, true);
});

test('failures outside the 15-minute window start a new count', async () => {
  const email = 'appadmin@demo.gov.sg';
  for (let i = 1; i <= 4; i++) await postLogin(t.http, email, 'Wrong-Password-1', t.clock.unixSeconds());
  t.clock.advance(16 * 60_000);
  assertRefused(await postLogin(t.http, email, 'Wrong-Password-1', t.clock.unixSeconds()), 1, false, 'new window');
  t.clock.reset();
  await signIn(t.http, email);
});

test('more than 10 auth requests a minute from one IP → 429 with Retry-After', async () => {
  const statuses: number[] = [];
  let last: ApiResponse | undefined;
  for (let i = 0; i < 11; i++) {
    last = await call(limited.http, 'POST', '/api/v1/auth/forgot-password', { json: { email: 'someone@demo.gov.sg' } });
    statuses.push(last.status);
  }
  assert.deepEqual(statuses, [...Array<number>(10).fill(200), 429]);
  assert.equal(last!.body.message, Messages.tooManyRequests);
  const retryAfter = Number(last!.headers['retry-after']);
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  // Login shares the budget; a minute later the window starts again.
  assert.equal((await postLogin(limited.http, 'viewer@demo.gov.sg')).status, 429);
  limited.clock.advance(61_000);
  assert.equal((await postLogin(limited.http, 'viewer@demo.gov.sg', undefined, limited.clock.unixSeconds())).status, 200);
});
