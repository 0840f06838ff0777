import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { signIn, waitForPath } from './support/console-user';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Classification and tagging in a real Chromium against the real server: an editor ticks two
 * intents in the table, adds a category to both with the bulk dialog and filters the table by it;
 * then tags a word of a new training phrase with a map entity in the intent editor and saves,
 * which stores the tagged part and adds the matching parameter. Every screen is checked with axe.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const APP = 'demo-enterprise';
const CATEGORY = 'Moving house';
const PICKED = ['Change of address', 'Pay a parking fine'];

async function expectAccessible(label: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  assert.equal(violations.length, 0, `axe on ${label}:\n${describeViolations(violations)}`);
}

async function shown(selector: string, timeout = 15_000) {
  const element = browser.$(selector);
  await element.waitForDisplayed({ timeout });
  return element;
}

/** The API as the signed-in browser calls it (its own token): status and JSON body. */
async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const result: unknown = await browser.execute(
    async (key, m, p, b) => {
      const token = localStorage.getItem(key) ?? '';
      const response = await fetch(p, { method: m, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: b === null ? undefined : JSON.stringify(b) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    TOKEN_STORAGE_KEY,
    method,
    path,
    body ?? null,
  );
  return result as { status: number; body: T };
}

interface Row { id: string; displayName: string; categoryIds: string[] }
interface Detail {
  intent: {
    version: number;
    trainingPhrases: Array<{ parts: Array<{ text: string; entity_type?: string; param_name?: string }> }>;
    parameters: Array<{ display_name: string; entity_type_display_name: string; value: string }>;
  };
}

async function intentByName(name: string): Promise<Row> {
  const { status, body } = await api<{ data: { rows: Row[] } }>('GET', `/api/v1/apps/${APP}/intents?search=${encodeURIComponent(name)}`);
  assert.equal(status, 200);
  const row = body.data.rows.find((r) => r.displayName === name);
  assert.ok(row, `no intent named ${name}`);
  return row;
}

/** The intents the table lists now, by their row checkboxes. */
async function listedIntents(): Promise<string[]> {
  return browser.execute(() =>
    [...document.querySelectorAll<HTMLInputElement>('input.civic-kb-check')].map((i) => (i.getAttribute('aria-label') ?? '').replace(/^Select /, '')).sort(),
  );
}

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
  await signIn(browser, running.url, 'editor@demo.gov.sg', E2E_PASSWORD);
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

test('bulk-assign a category to two intents from the table, then filter the table by it', async () => {
  const created = await api<{ data: { category: { id: string } } }>('POST', `/api/v1/apps/${APP}/categories`, { name: CATEGORY });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await browser.url(`${running.url}/intents/${APP}`);
  for (const name of PICKED) await (await shown(`//input[@aria-label="Select ${name}"]`)).click();
  await shown('//*[normalize-space()="2 selected"]');
  await (await shown('//button[normalize-space()="Categories and labels"]')).click();
  const dialog = await shown('//*[contains(@class,"bp6-dialog")][.//*[normalize-space()="Categories and labels of 2 selected"]]');
  await (await dialog.$(`.//label[contains(@class,"bp6-control")][normalize-space()="${CATEGORY}"]`)).click();
  await dialog.$(`.//label[normalize-space()="${CATEGORY} (add)"]`).waitForDisplayed();
  await expectAccessible('bulk classify dialog');
  await (await dialog.$('.//button[normalize-space()="Apply"]')).click();
  await dialog.waitForDisplayed({ reverse: true });
  // The selection is cleared once applied.
  await browser.$('//*[normalize-space()="2 selected"]').waitForDisplayed({ reverse: true });

  const categoryId = created.body.data.category.id;
  for (const name of PICKED) assert.deepEqual((await intentByName(name)).categoryIds, [categoryId], `${name} has the category`);

  const before = await listedIntents();
  assert.ok(before.length > 2, 'unfiltered, the table lists more than the two');
  await (await shown('//select[@aria-label="Category"]')).selectByVisibleText(CATEGORY);
  await browser.waitUntil(async () => (await listedIntents()).length === 2, { timeout: 15_000, timeoutMsg: 'the filter never narrowed the table to two intents' });
  assert.deepEqual(await listedIntents(), [...PICKED].sort());
  await expectAccessible('intents filtered by category');
});

test('tag a word of a new training phrase with a map entity; saving stores the part and adds its parameter', async () => {
  const entity = await api('POST', `/api/v1/apps/${APP}/entities`, {
    display_name: 'district',
    kind: 'KIND_MAP',
    enable_fuzzy_extraction: false,
    entities: [{ value: 'Woodlands', synonyms: ['Woodlands', 'Woodlands town'] }],
  });
  assert.equal(entity.status, 201, JSON.stringify(entity.body));
  const { id } = await intentByName('Change of address');
  const editPath = `/intent/${APP}/edit/${id}`;
  const phrase = 'I moved to Woodlands last week';

  await browser.url(`${running.url}${editPath}`);
  await waitForPath(browser, editPath);
  const input = await shown('#kb-new-phrase');
  await input.click();
  await input.addValue(phrase);
  await browser.keys('Enter');
  await (await shown(`//button[@aria-label="Tag an entity in ${phrase}"]`)).click();
  const words = await shown('#kb-tag-words');
  await words.click();
  await words.addValue('Woodlands');
  await (await shown('#kb-tag-entity')).selectByAttribute('value', '@district');
  await (await shown('//*[@role="group"][@aria-label="Tag an entity"]//button[normalize-space()="Tag"]')).click();
  await shown('//mark[normalize-space()="Woodlands"]');
  await expectAccessible('intent editor with a tagged phrase');

  await (await shown('//button[normalize-space()="Save"]')).click();
  let detail: Detail | undefined;
  await browser.waitUntil(
    async () => {
      const { body } = await api<{ data: Detail }>('GET', `/api/v1/apps/${APP}/intents/${id}`);
      detail = body.data;
      return detail.intent.trainingPhrases.some((p) => p.parts.map((part) => part.text).join('') === phrase);
    },
    { timeout: 15_000, timeoutMsg: 'the new phrase was never saved' },
  );
  const saved = detail!.intent.trainingPhrases.find((p) => p.parts.map((part) => part.text).join('') === phrase)!;
  assert.deepEqual(
    saved.parts.map((part) => [part.text, part.entity_type ?? null]),
    [['I moved to ', null], ['Woodlands', '@district'], [' last week', null]],
  );
  const parameter = detail!.intent.parameters.find((p) => p.display_name === 'district');
  assert.ok(parameter, `no district parameter in ${JSON.stringify(detail!.intent.parameters)}`);
  assert.equal(parameter.entity_type_display_name, '@district');
  assert.equal(parameter.value, '$district');
  await expectAccessible('intent editor after saving');
});
