import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { waitForPath } from './support/console-user';
import { startConsole, type RunningConsole } from './support/server';

/**
 * A newcomer's first minute, as `npm start` leaves it (CIVIC_DEMO_PUBLISHED at its default, on):
 * the banner names a demo app's sharing page, and there the bot answers a question at once —
 * no sign-in, no publishing first.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;

before(async () => {
  // '' unsets the suites' CIVIC_DEMO_PUBLISHED=off (startConsole): the deployment default applies.
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', CIVIC_DEMO_PUBLISHED: '' });
  ({ browser, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

test('the start-up banner names the sharing page of a demo app, and the bot there answers a seeded question', async () => {
  const deadline = Date.now() + 15_000;
  let link: RegExpExecArray | null = null;
  while (!(link = /Ask the demo bot a question \(no sign-in\): (\S+)/.exec(running.output()))) {
    assert.ok(Date.now() < deadline, `the banner names no sharing page:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = link[1];
  assert.equal(url, `${running.url}/sharing/demo-enterprise`);

  await browser.setWindowSize(1280, 900);
  await browser.url(url);
  await waitForPath(browser, '/sharing/demo-enterprise');
  const log = browser.$('.cw-fullscreen [role="log"]');
  await log.waitForExist({ timeout: 15_000 });
  const send = browser.$('.cw-fullscreen .cw-send');
  await browser.waitUntil(async () => (await send.isEnabled()) && (await log.getText()).length > 0, { timeout: 60_000, timeoutMsg: 'the production chat never started' });
  assert.equal(await browser.$('.cw-panel [role="alert"]').isExisting(), false, 'no "not published yet" notice');
  await browser.$('.cw-fullscreen .cw-form input').setValue('How do I renew my passport?');
  await send.click();
  await browser.waitUntil(async () => /renew your passport online with your digital identity/i.test(await log.getText()), { timeout: 60_000, timeoutMsg: 'no answer from production' });
  const violations = await seriousAxeViolations(browser);
  assert.equal(violations.length, 0, `axe on the demo sharing page with an answer:\n${describeViolations(violations)}`);
});
