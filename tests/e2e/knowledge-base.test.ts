import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, type Browser } from './support/browser';
import { signIn, waitForPath } from './support/console-user';
import { byText, click, expectAccessible, fill, waitForText } from './support/identity-steps';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/** The knowledge base in a real Chromium: intents, the editor and its guards, Q&A quick add, the glossary. */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let createdPath = '';
const APP = 'demo-plus';

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

async function shown(selector: string, timeout = 15_000) {
  const element = browser.$(selector);
  await element.waitForDisplayed({ timeout });
  return element;
}

test('the intents page lists the demo tree with counts and is accessible', async () => {
  await signIn(browser, running.url, 'editor@demo.gov.sg', E2E_PASSWORD);
  await browser.url(`${running.url}/intents/${APP}`);
  await waitForText(browser, 'Renew passport - fees');
  const count = await (await shown('.civic-kb-count')).getText();
  assert.match(count, /^\d+ intents · \d+ Q&A$/);
  // Blueprint's table stylesheet is there: the rows scroll inside the table, not with the page.
  const scroller = await browser.execute(() => {
    const element = document.querySelector<HTMLElement>('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
    return element ? { overflowY: getComputedStyle(element).overflowY, clientHeight: element.clientHeight, scrollHeight: element.scrollHeight } : null;
  });
  assert.ok(scroller, 'the table has a scroll container');
  assert.equal(scroller.overflowY, 'auto');
  assert.ok(scroller.scrollHeight > scroller.clientHeight, `the demo tree overflows the table's own viewport (${scroller.scrollHeight} > ${scroller.clientHeight})`);
  await expectAccessible(browser, 'intents page');
});

test('create an intent with a tagged phrase and a text response; it is there after a reload', async () => {
  await click(browser, 'button', 'Add intent');
  await waitForPath(browser, `/intent/${APP}/create`);
  await fill(browser, 'kb-intent-name', 'Replace a damaged passport');
  await fill(browser, 'kb-new-phrase', 'my passport got wet in Bedok');
  await browser.keys('Enter');
  await click(browser, 'button', 'Tag…');
  await fill(browser, 'kb-tag-words', 'Bedok');
  await (await shown('#kb-tag-entity')).selectByAttribute('value', '@sys.geo-city');
  await click(browser, 'button', 'Tag');
  await shown(byText('mark', 'Bedok'));
  await expectAccessible(browser, 'intent editor, phrases');

  await (await shown('//*[@role="tab"][normalize-space()="Responses"]')).click();
  await click(browser, 'button', 'Add message');
  await (await shown('//*[@role="menuitem"][normalize-space()="Text"]')).click();
  const line = await shown('//input[@aria-label="Line 1"]');
  await line.click();
  await line.addValue('Apply for a replacement online.');
  await click(browser, 'button', 'Save');
  await waitForPath(browser, new RegExp(`^/intent/${APP}/edit/[0-9a-f-]{36}$`));
  createdPath = new URL(await browser.getUrl()).pathname;

  await browser.refresh();
  await shown(byText('mark', 'Bedok'));
  assert.equal(await (await shown('#kb-intent-name')).getValue(), 'Replace a damaged passport');
  await (await shown('//*[@role="tab"][contains(., "Parameters")]')).click();
  assert.equal(await (await shown('#kb-param-0-name')).getValue(), 'sys_geo-city');
  await (await shown('//*[@role="tab"][normalize-space()="Responses"]')).click();
  assert.equal(await (await shown('//input[@aria-label="Line 1"]')).getValue(), 'Apply for a replacement online.');
});

test('leaving with unsaved changes asks first; Ctrl+S saves', async () => {
  await browser.url(`${running.url}${createdPath}`);
  await fill(browser, 'kb-intent-name', 'Replace a damaged or lost passport');
  await (await shown('//*[@role="tab"][contains(., "Config")]')).click();
  await click(browser, 'a', 'Add a follow-up intent');
  await waitForText(browser, 'Are you sure you want to navigate away from this page without saving it?');
  await expectAccessible(browser, 'unsaved-changes prompt');
  await click(browser, 'button', 'Stay on this page');
  assert.equal(new URL(await browser.getUrl()).pathname, createdPath);
  await browser.keys(['Control', 's']);
  await waitForText(browser, 'Saved');
  await browser.refresh();
  await browser.waitUntil(async () => (await (await shown('#kb-intent-name')).getValue()) === 'Replace a damaged or lost passport', { timeout: 15_000 });
});

test('deleting a level 1 intent warns about its follow-ups and removes them', async () => {
  await browser.url(`${running.url}/intents/${APP}`);
  await waitForText(browser, 'Renew passport - fees');
  await (await shown('//button[@aria-label="Delete Renew passport"]')).click();
  await waitForText(browser, 'This is a level 1 intent: deleting it also deletes its flow and all of its follow-up intents.');
  await waitForText(browser, 'Are you sure you want to delete this?');
  await (await shown('//*[@role="alertdialog"]//button[normalize-space()="Delete"]')).click();
  await browser.waitUntil(async () => !((await browser.$('main').getText()) ?? '').includes('Renew passport - fees'), { timeout: 15_000, timeoutMsg: 'the follow-ups are still listed' });
});

test('Q&A quick add: many variants pasted at once', async () => {
  await browser.url(`${running.url}/QandA/${APP}/view`);
  await fill(browser, 'qna-question', 'How do I book a polyclinic appointment?');
  await fill(browser, 'qna-variants', 'book polyclinic\nmake an appointment at the polyclinic\npolyclinic booking');
  await fill(browser, 'qna-answer', 'Book online or through the health app.');
  await click(browser, 'button', 'Add Q&A pair');
  const row = await shown('//table[@aria-label="Q&A pairs"]//tr[td/a[normalize-space()="How do I book a polyclinic appointment?"]]');
  assert.equal(await row.$('./td[2]').getText(), '4');
  await expectAccessible(browser, 'Q&A list');
});

test('glossary: add a term and find it', async () => {
  await browser.url(`${running.url}/glossary/${APP}`);
  await click(browser, 'button', 'Add term');
  await fill(browser, 'glossary-term', 'CPF');
  await fill(browser, 'glossary-synonyms', 'central provident fund, provident fund');
  await fill(browser, 'glossary-definition', 'The national savings scheme.');
  await click(browser, 'button', 'Save term');
  await shown(byText('td', 'central provident fund, provident fund'));
  await fill(browser, 'glossary-search', 'provident');
  await expectAccessible(browser, 'glossary');
});

test('a viewer sees the intent read-only', async () => {
  await signIn(browser, running.url, 'viewer@demo.gov.sg', E2E_PASSWORD);
  await browser.url(`${running.url}${createdPath}`);
  const name = await shown('#kb-intent-name');
  assert.equal(await name.getAttribute('readonly'), 'true');
  assert.equal(await browser.$(byText('button', 'Save')).isExisting(), false);
  assert.equal(await browser.$('#kb-new-phrase').isExisting(), false);
});
