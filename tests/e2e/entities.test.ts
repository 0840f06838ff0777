import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { pageTitle, sidebarEntries, signIn, signOut, waitForPath } from './support/console-user';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Entities and classification in a real Chromium against the real server: an editor creates a map
 * entity with synonyms and a regexp entity (a bad RE2 pattern shows where it fails), creates a
 * category, renames a label; on the Starter-tier app Classification is disabled with its reason
 * and the server refuses it. Every screen is checked with axe.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;

async function expectAccessible(label: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  assert.equal(violations.length, 0, `axe on ${label}:\n${describeViolations(violations)}`);
}

const byLabel = (label: string) => browser.$(`aria/${label}`);
const button = (text: string) => browser.$(`//button[normalize-space()="${text}"] | //a[@role="button"][normalize-space()="${text}"]`);

async function typeInto(label: string, text: string): Promise<void> {
  const field = byLabel(label);
  await field.waitForEnabled();
  await field.click();
  await browser.keys(text.split(''));
}

/** signIn, with more patience for the console's restart on a machine shared by many test runs. */
async function signInPatiently(email: string): Promise<void> {
  try {
    await signIn(browser, running.url, email, E2E_PASSWORD);
  } catch {
    await waitForPath(browser, '/dashboard', 60_000);
    await browser.$('#page-title').waitForDisplayed({ timeout: 60_000 });
  }
}

/** Replaces a controlled field's text the way a person does: select all, delete, type. */
async function replaceText(label: string, text: string): Promise<void> {
  const field = byLabel(label);
  await field.waitForEnabled();
  await field.click();
  await browser.keys(['Control', 'a']);
  await browser.keys('Backspace');
  await browser.keys(text.split(''));
}

/** Ticks a Blueprint checkbox by its label (the styled indicator covers the input). */
async function tick(label: string): Promise<void> {
  await browser.$(`//label[contains(@class, "bp6-control")][normalize-space()="${label}"]`).click();
}

/** The API as the signed-in browser calls it (its own token), for what the UI cannot show. */
async function apiStatus(method: string, path: string, body?: unknown): Promise<number> {
  return browser.execute(
    async (key, m, p, b) => {
      const token = localStorage.getItem(key) ?? '';
      const response = await fetch(p, { method: m, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: b === null ? undefined : JSON.stringify(b) });
      return response.status;
    },
    TOKEN_STORAGE_KEY,
    method,
    path,
    body ?? null,
  );
}

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
  await signInPatiently('editor@demo.gov.sg');
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

describe('entities', () => {
  test("the entity list shows the demo's entities (those its intents' parameters name) and offers Create entity", async () => {
    await browser.url(`${running.url}/entities/demo-plus`);
    assert.equal(await pageTitle(browser), 'Entities');
    await browser.$('//table//a[normalize-space()="@document"]').waitForDisplayed();
    await browser.$('//table//a[normalize-space()="@branch"]').waitForDisplayed();
    assert.ok((await sidebarEntries(browser)).includes('Entities'));
    await expectAccessible('entity list of the demo');
    await button('Create entity').click();
    await waitForPath(browser, '/entity/demo-plus/create');
  });

  test('create a map entity with synonyms', async () => {
    await typeInto('Entity name', 'city');
    await typeInto('Value 1', 'New York');
    await typeInto('Synonyms of entry 1', 'NYC');
    await browser.keys('Enter');
    await typeInto('Synonyms of entry 1', 'big apple');
    await browser.keys('Enter');
    await button('Add entry').click();
    await typeInto('Value 2', 'Boston');
    assert.match(await browser.$('//p[@role="status"]').getText(), /Kind: Map/);
    await expectAccessible('new map entity');
    await button('Create').click();
    await waitForPath(browser, /^\/entity\/demo-plus\/edit\/[0-9a-f-]{36}$/);
    await browser.waitUntil(async () => (await pageTitle(browser)) === '@city', { timeout: 15_000, timeoutMsg: 'the title never became @city' });
    await browser.$('//*[contains(@class,"bp6-tag")][normalize-space()="big apple"]').waitForDisplayed();
    await expectAccessible('saved map entity');
  });

  test('create a regexp entity; a bad RE2 pattern shows its error and position', async () => {
    await browser.url(`${running.url}/entity/demo-plus/create`);
    await typeInto('Entity name', 'case-number');
    await tick('Regexp entity');
    assert.match(await browser.$('//p[@role="status"]').getText(), /Kind: Regexp/);
    await typeInto('Regular expression 1', 'CN-(\\d+');
    const error = browser.$('//*[@role="alert"][contains(., "missing closing )")]');
    await error.waitForDisplayed();
    assert.equal(await error.getText(), 'Invalid RE2 regular expression: missing closing ) at character 8');
    await expectAccessible('regexp entity with an error');
    // RE2 refuses what JavaScript accepts: a lookbehind.
    await replaceText('Regular expression 1', '(?<=x)CN');
    await browser.$('//*[@role="alert"][contains(., "Invalid RE2 regular expression")]').waitForDisplayed();
    await replaceText('Regular expression 1', 'CN-(\\d{4})');
    await browser.$('//*[@role="alert"][contains(., "Invalid RE2")]').waitForDisplayed({ reverse: true });
    await button('Create').click();
    await waitForPath(browser, /^\/entity\/demo-plus\/edit\/[0-9a-f-]{36}$/);
    await browser.waitUntil(async () => (await pageTitle(browser)) === '@case-number', { timeout: 15_000, timeoutMsg: 'the title never became @case-number' });
  });

  test('the list shows both with kind and entries', async () => {
    await browser.url(`${running.url}/entities/demo-plus`);
    const table = browser.$('aria/Entities');
    await table.waitForDisplayed();
    await browser.$('//table//a[normalize-space()="@city"]').waitForDisplayed();
    const rows = await browser.$$('//table[@aria-label="Entities"]/tbody/tr');
    const texts: string[] = [];
    for (const row of rows) texts.push((await row.getText()).replace(/\s+/g, ' '));
    // Beside the demo's @branch and @document, which its intents use.
    assert.deepEqual(texts.filter((text) => /^@(case-number|city) /.test(text)), ['@case-number Regexp 1 Not used', '@city Map 2 Not used']);
    assert.equal(texts.length, 4, texts.join(' | '));
    await expectAccessible('entity list');
  });
});

describe('classification', () => {
  test('create a category', async () => {
    await browser.url(`${running.url}/categories/demo-plus`);
    assert.equal(await pageTitle(browser), 'Categories');
    await button('Create category').click();
    await typeInto('Category name', 'Housing grants');
    await expectAccessible('create category dialog');
    await button('Create').click();
    await browser.$('//table[@aria-label="Categories"]//td[normalize-space()="Housing grants"]').waitForDisplayed();
    await expectAccessible('categories');
  });

  test('rename a label; a bad name shows the rule', async () => {
    await browser.url(`${running.url}/label/demo-plus`);
    await button('Create label').click();
    await typeInto('Label name', 'needs-review');
    await button('Create').click();
    await browser.$('//table[@aria-label="Labels"]//td[normalize-space()="needs-review"]').waitForDisplayed();
    await browser.$('aria/Rename needs-review').click();
    const field = byLabel('Label name');
    await field.waitForDisplayed();
    await replaceText('Label name', 'needs review');
    await button('Rename').click();
    await browser.$('//*[contains(text(), "Label names use only A-Z, a-z, 0-9, _ and -, start with a letter and have at most 100 characters")]').waitForDisplayed();
    await expectAccessible('label rename with an error');
    await replaceText('Label name', 'reviewed');
    await button('Rename').click();
    await browser.$('//table[@aria-label="Labels"]//td[normalize-space()="reviewed"]').waitForDisplayed();
  });

  test('Starter tier: Classification disabled with its reason, and refused by the server', async () => {
    await browser.url(`${running.url}/my-workspace/demo-starter`);
    const group = browser.$('//button[contains(@class, "civic-nav-group-toggle")][normalize-space()="Classification"]');
    await group.waitForDisplayed();
    await group.click();
    const disabled = browser.$('//*[@aria-disabled="true"][.//*[normalize-space()="Categories"]]');
    await disabled.waitForDisplayed();
    const reasonId = (await disabled.getAttribute('aria-describedby')) ?? '';
    assert.equal(await browser.execute((id) => document.getElementById(id)?.textContent ?? '', reasonId), 'Not available on the Starter tier');
    assert.equal(await browser.$('//*[@aria-disabled="true"][.//*[normalize-space()="Label"]]').isExisting(), true);
    await expectAccessible('starter sidebar');
    await browser.url(`${running.url}/categories/demo-starter`);
    await browser.$('//*[contains(., "Not available on the Starter tier")]').waitForDisplayed();
    assert.equal(await browser.$('//table[@aria-label="Categories"]').isExisting(), false);
    assert.equal(await apiStatus('GET', '/api/v1/apps/demo-starter/categories'), 403);
    assert.equal(await apiStatus('POST', '/api/v1/apps/demo-starter/labels', { name: 'x' }), 403);
    assert.equal(await apiStatus('GET', '/api/v1/apps/demo-plus/categories'), 200);
    await signOut(browser);
  });

  test('viewers do not see Entities', async () => {
    await signInPatiently('viewer@demo.gov.sg');
    await browser.url(`${running.url}/my-workspace/demo-plus`);
    await pageTitle(browser);
    assert.equal((await sidebarEntries(browser)).includes('Entities'), false);
    assert.equal(await apiStatus('GET', '/api/v1/apps/demo-plus/entities'), 403);
    await signOut(browser);
  });
});
