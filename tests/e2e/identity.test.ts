import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Messages } from '@civic/core/common/messages';
import { openBrowser, type Browser } from './support/browser';
import { loadedScripts } from './support/bundle';
import { click, expectAccessible, fill, solveCaptcha, submitLogin, waitForPath, waitForText } from './support/identity-steps';
import { linkOf, otpOf, TestSmtp as Mailbox } from '../support/test-smtp';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Identity in a real browser against the real server, with mail delivered to an SMTP server on
 * loopback. One console for the whole file, with two-factor and the captcha on (the harness turns
 * the per-IP auth rate limit off); each group gets a fresh browser, so no sign-in leaks between them.
 */

const NEW_PASSWORD = 'Fresh-Reset-Passw0rd-42';

let running: RunningConsole;
let mailbox: Mailbox;

before(async () => {
  mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  running = await startConsole({ SMTP_URL: smtpUrl, CIVIC_TWO_FACTOR: 'on', CIVIC_CAPTCHA: 'on' });
});

after(async () => {
  await running?.stop();
  await mailbox?.stop();
});

/** A fresh browser for a group of tests, closed after it. */
function useBrowser(): { readonly browser: Browser } {
  const holder = {} as { browser: Browser; close?: () => Promise<void> };
  before(async () => {
    const opened = await openBrowser();
    holder.browser = opened.browser;
    holder.close = opened.close;
  });
  after(async () => {
    await holder.close?.();
  });
  return holder;
}

/** Password (with the captcha) and the mailed one-time code, to /dashboard. */
async function signIn(browser: Browser, email: string, password: string, options: { navigate?: boolean } = {}): Promise<void> {
  const seen = mailbox.count;
  await submitLogin(browser, running.url, email, password, { captcha: true, navigate: options.navigate });
  await waitForPath(browser, '/twofa-otp');
  await fill(browser, 'otp-otp', otpOf(await mailbox.waitFor(email, /one-time password/, seen)));
  await click(browser, 'button', 'Verify');
  await waitForPath(browser, '/dashboard');
}

describe('two-factor sign-in and /users', () => {
  const rig = useBrowser();

  test('signs in with the one-time code read from the mail; wrong code and resend say so', async () => {
    const { browser } = rig;
    const base = running.url;
    const seen = mailbox.count;
    await submitLogin(browser, base, 'admin@demo.gov.sg', E2E_PASSWORD, { captcha: true });
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
    await browser.url(`${running.url}/settings`);
    await waitForText(browser, 'Two-factor authentication');
    await waitForText(browser, 'Set up authenticator app');
    assert.equal(await (await browser.$('//button[normalize-space()="Remove authenticator app"]')).isExisting(), false);
    await expectAccessible(browser, '/settings');
    await click(browser, 'button', 'Set up authenticator app');
    const qr = await browser.$('img[alt="QR code for setting up your authenticator app"]');
    await qr.waitForDisplayed({ timeout: 10_000 });
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    await expectAccessible(browser, '/settings with the QR code');
    await click(browser, 'button', 'Cancel');
  });

  test('a platform admin invites a user on /users and finds them in the table', async () => {
    const { browser } = rig;
    await browser.url(`${running.url}/users`);
    await waitForText(browser, 'Demo Platform Admin');
    await expectAccessible(browser, '/users');
    await click(browser, 'button', 'Create user');
    await fill(browser, 'invite-name', 'Nora Newcomer');
    await fill(browser, 'invite-email', 'nora.newcomer@demo.gov.sg');
    await expectAccessible(browser, '/users create dialog');
    const seen = mailbox.count;
    await click(browser, 'button', 'Send invitation');
    await waitForText(browser, 'nora.newcomer@demo.gov.sg');
    await mailbox.waitFor('nora.newcomer@demo.gov.sg', /^Demo Platform Admin invited you to Civic Console$/, seen);

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
    const { browser } = rig;
    const base = running.url;
    await browser.execute(() => localStorage.clear());
    await signIn(browser, 'appadmin@demo.gov.sg', E2E_PASSWORD);
    assert.equal(await (await browser.$('//nav//a[normalize-space()="Users"]')).isExisting(), false);
    await browser.url(`${base}/users`);
    await waitForText(browser, Messages.forbidden);
    await expectAccessible(browser, '/users refused');
  });
});

describe('lock-out and password reset', () => {
  const rig = useBrowser();

  test('five failed sign-ins lead to /locked-account', async () => {
    const { browser } = rig;
    const base = running.url;
    await browser.url(`${base}/login`);
    await fill(browser, 'login-email', 'viewer@demo.gov.sg');
    for (let attempt = 1; attempt <= 6; attempt++) {
      await fill(browser, 'login-password', `Wrong-Passw0rd-${attempt}`);
      await solveCaptcha(browser);
      await click(browser, 'button', 'Sign in');
      await browser.waitUntil(
        async () => new URL(await browser.getUrl()).pathname === '/locked-account' || ((await browser.$('[role="alert"]').isExisting()) && (await browser.$('#login-password').getValue()) === ''),
        { timeout: 10_000, timeoutMsg: `attempt ${attempt}: ${await browser.getUrl()} ${await browser.$('body').getText()}` },
      );
      if (new URL(await browser.getUrl()).pathname === '/locked-account') break;
    }
    await waitForPath(browser, '/locked-account');
    await waitForText(browser, 'Account locked');
    // The lock time is the deployment's (profile lockout.lockMinutes, 30 by default).
    await waitForText(browser, 'is locked for 30 minutes.');
    await expectAccessible(browser, '/locked-account');
    await click(browser, 'a', 'Forgot password?');
    await waitForPath(browser, '/forgot-password');
  });

  test('forgot password → mailed link → reset (with the clear step) → sign in with the new password', async () => {
    const { browser } = rig;
    const base = running.url;
    await browser.url(`${base}/forgot-password`);
    await expectAccessible(browser, '/forgot-password');
    const seen = mailbox.count;
    await fill(browser, 'forgot-email', 'editor@demo.gov.sg');
    await solveCaptcha(browser);
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

    await signIn(browser, 'editor@demo.gov.sg', NEW_PASSWORD);
  });

  test('a used reset link says it has expired and offers a new one', async () => {
    const { browser } = rig;
    // The link the forgot-password test used (the console's other mails share the mailbox).
    const mail = mailbox.mails.find((m) => m.to.includes('editor@demo.gov.sg') && /Reset your/.test(m.subject));
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

describe('signup, activation and inactivity', () => {
  const rig = useBrowser();

  test("/login's JavaScript stays within 200 KB gzip with the captcha on", async () => {
    const { browser } = rig;
    await browser.url(`${running.url}/login`);
    await (await browser.$('#captcha-check')).waitForExist({ timeout: 10_000 });
    const scripts = await loadedScripts(browser);
    assert.ok(scripts.gzipBytes <= 200 * 1024, `${scripts.gzipBytes} bytes gzip`);
    await expectAccessible(browser, '/login with captcha');
  });

  test('signup → activation link → sign in', async () => {
    const { browser } = rig;
    const base = running.url;
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
    await waitForPath(browser, '/login');
    await signIn(browser, email, NEW_PASSWORD, { navigate: false });
  });

  test('the Session Timeout dialog: STAY LOGGED IN keeps the session, no answer logs off', async () => {
    const { browser } = rig;
    const base = running.url;
    await browser.execute(() => localStorage.clear());
    await browser.url(`${base}/login`);
    // A shortened timeout (honoured only when shorter than §4's) instead of 25 + 5 minutes.
    await browser.execute(() => {
      localStorage.setItem('civic.inactivityPromptMs', '3000');
      localStorage.setItem('civic.inactivityLogoffMs', '3000');
    });
    await signIn(browser, 'sam.signup@demo.gov.sg', NEW_PASSWORD, { navigate: false });

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
