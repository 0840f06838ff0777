import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Messages } from '@civic/core/common/messages';
import { openBrowser, type Browser } from './support/browser';
import { loadedScripts } from './support/bundle';
import { click, expectAccessible, fill, solveCaptcha, submitLogin, waitForPath, waitForText } from './support/identity-steps';
import { linkOf, Mailbox, otpOf } from './support/mailbox';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Identity in a real browser against the real server, with mail delivered to an SMTP server on
 * loopback. Auth routes allow 10 requests a minute per IP, so each group has its own console.
 */

const NEW_PASSWORD = 'Fresh-Reset-Passw0rd-42';

interface Rig {
  console: RunningConsole;
  mailbox: Mailbox;
  browser: Browser;
  closeBrowser(): Promise<void>;
}

async function startRig(env: Record<string, string>): Promise<Rig> {
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const running = await startConsole({ SMTP_URL: smtpUrl, ...env });
  const { browser, close } = await openBrowser();
  return { console: running, mailbox, browser, closeBrowser: close };
}

async function stopRig(rig: Rig | undefined): Promise<void> {
  if (!rig) return;
  await rig.closeBrowser();
  await rig.console.stop();
  await rig.mailbox.stop();
}

describe('two-factor sign-in and /users (two-factor on, captcha off)', () => {
  let rig: Rig;
  before(async () => {
    rig = await startRig({ CIVIC_TWO_FACTOR: 'on', CIVIC_CAPTCHA: 'off' });
  });
  after(() => stopRig(rig));

  test('signs in with the one-time code read from the mail; wrong code and resend say so', async () => {
    const { browser, mailbox } = rig;
    const base = rig.console.url;
    const seen = mailbox.count;
    await submitLogin(browser, base, 'admin@demo.gov.sg', E2E_PASSWORD);
    await waitForPath(browser, '/twofa-otp');
    await expectAccessible(browser, '/twofa-otp');
    const first = otpOf(await mailbox.waitFor('admin@demo.gov.sg', /one-time password/, seen));

    await fill(browser, 'otp-otp', first === '000000' ? '111111' : '000000');
    await click(browser, 'button', 'Verify');
    await waitForText(browser, Messages.wrongOtp);

    const beforeResend = mailbox.count;
    await click(browser, 'button', 'Resend code');
    await waitForText(browser, Messages.otpResent);
    const code = otpOf(await mailbox.waitFor('admin@demo.gov.sg', /one-time password/, beforeResend));
    await fill(browser, 'otp-otp', code);
    await click(browser, 'button', 'Verify');
    await waitForPath(browser, '/dashboard');
  });

  test('the account settings page offers the password change and an authenticator app', async () => {
    const { browser } = rig;
    await browser.url(`${rig.console.url}/settings`);
    await waitForText(browser, 'Two-factor authentication');
    await expectAccessible(browser, '/settings');
    await click(browser, 'button', 'Set up authenticator app');
    const qr = await browser.$('img[alt="QR code for setting up your authenticator app"]');
    await qr.waitForDisplayed({ timeout: 10_000 });
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    await expectAccessible(browser, '/settings with the QR code');
    await click(browser, 'button', 'Cancel');
  });

  test('a platform admin invites a user on /users and finds them in the table', async () => {
    const { browser, mailbox } = rig;
    await browser.url(`${rig.console.url}/users`);
    await waitForText(browser, 'Demo Platform Admin');
    await expectAccessible(browser, '/users');
    await click(browser, 'button', 'Create user');
    await fill(browser, 'invite-name', 'Nora Newcomer');
    await fill(browser, 'invite-email', 'nora.newcomer@demo.gov.sg');
    await expectAccessible(browser, '/users create dialog');
    const seen = mailbox.count;
    await click(browser, 'button', 'Send invitation');
    await waitForText(browser, 'nora.newcomer@demo.gov.sg');
    await mailbox.waitFor('nora.newcomer@demo.gov.sg', /password/i, seen);

    await click(browser, 'button', 'Create user');
    await fill(browser, 'invite-name', 'Nora Again');
    await fill(browser, 'invite-email', 'nora.newcomer@demo.gov.sg');
    await click(browser, 'button', 'Send invitation');
    await waitForText(browser, Messages.emailExists);
    await click(browser, 'button', 'Cancel');

    await fill(browser, 'users-search', 'nora');
    await browser.waitUntil(async () => (await browser.$('.civic-users-count').getText()) === '1 user', { timeout: 10_000 });
  });

  test('an app admin has no Users entry and is refused /users', async () => {
    const { browser, mailbox } = rig;
    const base = rig.console.url;
    await browser.execute(() => localStorage.clear());
    const seen = mailbox.count;
    await submitLogin(browser, base, 'appadmin@demo.gov.sg', E2E_PASSWORD);
    await waitForPath(browser, '/twofa-otp');
    await fill(browser, 'otp-otp', otpOf(await mailbox.waitFor('appadmin@demo.gov.sg', /one-time password/, seen)));
    await click(browser, 'button', 'Verify');
    await waitForPath(browser, '/dashboard');
    assert.equal(await (await browser.$('//nav//a[normalize-space()="Users"]')).isExisting(), false);
    await browser.url(`${base}/users`);
    await waitForText(browser, Messages.forbidden);
    await expectAccessible(browser, '/users refused');
  });
});

describe('lock-out and password reset (two-factor off, captcha off)', () => {
  let rig: Rig;
  before(async () => {
    rig = await startRig({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  });
  after(() => stopRig(rig));

  test('five failed sign-ins lead to /locked-account', async () => {
    const { browser } = rig;
    const base = rig.console.url;
    await browser.url(`${base}/login`);
    await fill(browser, 'login-email', 'viewer@demo.gov.sg');
    for (let attempt = 1; attempt <= 6; attempt++) {
      await fill(browser, 'login-password', `Wrong-Passw0rd-${attempt}`);
      await click(browser, 'button', 'Sign in');
      await browser.waitUntil(
        async () => new URL(await browser.getUrl()).pathname === '/locked-account' || ((await browser.$('[role="alert"]').isExisting()) && (await browser.$('#login-password').getValue()) === ''),
        { timeout: 10_000, timeoutMsg: `attempt ${attempt}: ${await browser.getUrl()} ${await browser.$('body').getText()}` },
      );
      if (new URL(await browser.getUrl()).pathname === '/locked-account') break;
    }
    await waitForPath(browser, '/locked-account');
    await waitForText(browser, 'Account locked');
    await expectAccessible(browser, '/locked-account');
    await click(browser, 'a', 'Forgot password?');
    await waitForPath(browser, '/forgot-password');
  });

  test('forgot password → mailed link → reset (with the clear step) → sign in with the new password', async () => {
    const { browser, mailbox } = rig;
    const base = rig.console.url;
    await browser.url(`${base}/forgot-password`);
    await expectAccessible(browser, '/forgot-password');
    const seen = mailbox.count;
    await fill(browser, 'forgot-email', 'editor@demo.gov.sg');
    await click(browser, 'button', 'Send reset link');
    await waitForText(browser, Messages.forgotPasswordSent);
    const link = linkOf(await mailbox.waitFor('editor@demo.gov.sg', /Reset your/, seen));
    assert.ok(link.startsWith(`${base}/reset-password?token=`), link);

    await browser.url(link);
    await fill(browser, 'reset-password', 'typed by mistake');
    await click(browser, 'button', 'Clear');
    assert.equal(await browser.$('#reset-password').getValue(), '');
    await fill(browser, 'reset-password', NEW_PASSWORD);
    await fill(browser, 'reset-confirmPassword', NEW_PASSWORD);
    await expectAccessible(browser, '/reset-password');
    await click(browser, 'button', 'Reset password');
    await waitForText(browser, Messages.passwordUpdated);

    await submitLogin(browser, base, 'editor@demo.gov.sg', NEW_PASSWORD);
    await waitForPath(browser, '/dashboard');
  });

  test('a used reset link says it has expired and offers a new one', async () => {
    const { browser, mailbox } = rig;
    const mail = mailbox.mails.find((m) => /Reset your/.test(m.subject));
    assert.ok(mail);
    await browser.execute(() => localStorage.clear());
    await browser.url(linkOf(mail));
    await fill(browser, 'reset-password', NEW_PASSWORD);
    await fill(browser, 'reset-confirmPassword', NEW_PASSWORD);
    await click(browser, 'button', 'Reset password');
    await waitForText(browser, Messages.resetLinkExpired);
    await click(browser, 'a', 'Request a new link');
    await waitForPath(browser, '/forgot-password');
  });
});

describe('signup, activation and inactivity (captcha on, two-factor off)', () => {
  let rig: Rig;
  before(async () => {
    rig = await startRig({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'on' });
  });
  after(() => stopRig(rig));

  test("/login's JavaScript stays within 200 KB gzip with the captcha on", async () => {
    const { browser } = rig;
    await browser.url(`${rig.console.url}/login`);
    await (await browser.$('#captcha-check')).waitForExist({ timeout: 10_000 });
    const scripts = await loadedScripts(browser);
    assert.ok(scripts.gzipBytes <= 200 * 1024, `${scripts.gzipBytes} bytes gzip`);
    await expectAccessible(browser, '/login with captcha');
  });

  test('signup → activation link → sign in', async () => {
    const { browser, mailbox } = rig;
    const base = rig.console.url;
    const email = 'sam.signup@demo.gov.sg';
    await browser.url(`${base}/signup`);
    await fill(browser, 'signup-name', 'x'.repeat(51));
    await browser.keys('Tab');
    await waitForText(browser, Messages.only50Characters);
    await fill(browser, 'signup-name', 'Sam Signup');
    await fill(browser, 'signup-email', email);
    await fill(browser, 'signup-password', NEW_PASSWORD);
    await fill(browser, 'signup-confirmPassword', `${NEW_PASSWORD}x`);
    await click(browser, 'button', 'Create account');
    await waitForText(browser, Messages.passwordsDoNotMatch);
    await fill(browser, 'signup-confirmPassword', NEW_PASSWORD);
    await solveCaptcha(browser);
    await expectAccessible(browser, '/signup');
    const seen = mailbox.count;
    await click(browser, 'button', 'Create account');
    await waitForText(browser, Messages.signupReceived);

    const link = linkOf(await mailbox.waitFor(email, /Activate your/, seen));
    await browser.url(link);
    await expectAccessible(browser, '/account-activation?token');
    await click(browser, 'button', 'Activate account');
    await waitForText(browser, Messages.accountActivated);
    await click(browser, 'a', 'Sign in');
    await submitLogin(browser, base, email, NEW_PASSWORD, { captcha: true, navigate: false });
    await waitForPath(browser, '/dashboard');
  });

  test('the Session Timeout dialog: STAY LOGGED IN keeps the session, no answer logs off', async () => {
    const { browser } = rig;
    const base = rig.console.url;
    await browser.execute(() => localStorage.clear());
    await browser.url(`${base}/login`);
    // A shortened timeout (honoured only when shorter than §4's) instead of 25 + 5 minutes.
    await browser.execute(() => {
      localStorage.setItem('civic.inactivityPromptMs', '3000');
      localStorage.setItem('civic.inactivityLogoffMs', '3000');
    });
    await submitLogin(browser, base, 'sam.signup@demo.gov.sg', NEW_PASSWORD, { captcha: true, navigate: false });
    await waitForPath(browser, '/dashboard');

    // Whether a Session Timeout dialog is on screen (a closed one may linger in the DOM, hidden).
    const dialogShown = async () => {
      for (const dialog of await browser.$$('//*[@role="dialog"][.//*[normalize-space()="Session Timeout"]]')) {
        if (await dialog.isDisplayed()) return true;
      }
      return false;
    };
    await browser.waitUntil(dialogShown, { timeout: 10_000, timeoutMsg: 'no Session Timeout dialog' });
    await expectAccessible(browser, 'Session Timeout dialog');
    await click(browser, 'button', 'STAY LOGGED IN');
    await browser.waitUntil(async () => !(await dialogShown()), { timeout: 5_000, timeoutMsg: 'the dialog stayed open' });
    assert.equal(new URL(await browser.getUrl()).pathname, '/dashboard');

    await browser.waitUntil(dialogShown, { timeout: 10_000, timeoutMsg: 'no second Session Timeout dialog' });
    await waitForPath(browser, '/login', 10_000);
    await waitForText(browser, Messages.sessionExpired);
  });
});
