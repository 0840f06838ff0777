import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CoreApi } from '@civic/core/common/api-paths';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { IDP_CLIENT, TestIdp } from '../support/test-idp';
import { openBrowser, type Browser } from './support/browser';
import { click, expectAccessible, waitForPath, waitForText } from './support/identity-steps';
import { freePort, startConsole, type RunningConsole } from './support/server';

/**
 * The SSO round trip in a real browser: /login → "Sign in with SSO" (a full page navigation) →
 * the OpenID provider's own sign-in and consent pages on loopback → back to the console, signed in
 * as the account linked by the verified email. The deployment says the IdP enforces MFA, so the
 * console's OTP step is skipped (the OTP path after SSO has API tests).
 */

const idp = new TestIdp();
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;

before(async () => {
  const port = await freePort();
  const issuer = await idp.start(`http://127.0.0.1:${port}${CoreApi.ssoCallback}`);
  running = await startConsole({
    PORT: String(port),
    CIVIC_TWO_FACTOR: 'on',
    CIVIC_CAPTCHA: 'off',
    CIVIC_SSO_ISSUER: issuer,
    CIVIC_SSO_CLIENT_ID: IDP_CLIENT.id,
    CIVIC_SSO_CLIENT_SECRET: IDP_CLIENT.secret,
    CIVIC_SSO_MFA_ENFORCED: 'on',
  });
  ({ browser, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
  await idp.stop();
});

test('"Sign in with SSO" → the IdP\'s sign-in and consent → /dashboard as the linked user', async () => {
  await browser.url(`${running.url}/login`);
  await waitForText(browser, 'Sign in with SSO');
  await expectAccessible(browser, '/login with SSO');
  await click(browser, 'a', 'Sign in with SSO');

  // The IdP's own pages (oidc-provider's development interactions): any login, then consent.
  await browser.waitUntil(async () => (await browser.getUrl()).startsWith(idp.issuer), { timeout: 15_000, timeoutMsg: `not at the IdP: ${await browser.getUrl()}` });
  const login = await browser.$('input[name="login"]');
  await login.waitForDisplayed({ timeout: 10_000 });
  await login.setValue('editor@demo.gov.sg');
  await (await browser.$('input[name="password"]')).setValue('any');
  await (await browser.$('button[type="submit"]')).click();
  // Consent, when the IdP asks for it; then back to the console.
  await browser.waitUntil(
    async () => {
      const url = await browser.getUrl();
      if (url.startsWith(running.url)) return true;
      const consent = await browser.$('button[type="submit"]');
      if ((await consent.isExisting()) && !(await browser.$('input[name="login"]').isExisting())) await consent.click();
      return false;
    },
    { timeout: 20_000, interval: 500, timeoutMsg: `never came back from the IdP: ${await browser.getUrl()}` },
  );

  await waitForPath(browser, '/dashboard');
  await waitForText(browser, 'Demo Editor');
  const me = await browser.execute(async (path: string, tokenKey: string) => {
    const token = localStorage.getItem(tokenKey);
    const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return response.ok ? ((await response.json()) as { data: { email: string; authLevel: number } }).data : null;
  }, CoreApi.me, TOKEN_STORAGE_KEY);
  assert.deepEqual(me && { email: me.email, authLevel: me.authLevel }, { email: 'editor@demo.gov.sg', authLevel: 2 });
  assert.ok(!/ssoCode|eyJ/.test(await browser.getUrl()), 'no code or token left in the address bar');
  await expectAccessible(browser, '/dashboard after SSO');
});
