import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { loadedScripts } from './support/bundle';
import { appSwitcherOptions, pageTitle, pickApp, sidebarEntries, signIn, signOut, waitForPath } from './support/console-user';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * The shell as each demo role meets it, in a real Chromium against the real server (embedded
 * database, built console). Two-factor and captcha have their own suite (identity); here they are off.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const visited = new Map<string, string>();

async function expectAccessible(label: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  visited.set(label, await browser.getUrl());
  assert.equal(violations.length, 0, `axe on ${label}:\n${describeViolations(violations)}`);
}

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

describe('signed out', () => {
  test('/ and any console page lead to the login page', async () => {
    await browser.url(`${running.url}/`);
    await waitForPath(browser, '/login');
    await browser.url(`${running.url}/app-settings/demo-plus`);
    await waitForPath(browser, '/login');
  });

  test('the login page is accessible, light, and free of heavy libraries', async () => {
    await browser.url(`${running.url}/login`);
    await browser.$('#login-email').waitForDisplayed();
    await expectAccessible('login');
    const scripts = await loadedScripts(browser);
    assert.ok(scripts.files.length > 0, 'no script was loaded');
    assert.ok(scripts.gzipBytes <= 200 * 1024, `login loads ${(scripts.gzipBytes / 1024).toFixed(1)} KiB gzip of JS (budget 200 KiB)`);
    assert.deepEqual(scripts.heavy, [], `login loads ${scripts.heavy.join(', ')}`);
    const footer = await browser.$('footer').getText();
    assert.match(footer, /© \d{4} Civic Console · v1\.41\.3/);
  });

  test("the login card's heading and introduction come in the server's document (a signed-in page's frame in its own); the console takes over with one of each", async () => {
    const page = async (path: string) => (await fetch(`${running.url}${path}`, { headers: { accept: 'text/html' } })).text();
    assert.match(await page('/login'), /<div id="root"><div class="civic-public">.*<h1 id="page-title"[^>]*>Sign in<\/h1><p class="civic-login-intro">Use your/s);
    // A signed-in page's document: the shell's frame with the page's title and description, painted
    // before the console's scripts, which are asked for after the paint.
    const dashboard = await page('/dashboard');
    assert.match(dashboard, /<div id="root"><div class="civic-shell">.*<h1 id="page-title"[^>]*>Dashboard<\/h1>.*<div class="civic-page-description">The apps you work on\./s);
    assert.doesNotMatch(dashboard, /rel="modulepreload"/);
    assert.match(dashboard, /<script type="module" crossorigin src="\/assets\/start-after-paint-[\w-]+\.js" data-entry="\/assets\/index-[\w-]+\.js"/);
    assert.match(await page('/no-such-page'), /<div id="root"><\/div>/);
    await browser.url(`${running.url}/login`);
    await browser.$('#login-email').waitForDisplayed();
    assert.equal(await browser.execute(() => document.querySelectorAll('#root h1, #root .civic-login-intro, #root .civic-public').length), 3);
  });

  test('a wrong password is refused with the spec message', async () => {
    await browser.url(`${running.url}/login`);
    await browser.$('#login-email').setValue('editor@demo.gov.sg');
    await browser.$('#login-password').setValue('not-the-password');
    await browser.$('button[type="submit"]').click();
    const alert = browser.$('[role="alert"]');
    await alert.waitForDisplayed();
    assert.match(await alert.getText(), /Incorrect Email Address\/Password/);
    assert.equal(new URL(await browser.getUrl()).pathname, '/login');
  });
});

const roles = [
  { email: 'admin@demo.gov.sg', apps: 6, firstApp: 'Demo Enterprise Bot' },
  { email: 'appadmin@demo.gov.sg', apps: 6, firstApp: 'Demo Enterprise Bot' },
  { email: 'editor@demo.gov.sg', apps: 5, firstApp: 'Demo Enterprise Bot' },
  { email: 'viewer@demo.gov.sg', apps: 3, firstApp: 'Demo Enterprise Bot' },
];

describe('each demo role walks the shell', () => {
  for (const role of roles) {
    test(`${role.email}: dashboard, sidebar, app switcher, sign out`, async () => {
      await signIn(browser, running.url, role.email, E2E_PASSWORD);
      assert.equal(await pageTitle(browser), 'Dashboard');
      await expectAccessible(`dashboard as ${role.email}`);

      // The title shows before the app list has arrived: wait for the rows, then count them.
      const ROWS = '//table[caption[normalize-space()="Your apps"]]/tbody/tr';
      const countRows = () => browser.execute((xpath: string) => document.evaluate(`count(${xpath})`, document, null, XPathResult.NUMBER_TYPE, null).numberValue, ROWS);
      await browser.waitUntil(async () => (await countRows()) === role.apps, { timeout: 15_000 }).catch(() => undefined);
      const rows = await browser.$$(ROWS);
      assert.equal(rows.length, role.apps, 'the dashboard lists the apps the user holds a role on');

      const entries = await sidebarEntries(browser);
      // The app menu opens with My Workspace; plugins add entries after it, then Settings, and after
      // Settings only what §2 puts there (the next-generation console entry, Helpdesk, Subscriber).
      const appMenu = entries.slice(entries.indexOf('My Workspace'));
      assert.equal(appMenu[0], 'My Workspace', `sidebar: ${entries.join(', ')}`);
      const afterSettings = appMenu.slice(appMenu.indexOf('Settings') + 1);
      assert.ok(appMenu.includes('Settings'), `sidebar: ${entries.join(', ')}`);
      assert.deepEqual(afterSettings.filter((label) => !/^(Next-generation (console|playground)|Helpdesk|Subscriber)\b/.test(label)), [], `sidebar: ${entries.join(', ')}`);
      assert.ok(afterSettings.some((label) => label.startsWith('Helpdesk')), `the helpdesk flag is on in the default profile: ${entries.join(', ')}`);
      // Platform items are for platform admins only (§6).
      assert.equal(entries.includes('Users'), role.email === 'admin@demo.gov.sg', `sidebar: ${entries.join(', ')}`);

      const options = await appSwitcherOptions(browser);
      assert.equal(options.length, role.apps);
      // Sorted by tier (Enterprise, Plus, Starter, Internal), then by app id.
      const tiers = options.map((o) => /(Enterprise|Plus|Starter|Internal)$/.exec(o)?.[1]);
      const order = ['Enterprise', 'Plus', 'Starter', 'Internal'];
      assert.deepEqual([...tiers].sort((a, b) => order.indexOf(a ?? '') - order.indexOf(b ?? '')), tiers);
      assert.ok(options[0].startsWith(role.firstApp));
      await expectAccessible(`app switcher open as ${role.email}`);
      await browser.keys('Escape');

      await signOut(browser);
    });
  }
});

describe('app settings', () => {
  test('switching apps keeps the page and changes the app', async () => {
    await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/app-settings/general/demo-enterprise`);
    assert.equal(await pageTitle(browser), 'App settings');
    await browser.$('//*[contains(text(), "demo-enterprise")]').waitForDisplayed();
    await pickApp(browser, 'Demo Plus Bot');
    await waitForPath(browser, '/app-settings/general/demo-plus');
    await browser.$('//*[contains(text(), "demo-plus")]').waitForDisplayed();
    await expectAccessible('app settings (general)');
    await signOut(browser);
  });

  test('an editor changes a threshold, and it is still there after a reload', async () => {
    await signIn(browser, running.url, 'editor@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/app-settings/knowledge-base/demo-plus`);
    // A new app's threshold is automatic (chosen from its own phrases); the editor fixes one.
    const fixed = browser.$('label*=Fixed values');
    await fixed.waitForClickable();
    await expectAccessible('app settings (knowledge base) as editor');
    await fixed.click();
    const field = browser.$('#kb-mlConfidenceThreshold');
    await field.waitForEnabled();
    await field.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
    await field.setValue('0.65');
    await browser.$('//button[normalize-space()="Save"]').click();
    await browser.$('//*[contains(@class, "bp6-toast")][contains(., "Saved")]').waitForDisplayed();

    await browser.refresh();
    const reloaded = browser.$('#kb-mlConfidenceThreshold');
    await reloaded.waitForDisplayed();
    await browser.waitUntil(async () => (await reloaded.getValue()) === '0.65', { timeoutMsg: 'the saved threshold did not come back' });

    // The change is audited: My Workspace lists it under recent activity, with who made it.
    await browser.url(`${running.url}/my-workspace/demo-plus`);
    const activity = browser.$('//table[.//*[contains(., "editor@demo.gov.sg")]]');
    await activity.waitForDisplayed();
    assert.match(await activity.getText(), /0\.65/);
    await signOut(browser);
  });

  test('a viewer sees the thresholds read-only', async () => {
    await signIn(browser, running.url, 'viewer@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/app-settings/knowledge-base/demo-plus`);
    const field = browser.$('#kb-mlConfidenceThreshold');
    await field.waitForDisplayed();
    await browser.waitUntil(async () => (await field.getValue()) === '0.65', { timeoutMsg: 'the viewer does not see the saved value' });
    assert.equal(await field.isEnabled() && !(await field.getAttribute('readonly')), false, 'the field is editable for a viewer');
    assert.equal(await browser.$('//button[normalize-space()="Save"]').isEnabled(), false);
    assert.match(await browser.$('main').getText(), /Read only\. Only editors and admins of this app can change these settings\./);
    await expectAccessible('app settings (knowledge base) as viewer');
    await signOut(browser);
  });
});

describe('navigation edges', () => {
  test('an unknown page shows the not-found page inside the shell; My Workspace opens', async () => {
    await signIn(browser, running.url, 'appadmin@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/no-such-page`);
    await browser.$('nav[aria-label="Main navigation"]').waitForDisplayed();
    assert.match(await browser.$('main').getText(), /not found/i);
    await expectAccessible('not found');
    await browser.url(`${running.url}/my-workspace/demo-starter`);
    assert.equal(await pageTitle(browser), 'My Workspace');
    await browser.$('//*[contains(text(), "Demo Starter Bot")]').waitForDisplayed();
    await expectAccessible('my workspace');
    await signOut(browser);
  });

  test("the dashboard, loaded afresh while signed in, stays light: the shell's overlays wait for first use", async () => {
    await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/dashboard`);
    assert.equal(await pageTitle(browser), 'Dashboard');
    await browser.$('//table[caption[normalize-space()="Your apps"]]/tbody/tr').waitForExist();
    const scripts = await loadedScripts(browser);
    assert.ok(scripts.gzipBytes <= 200 * 1024, `the dashboard loads ${(scripts.gzipBytes / 1024).toFixed(1)} KiB gzip of JS (budget 200 KiB)`);
    assert.deepEqual(scripts.heavy, [], `the dashboard loads ${scripts.heavy.join(', ')}`);
    // The user menu's popover arrives with the first click and opens at once.
    await signOut(browser);
    const after = await loadedScripts(browser);
    assert.ok(after.files.length > scripts.files.length, 'opening the user menu fetched no code: was it on the first screen?');
  });

  test('a signed-in user visiting /login goes to the dashboard', async () => {
    await signIn(browser, running.url, 'viewer@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/login`);
    await waitForPath(browser, '/dashboard');
    await signOut(browser);
  });
});
