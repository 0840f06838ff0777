import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, type Browser } from './support/browser';
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
];

async function settle(): Promise<void> {
  await browser.waitUntil(() => browser.execute(() => Boolean(document.querySelector('#page-title')?.textContent?.trim()) && !document.querySelector('.bp6-skeleton')), { timeout: 15_000 });
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
      return { doc: [document.documentElement.scrollWidth, document.documentElement.clientWidth], main: [main.scrollWidth, main.clientWidth], wide };
    });
    if (sizes.doc[0] > sizes.doc[1] || sizes.main[0] > sizes.main[1]) {
      overflowing.push(`${path}: document ${sizes.doc.join('/')}, main ${sizes.main.join('/')} (${sizes.wide.join(', ')})`);
      await browser.saveScreenshot(`/tmp/shots/overflow-${path.replace(/\W+/g, '_')}.png`);
    }
  }
  assert.deepEqual(overflowing, []);
});
