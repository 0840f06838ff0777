import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestHttpsServer, type TestHttpsServer } from '@civic/sdk/testing/server/test-https-server';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { sidebarEntries, signIn, signOut, waitForPath } from './support/console-user';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * /dialogFlow in a real browser: a platform admin points an app's draft at an external engine (a
 * loopback server here), tests a message and sees the intent, confidence and top matches; the page
 * is axe clean; other roles do not get the entry. The engine is https with a certificate made for the
 * test (the console trusts it through NODE_EXTRA_CA_CERTS) and loopback is allowed by CIVIC_OUTBOUND_ALLOW.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let engine: TestHttpsServer;
let certDir = '';

async function expectAccessible(label: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  assert.equal(violations.length, 0, `axe on ${label}:\n${describeViolations(violations)}`);
}

before(async () => {
  engine = await startTestHttpsServer(({ path, body }) => {
    const { text } = JSON.parse(body) as { text: string };
    const qna = path === '/qna';
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ type: 'text', text: [`${qna ? 'Q&A' : 'Dialog'} answer to ${text}`] }], intentName: qna ? 'Opening hours' : 'Small talk', confidence: qna ? 0.875 : 0.25 }),
    };
  });
  certDir = mkdtempSync(join(tmpdir(), 'e2e-engine-'));
  writeFileSync(join(certDir, 'engine.pem'), engine.cert);
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', CIVIC_OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: join(certDir, 'engine.pem') });
  ({ browser, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
  await engine?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

test('a platform admin configures an engine and tests a message: intent, confidence, top matches', async () => {
  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  assert.ok((await sidebarEntries(browser)).includes('Dialog engine'), 'the platform menu has the entry');
  await browser.url(`${running.url}/dialogFlow`);
  await waitForPath(browser, '/dialogFlow');
  const configure = browser.$('button[aria-label="Configure Demo Plus Bot draft"]');
  await configure.waitForDisplayed({ timeout: 20_000 });
  await expectAccessible('dialogFlow');

  await configure.click();
  const select = browser.$('#engine-service');
  await select.waitForDisplayed();
  await select.selectByAttribute('value', 'CIVIC_X');
  await browser.$('#qna-handler').setValue(`${engine.url}/qna`);
  await browser.$('button[type="submit"]=Save').click();
  const alert = browser.$('.bp6-dialog [role="alert"]');
  await alert.waitForDisplayed();
  assert.match(await alert.getText(), /needs both a Q&A handler and a dialog handler/);
  await expectAccessible('configure dialog with an error');
  await browser.$('#dialog-handler').setValue(`${engine.url}/dialog`);
  await browser.$('button[type="submit"]=Save').click();
  await browser.$('.bp6-dialog').waitForExist({ reverse: true });
  const row = browser.$('//tr[td[contains(., "demo-plus")] and td[normalize-space()="draft"]]');
  await browser.waitUntil(async () => (await row.getText()).includes('External engine'), { timeoutMsg: 'the table shows the new engine' });

  await browser.$('#test-app').selectByAttribute('value', 'demo-plus');
  await browser.$('#test-environment').selectByAttribute('value', 'draft');
  await browser.$('#test-text').setValue('when are you open');
  await browser.$('button[type="submit"]=Test').click();
  const intent = browser.$('[data-testid="test-intent"]');
  await intent.waitForDisplayed();
  assert.equal(await intent.getText(), 'Opening hours');
  assert.equal(await browser.$('[data-testid="test-confidence"]').getText(), '0.875');
  const matches = await browser.$$('//table[caption[normalize-space()="Top matches"]]/tbody/tr');
  assert.equal(matches.length, 2);
  assert.match(await browser.$('.dialog-engine-test-result').getText(), /Q&A answer to when are you open/);
  await expectAccessible('dialogFlow with a test result');

  // The built-in engine on the demo knowledge base: its opening-hours Q&A answers; an off-topic
  // question falls back, and the page says so.
  await browser.$('#test-app').selectByAttribute('value', 'demo-enterprise');
  await browser.$('button[type="submit"]=Test').click();
  await browser.waitUntil(async () => (await browser.$('[data-testid="test-intent"]').getText()) === 'What are your opening hours?', { timeout: 30_000, timeoutMsg: 'the demo Q&A did not answer' });
  await browser.$('#test-text').setValue('recommend a good pizza topping for my party');
  await browser.$('button[type="submit"]=Test').click();
  await browser.waitUntil(async () => (await browser.$('.dialog-engine-test-result').getText()).includes('Fallback'), { timeoutMsg: 'a fallback is shown' });
  await signOut(browser);
});

test('other roles have no Dialog engine entry', async () => {
  await signIn(browser, running.url, 'appadmin@demo.gov.sg', E2E_PASSWORD);
  assert.ok(!(await sidebarEntries(browser)).includes('Dialog engine'));
  await signOut(browser);
});
