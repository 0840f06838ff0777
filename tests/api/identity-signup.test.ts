import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { Messages } from '@civic/core/common/messages';
import { outbox, users } from './support/tables';
import { call } from './support/api-call';
import { claimsOf, linkTokenOf, outboxMail, solveCaptcha } from './support/identity';
import { postLogin } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const PASSWORD = 'Fresh-Signup-Pass-42';
let t: TestServer;
let withCaptcha: TestServer;

before(async () => {
  t = await startTestServer();
  withCaptcha = await startTestServer({ env: { CIVIC_CAPTCHA: 'on' } });
});

after(async () => {
  await t?.close();
  await withCaptcha?.close();
});

const signup = (server: TestServer, body: Record<string, unknown>) =>
  call(server.http, 'POST', '/api/v1/auth/signup', { json: { name: 'New Officer', password: PASSWORD, confirmPassword: PASSWORD, ...body } });

describe('signup and activation', () => {
  test('a new email and a taken one get the same answer; the owner of the taken one is told by mail', async () => {
    const fresh = await signup(t, { email: 'new.officer@agency.gov.sg' });
    const taken = await signup(t, { email: 'Editor@demo.gov.sg' });
    assert.equal(fresh.status, 200);
    assert.deepEqual([taken.status, taken.body], [fresh.status, fresh.body]);
    assert.equal(fresh.body.data.message, Messages.signupReceived);
    await outboxMail(t, 'editor@demo.gov.sg', /Your Civic Console account/);
    const [created] = await t.server.db.db.select().from(users).where(eq(users.email, 'new.officer@agency.gov.sg'));
    assert.equal(created.isActive, false);
  });

  test('the activation link activates once; before that the right password gives 403 with a resend token', async () => {
    const email = 'activate.me@moe.edu.sg';
    assert.equal((await signup(t, { email })).status, 200);
    const mail = await outboxMail(t, email, /Activate/);
    const { url, token } = linkTokenOf(mail.body);
    assert.equal(url.origin, 'https://console.example.gov.sg');
    assert.equal(url.pathname, '/account-activation');

    const refused = await postLogin(t.http, email, PASSWORD);
    assert.equal(refused.status, 403);
    assert.equal(claimsOf(refused.body.detail.token).typ, 'activation');
    // The resend token activates nothing: it only asks for a new mail.
    assert.equal((await call(t.http, 'POST', '/api/v1/auth/activate', { json: { token: refused.body.detail.token } })).status, 401);
    const countBefore = (await t.server.db.db.select().from(outbox).where(eq(outbox.recipient, email))).length;
    const resent = await call(t.http, 'POST', '/api/v1/auth/activation/resend', { json: { token: refused.body.detail.token } });
    assert.equal(resent.status, 200);
    assert.equal(resent.body.data.message, Messages.activationSent);
    await waitForCount(email, countBefore + 1);
    const newest = linkTokenOf((await outboxMail(t, email, /Activate/)).body).token;
    // The older link was voided by the new one.
    assert.equal((await call(t.http, 'POST', '/api/v1/auth/activate', { json: { token } })).status, 401);
    const activated = await call(t.http, 'POST', '/api/v1/auth/activate', { json: { token: newest } });
    assert.equal(activated.status, 200);
    assert.equal(activated.body.data.message, Messages.accountActivated);
    const again = await call(t.http, 'POST', '/api/v1/auth/activate', { json: { token: newest } });
    assert.equal(again.status, 401);
    assert.equal(again.body.message, Messages.activationLinkExpired);
    // "Send a new link" from the reused link: the account is active already, so no mail, and it says so (issue 21).
    const mailsBefore = (await t.server.db.db.select().from(outbox).where(eq(outbox.recipient, email))).length;
    const reused = await call(t.http, 'POST', '/api/v1/auth/activation/resend', { json: { token: newest } });
    assert.equal(reused.status, 200);
    assert.equal(reused.body.data.message, Messages.accountActivated);
    assert.equal((await t.server.db.db.select().from(outbox).where(eq(outbox.recipient, email))).length, mailsBefore);
    assert.equal((await postLogin(t.http, email, PASSWORD)).status, 200);
  });

  test('only allowed domains, matched on the domain or a subdomain', async () => {
    for (const email of ['a@agency.gov.sg.evil.com', 'a@evilgov.sg', 'a@gmail.com', 'a@gov.sg.']) {
      const response = await signup(t, { email });
      assert.equal(response.status, 422, email);
      assert.ok([Messages.emailDomainNotAllowed, Messages.invalidEmail].includes(response.body.message), email);
    }
    assert.equal((await signup(t, { email: 'a@deep.sub.agency.gov.sg' })).status, 200);
  });

  test('name and password rules give the §8 messages', async () => {
    const email = 'rules@agency.gov.sg';
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'Short-1a', confirmPassword: 'Short-1a' }, Messages.passwordLength],
      [{ password: 'alllowercase-123', confirmPassword: 'alllowercase-123' }, Messages.passwordComplexity],
      [{ password: 'NoDigitsHere-Ever', confirmPassword: 'NoDigitsHere-Ever' }, Messages.passwordComplexity],
      [{ password: 'Tab\there-Pass-1', confirmPassword: 'Tab\there-Pass-1' }, Messages.passwordUnsupportedCharacters],
      [{ password: 'Password1234', confirmPassword: 'Password1234' }, Messages.passwordTooCommon],
      [{ confirmPassword: 'Something-Else-42' }, Messages.passwordsDoNotMatch],
      [{ password: `Aa1${'x'.repeat(126)}`, confirmPassword: `Aa1${'x'.repeat(126)}` }, Messages.passwordTooLong],
      [{ name: 'n'.repeat(51) }, Messages.only50Characters],
    ];
    for (const [body, message] of cases) {
      const response = await signup(t, { email, ...body });
      assert.equal(response.status, 422, message);
      assert.ok(response.body.info.includes(message), `${message}: ${JSON.stringify(response.body.info)}`);
    }
    // Spaces, accents and emoji are printable: accepted, up to 128 characters.
    const unicode = `Çà va très bien 1 😀 ${'y'.repeat(100)}`.slice(0, 128);
    assert.equal((await signup(t, { email: 'unicode@agency.gov.sg', password: unicode, confirmPassword: unicode })).status, 200);
  });
});

describe('captcha on', () => {
  test('signup, login and forgot-password need a solved, unused captcha', async () => {
    const email = 'captcha@agency.gov.sg';
    const missing = await signup(withCaptcha, { email });
    assert.equal(missing.status, 422);
    assert.equal(missing.body.message, Messages.captchaFailed);
    const captcha = await solveCaptcha(withCaptcha.http);
    assert.equal((await signup(withCaptcha, { email, captcha })).status, 200);
    const replay = await signup(withCaptcha, { email, captcha });
    assert.equal(replay.status, 422, 'a solved captcha is single use');

    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(await solveCaptcha(withCaptcha.http), 'base64').toString()), number: 0 })).toString('base64');
    assert.equal((await call(withCaptcha.http, 'POST', '/api/v1/auth/forgot-password', { json: { email, captcha: forged } })).status, 422);
    assert.equal((await call(withCaptcha.http, 'POST', '/api/v1/auth/forgot-password', { json: { email, captcha: await solveCaptcha(withCaptcha.http) } })).status, 200);

    assert.equal((await postLogin(withCaptcha.http, 'viewer@demo.gov.sg')).status, 422);
    const config = await call(withCaptcha.http, 'GET', '/api/v1/auth/config');
    assert.equal(config.body.data.captcha, true);
  });
});

async function waitForCount(email: string, count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await t.server.db.db.select().from(outbox).where(eq(outbox.recipient, email))).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
