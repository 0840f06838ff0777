import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { signIn } from './support/console-user';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Layout and keyboard across the main screens, as an admin at 1280×800: no screen needs horizontal
 * scrolling, every tab strip is reached with Tab and moves with the arrow keys, and the data grids
 * tell screen readers they are grids with row and column counts.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
  await browser.setWindowSize(1280, 800);
  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

const APP = 'demo-enterprise';
const SCREENS = [
  '/dashboard',
  `/my-workspace/${APP}`,
  `/intents/${APP}`,
  `/entities/${APP}`,
  `/glossary/${APP}`,
  `/team/${APP}`,
  `/categories/${APP}`,
  `/appSettings/${APP}`,
  `/fitting-room/${APP}`,
  '/users',
  '/auditLog',
  '/chatApp',
  '/agency',
  '/adaptor',
  '/subscription-tiers',
  '/feature-flags',
  '/settings',
  '/help',
  `/training/${APP}`,
  `/uncategorisedintents/${APP}`,
  `/training-hub/${APP}`,
  `/analytics/${APP}`,
  `/analytics/intents/${APP}`,
  '/feature-analytics',
  '/credential-sso',
  `/subscriber/${APP}`,
];

async function settle(): Promise<void> {
  // The page document's frame has the title and a loading screen before the console has run.
  await browser.waitUntil(() => browser.execute(() => Boolean(document.querySelector('#page-title')?.textContent?.trim()) && !document.querySelector('.bp6-skeleton, .civic-loading-screen')), { timeout: 15_000 });
  await browser.pause(300);
}

test('no main screen needs horizontal scrolling at 1280×800', async () => {
  const overflowing: string[] = [];
  for (const path of SCREENS) {
    await browser.url(`${running.url}${path}`);
    await settle();
    const sizes = await browser.execute(() => {
      const main = document.querySelector('main') ?? document.body;
      const wide = [...main.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && getComputedStyle(el).position !== 'fixed')
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      // A box of its own that scrolls sideways hides what is past its edge just as well (a table's
      // Edit and Delete columns): count those too. Code blocks may scroll; they are not layout.
      const scrollers = [...main.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.tagName !== 'PRE')
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${el.scrollWidth}/${el.clientWidth}`);
      return { doc: [document.documentElement.scrollWidth, document.documentElement.clientWidth], main: [main.scrollWidth, main.clientWidth], wide, scrollers };
    });
    // E2E_SHOTS=dir keeps a screenshot of every screen, to look at.
    if (process.env.E2E_SHOTS) await browser.saveScreenshot(`${process.env.E2E_SHOTS}/${path.replace(/\W+/g, '_')}.png`);
    if (sizes.scrollers.length > 0) overflowing.push(`${path}: scrolls sideways inside ${sizes.scrollers.join('; ')}`);
    if (sizes.doc[0] > sizes.doc[1] || sizes.main[0] > sizes.main[1]) {
      overflowing.push(`${path}: document ${sizes.doc.join('/')}, main ${sizes.main.join('/')} (${sizes.wide.join(', ')})`);
      await browser.saveScreenshot(`/tmp/shots/overflow-${path.replace(/\W+/g, '_')}.png`);
    }
  }
  assert.deepEqual(overflowing, []);
});

/** Presses Tab until the focused element matches `selector` (at most `limit` times); false if never. */
async function tabTo(selector: string, limit = 60): Promise<boolean> {
  for (let i = 0; i < limit; i++) {
    await browser.keys('Tab');
    if (await browser.execute((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
  }
  return false;
}

const focusedTab = () => browser.execute(() => (document.activeElement?.getAttribute('role') === 'tab' ? document.activeElement.textContent?.trim() : null) ?? null);
const selectedTab = () => browser.execute(() => document.querySelector('main [role="tablist"] [role="tab"][aria-selected="true"]')?.textContent?.trim() ?? null);

test('the intents list tabs (All / Intents / Q&A) are reached with Tab, move with the arrow keys, and Enter opens one', async () => {
  await browser.url(`${running.url}/intents/${APP}`);
  await settle();
  assert.ok(await tabTo('[role="tab"]'), 'Tab never reached the tab strip');
  assert.equal(await focusedTab(), 'All');
  await browser.keys('ArrowRight');
  assert.equal(await focusedTab(), 'Intents', 'ArrowRight moves to the next tab');
  await browser.keys('ArrowRight');
  assert.equal(await focusedTab(), 'Q&A');
  await browser.keys('ArrowRight');
  assert.equal(await focusedTab(), 'All', 'and wraps around');
  await browser.keys('ArrowLeft');
  assert.equal(await focusedTab(), 'Q&A');
  await browser.keys('Enter');
  await browser.waitUntil(async () => (await selectedTab()) === 'Q&A', { timeout: 5_000, timeoutMsg: 'Enter did not open the Q&A tab' });
  assert.match(new URL(await browser.getUrl()).pathname, /^\/intents\/qna\//);
});

test("the intent editor's tabs are reached with Tab and move with the arrow keys", async () => {
  await browser.url(`${running.url}/intent/${APP}/create`);
  await settle();
  await browser.$('[role="tab"]').waitForDisplayed({ timeout: 15_000 });
  await browser.execute(() => document.querySelector<HTMLElement>('#page-title')?.focus());
  assert.ok(await tabTo('[role="tab"]'), 'Tab never reached the tab strip');
  assert.equal(await focusedTab(), 'Training phrases');
  await browser.keys('ArrowRight');
  assert.match(await focusedTab() ?? '', /^Parameters/);
  await browser.keys('Enter');
  await browser.waitUntil(async () => (await selectedTab())?.startsWith('Parameters'), { timeout: 5_000, timeoutMsg: 'Enter did not open Parameters' });
});

test('on a phone-sized window the sidebar is a drawer: Menu opens it with focus inside, Escape closes it, and the page needs no sideways scrolling', async () => {
  await browser.setWindowSize(412, 900);
  try {
    await browser.url(`${running.url}/intents/${APP}`);
    await settle();
    const sidebar = browser.$('nav[aria-label="Main navigation"]');
    const menu = browser.$('button=Menu');
    assert.equal(await sidebar.isDisplayed(), false, 'closed, the sidebar is out of sight and out of the tab order');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    const widths = await browser.execute(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth, document.querySelector('main')!.clientWidth]);
    assert.ok(widths[0] <= widths[1] + 1, `no sideways scrolling (${widths[0]} > ${widths[1]})`);
    assert.ok(widths[2] >= widths[1] - 1, `the page takes the whole width (${widths[2]} of ${widths[1]})`);
    assert.deepEqual(await seriousAxeViolations(browser), []);

    await menu.click();
    await sidebar.waitForDisplayed({ timeout: 5_000 });
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await browser.waitUntil(() => browser.execute(() => Boolean(document.activeElement?.closest('nav[aria-label="Main navigation"]'))), { timeout: 5_000, timeoutMsg: 'focus did not move into the drawer' });
    assert.deepEqual(await seriousAxeViolations(browser), []);
    await browser.keys('Escape');
    await browser.waitUntil(async () => !(await sidebar.isDisplayed()), { timeout: 5_000, timeoutMsg: 'Escape did not close the drawer' });
    assert.equal(await browser.execute(() => document.activeElement?.textContent), 'Menu', 'focus is back on the Menu button');

    // A link in the drawer navigates and closes it.
    await menu.click();
    await sidebar.waitForDisplayed({ timeout: 5_000 });
    await browser.$('nav[aria-label="Main navigation"]').$('a=Entities').click();
    await browser.waitUntil(async () => new URL(await browser.getUrl()).pathname === `/entities/${APP}`, { timeout: 10_000 });
    await browser.waitUntil(async () => !(await sidebar.isDisplayed()), { timeout: 5_000, timeoutMsg: 'navigating did not close the drawer' });
  } finally {
    await browser.setWindowSize(1280, 800);
  }
});
