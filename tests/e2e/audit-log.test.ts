import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, type Browser } from './support/browser';
import { pageTitle, sidebarEntries, signIn } from './support/console-user';
import { click, expectAccessible, fill, waitForPath, waitForText } from './support/identity-steps';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Issue 7 (audit part) in a real Chromium: a change is read back in the audit trail with filters and
 * its before/after, the chain verifies, the filtered rows export as CSV; /settings renames the user;
 * /help shows the guide and its PDF opens.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

test('a settings change is in the audit trail: filters, detail with before/after, verify, CSV export', async () => {
  await browser.url(`${running.url}/app-settings/knowledge-base/demo-plus`);
  await click(browser, 'label', 'Fixed values');
  await fill(browser, 'kb-mlConfidenceThreshold', '0.77');
  await click(browser, 'button', 'Save');
  await waitForText(browser, 'Saved');

  assert.ok((await sidebarEntries(browser)).includes('Audit Logs'));
  await browser.url(`${running.url}/auditLog`);
  assert.equal(await pageTitle(browser), 'Audit Logs');
  await fill(browser, 'audit-actor', 'admin@demo');
  await fill(browser, 'audit-app', 'demo-plus');
  const action = browser.$('#audit-action');
  await browser.waitUntil(async () => (await action.$$('option').length) > 1, { timeoutMsg: 'the action filter has no actions' });
  await action.selectByAttribute('value', 'app-settings.update');
  await click(browser, 'button', 'Apply filters');
  await waitForText(browser, '1 entry');
  await waitForText(browser, 'mlConfidenceThreshold automatic → 0.77');
  await expectAccessible(browser, '/auditLog filtered');

  const detail = browser.$('button[aria-label^="Detail of entry"]');
  await detail.waitForClickable();
  await detail.click();
  const drawer = browser.$('[role="dialog"][aria-labelledby="audit-detail-title"]');
  await drawer.waitForDisplayed();
  // Only what changed, by its label: the Q&A threshold was not touched, so it is not listed.
  const changes = await drawer.$('table[aria-label="Changed fields"]').getText();
  assert.match(changes, /ML confidence threshold\s+none\s+0\.77/, 'the seeded app was automatic (no fixed threshold)');
  assert.doesNotMatch(changes, /Q&A confidence threshold/);
  await expectAccessible(browser, 'audit entry detail');
  await drawer.$('button[aria-label="Close"]').click();
  await drawer.waitForDisplayed({ reverse: true });

  await click(browser, 'button', 'Verify integrity');
  await waitForText(browser, 'Integrity verified');
  assert.match(await browser.$('body').getText(), /all \d[\d,]* entries are unbroken/);

  // The CSV is saved through a Blob URL: keep the blob to read what would be saved.
  await browser.execute(() => {
    const original = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      (window as unknown as { savedCsv: Blob }).savedCsv = blob as Blob;
      return original(blob);
    };
  });
  await click(browser, 'button', 'Export CSV');
  await browser.waitUntil(() => browser.execute(() => Boolean((window as unknown as { savedCsv?: Blob }).savedCsv)), { timeoutMsg: 'no CSV was saved' });
  const csv = await browser.executeAsync((done: (text: string) => void) => {
    void (window as unknown as { savedCsv: Blob }).savedCsv.text().then(done);
  });
  const lines = csv.replace(/^\ufeff/, '').trim().split('\r\n');
  assert.equal(lines.length, 2, 'header and the one filtered row');
  assert.match(lines[0], /^"id","time \(UTC\)","actor"/);
  assert.match(lines[1], /"admin@demo\.gov\.sg","demo-plus","app-settings\.update"/);
});

test('/settings: the user renames themselves; the sidebar and the audit trail show it', async () => {
  await browser.url(`${running.url}/settings`);
  assert.equal(await pageTitle(browser), 'Settings');
  await fill(browser, 'profile-name', 'x'.repeat(51));
  await click(browser, 'button', 'Save name');
  await waitForText(browser, 'Only 50 characters allowed');
  await fill(browser, 'profile-name', 'Ada Auditor');
  await click(browser, 'button', 'Save name');
  await browser.waitUntil(async () => (await browser.$('.civic-user-menu-button').getText()).includes('Ada Auditor'), { timeoutMsg: 'the sidebar kept the old name' });
  await waitForText(browser, 'This session');
  await expectAccessible(browser, '/settings');

  await browser.url(`${running.url}/auditLog`);
  await fill(browser, 'audit-target', 'admin@demo.gov.sg');
  await browser.$('#audit-action').selectByAttribute('value', 'auth.update-profile');
  await click(browser, 'button', 'Apply filters');
  await waitForText(browser, 'changed their name');
});

test('/help shows the guide with its contents, and the PDF link works', async () => {
  await browser.url(`${running.url}/help`);
  assert.equal(await pageTitle(browser), 'Help');
  const contents = browser.$('nav[aria-labelledby="help-toc-title"]');
  await contents.waitForDisplayed();
  for (const heading of ['Getting started', 'Building your bot', 'Testing your bot', 'Publishing', 'Monitoring and improving']) {
    assert.ok(await contents.$(`.//a[normalize-space()="${heading}"]`).isExisting(), `contents link "${heading}"`);
    assert.ok(await browser.$(`//h2[contains(normalize-space(), "${heading}")]`).isDisplayed(), `heading "${heading}"`);
  }
  await expectAccessible(browser, '/help');
  await contents.$('.//a[normalize-space()="Publishing"]').click();
  await browser.waitUntil(async () => new URL(await browser.getUrl()).hash === '#publish');

  const link = browser.$('//a[normalize-space()="Download the guide (PDF)"]');
  const href = await link.getAttribute('href');
  assert.equal(href, '/help/civic-console-guide.pdf');
  const pdf = await browser.executeAsync((path: string, done: (r: { status: number; type: string | null; head: string }) => void) => {
    void fetch(path).then(async (res) => done({ status: res.status, type: res.headers.get('content-type'), head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) }));
  }, href);
  assert.deepEqual(pdf, { status: 200, type: 'application/pdf', head: '%PDF-' });

  // The user menu's HELP opens the same PDF.
  await browser.$('.civic-user-menu-button').click();
  const help = browser.$('//*[@role="menuitem"][contains(., "HELP")]');
  await help.waitForDisplayed();
  assert.match(String(await help.getAttribute('href')), /\/help\/civic-console-guide\.pdf$/);
  await browser.keys('Escape');
  await waitForPath(browser, '/help');
});
