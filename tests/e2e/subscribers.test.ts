import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, type Browser } from './support/browser';
import { pageTitle, sidebarEntries, signIn } from './support/console-user';
import { expectAccessible, waitForText } from './support/identity-steps';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Issue 21 in a real Chromium: the Subscriber page of a demo app in the profile's subscriberAppIds
 * (totals, filters in the URL, masked contacts revealed, one subscriber removed), accessible by axe;
 * an app not listed has no Subscriber entry.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
  await signIn(browser, running.url, 'appadmin@demo.gov.sg', E2E_PASSWORD);
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

const total = async (term: string) => (await browser.$(`//dl[@aria-label="Totals"]//dt[normalize-space()=${JSON.stringify(term)}]/following-sibling::dd`).getText()).trim();

test('an app admin filters, reveals and removes a subscriber of a listed app; the page passes axe', async () => {
  await browser.url(`${running.url}/subscriber/demo-enterprise`);
  assert.equal(await pageTitle(browser), 'Subscriber');
  await waitForText(browser, '40 subscribers');
  const entries = await sidebarEntries(browser);
  assert.equal(entries.at(-1), 'Subscriber', `the App menu ends with Subscriber: ${entries.join(', ')}`);
  assert.equal(await total('Unsubscribed'), '6');
  const table = browser.$('.civic-subscribers-table');
  assert.match(await table.getText(), /[a-z]\*\*\*@[a-z.]+/, 'e-mail contacts are masked');
  await expectAccessible(browser, '/subscriber/demo-enterprise');

  await browser.$('select[aria-label="Channel"]').selectByAttribute('value', 'WHATSAPP');
  await waitForText(browser, '8 subscribers');
  assert.equal(new URL(await browser.getUrl()).searchParams.get('channel'), 'WHATSAPP');
  assert.doesNotMatch(await table.getText(), /\+65\d{8}/, 'phone numbers are masked');

  const reveal = browser.$('button[aria-label^="Reveal contact"]');
  await reveal.waitForClickable({ timeout: 15_000 });
  await reveal.click();
  await browser.waitUntil(async () => /\+659\d{7}/.test(await table.getText()), { timeout: 15_000, timeoutMsg: 'the reveal did not show the phone number' });
  const revealed = /\+659\d{7}/.exec(await table.getText())![0];

  await browser.$(`button[aria-label="Remove ${revealed}"]`).click();
  const confirm = browser.$('[role="alertdialog"]');
  await confirm.waitForDisplayed();
  assert.match(await confirm.getText(), new RegExp(`\\${revealed}`));
  await expectAccessible(browser, 'remove confirmation');
  await confirm.$('.//button[normalize-space()="Remove"]').click();
  await confirm.waitForDisplayed({ reverse: true });
  await browser.waitUntil(async () => (await total('Unsubscribed')) === '7', { timeout: 15_000, timeoutMsg: 'the totals did not count the removal' });
  await expectAccessible(browser, '/subscriber/demo-enterprise after removing');
});

test('an app not in subscriberAppIds has no Subscriber entry', async () => {
  await browser.url(`${running.url}/my-workspace/demo-starter`);
  await browser.waitUntil(async () => (await sidebarEntries(browser)).includes('My Workspace'), { timeout: 15_000 });
  assert.ok(!(await sidebarEntries(browser)).includes('Subscriber'));
  await browser.url(`${running.url}/my-workspace/demo-plus`);
  await browser.waitUntil(async () => (await sidebarEntries(browser)).includes('Subscriber'), { timeout: 15_000, timeoutMsg: 'demo-plus is listed: it has the entry' });
});
