import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import got from 'got';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { signIn, waitForPath } from './support/console-user';
import { encryptPassword } from '../support/encrypt-password';
import { E2E_PASSWORD, freePort, startConsole, type RunningConsole } from './support/server';

/**
 * The web chat widget in a real Chromium: the Web Chat tab's live preview and save, the fitting
 * room, the public sharing page (§2), and the embed script on a page of another origin.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const APP = 'demo-plus';

/** Polls a check outside the browser (e.g. a job through the API) until it holds. */
async function until(check: () => Promise<boolean>, message: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function expectAccessible(label: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  assert.equal(violations.length, 0, `axe on ${label}:\n${describeViolations(violations)}`);
}

/** A custom property of the preview widget's root, as the browser computed it. */
async function widgetVariable(scope: string, name: string): Promise<string> {
  return browser.execute(
    (selector: string, variable: string) => {
      const root = document.querySelector(`${selector} [data-testid="chat-widget"]`);
      return root ? getComputedStyle(root).getPropertyValue(variable).trim() : '';
    },
    scope,
    name,
  );
}

async function typeInto(selector: string, value: string): Promise<void> {
  const input = browser.$(selector);
  await input.waitForDisplayed();
  await input.click();
  await browser.keys(['Control', 'a']);
  await browser.keys(['Delete']);
  await input.setValue(value);
}

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

describe('Web Chat settings', () => {
  test('the preview follows the form before saving; saving persists across a reload', async () => {
    // The first sign-in of a fresh server can outlast signIn's wait on this shared 2-core machine.
    await signIn(browser, running.url, 'editor@demo.gov.sg', E2E_PASSWORD).catch(() => signIn(browser, running.url, 'editor@demo.gov.sg', E2E_PASSWORD));
    await browser.url(`${running.url}/app-settings/web-chat/${APP}`);
    await browser.$('#webchat-appColor').waitForDisplayed({ timeout: 15_000 });
    await browser.$('[data-testid="webchat-preview"] [data-testid="chat-widget"]').waitForExist();
    assert.equal(await widgetVariable('[data-testid="webchat-preview"]', '--cw-color'), '#67BFE2');

    await typeInto('#webchat-appColor', '#0B5394');
    await browser.waitUntil(async () => (await widgetVariable('[data-testid="webchat-preview"]', '--cw-color')) === '#0B5394', {
      timeoutMsg: 'the preview did not take the new colour',
    });
    await typeInto('#webchat-appName', 'Ask the e2e bot');
    const heading = browser.$('[data-testid="webchat-preview"] h2');
    await browser.waitUntil(async () => (await heading.getText()) === 'Ask the e2e bot', { timeoutMsg: 'the preview title did not change' });
    await expectAccessible('Web Chat tab with the preview');
    // Auto-complete and recommendations on, for the fitting room below.
    await browser.$('//label[contains(., "Auto-complete from the app")]').click();
    await browser.$('//label[normalize-space()="Recommendations"]').click();

    await browser.$('//button[normalize-space()="Save"]').click();
    await browser.$('//*[contains(@class, "bp6-toast")][contains(., "Saved")]').waitForDisplayed();
    await browser.refresh();
    const colour = browser.$('#webchat-appColor');
    await colour.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await colour.getValue(), '#0B5394');
    assert.equal(await browser.$('#webchat-appName').getValue(), 'Ask the e2e bot');
  });

  test('a colour pair below 4.5:1 is refused, naming the pair', async () => {
    const saved = await browser.$('#webchat-appBackgroundColor2').getValue();
    await typeInto('#webchat-appBackgroundColor2', '#DDDDDD');
    await browser.$('//button[normalize-space()="Save"]').click();
    const error = browser.$('#webchat-appForegroundColor1-error');
    await error.waitForDisplayed();
    assert.match(await error.getText(), /Foreground colour 1 on background colour 2.*below 4\.5:1/);
    // Back to the saved value, so leaving asks nothing; the refused value was never stored.
    await typeInto('#webchat-appBackgroundColor2', saved);
    await browser.refresh();
    await browser.$('#webchat-appBackgroundColor2').waitForDisplayed({ timeout: 15_000 });
    assert.equal(await browser.$('#webchat-appBackgroundColor2').getValue(), saved);
  });

  test('the fitting room shows the widget with the saved settings', async () => {
    await browser.url(`${running.url}/fitting-room/${APP}`);
    await browser.$('[data-testid="fitting-room"] [data-testid="chat-widget"]').waitForExist({ timeout: 15_000 });
    assert.equal(await widgetVariable('[data-testid="fitting-room"]', '--cw-color'), '#0B5394');
    await expectAccessible('fitting room');
  });

  test('in the fitting room the bot answers from the draft knowledge base, announced in the live log', async () => {
    const room = '[data-testid="fitting-room"]';
    const log = browser.$(`${room} [role="log"]`);
    await log.waitForExist({ timeout: 15_000 });
    const send = browser.$(`${room} .cw-send`);
    // The welcome arrives once the session has started (the draft model trains on first use).
    await browser.waitUntil(async () => (await send.isEnabled()) && (await log.getText()).length > 0, { timeout: 60_000, timeoutMsg: 'the chat never started' });
    await browser.$(`${room} .cw-form input`).setValue('How do I renew my passport?');
    await send.click();
    await browser.waitUntil(async () => /renew your passport online/i.test(await log.getText()), { timeout: 60_000, timeoutMsg: 'no answer from the bot' });
    assert.equal(await log.getAttribute('aria-live'), 'polite');
    // The answer's quick replies are buttons that ask the next question.
    await browser.$(room).$('button=Fees').click();
    await browser.waitUntil(async () => /\$70/.test(await log.getText()), { timeout: 60_000, timeoutMsg: 'the quick reply was not answered' });
    await expectAccessible('fitting room conversation');
  });

  test('auto-complete: typing suggests questions in a combobox; the keyboard picks one, which is asked and answered, then related questions follow', async () => {
    const room = '[data-testid="fitting-room"]';
    const log = browser.$(`${room} [role="log"]`);
    await browser.$(`${room} button[aria-label="Restart conversation"]`).click();
    const send = browser.$(`${room} .cw-send`);
    await browser.waitUntil(async () => (await send.isEnabled()) && !/renew your passport online/i.test(await log.getText()), { timeout: 60_000, timeoutMsg: 'the chat did not restart' });
    const input = browser.$(`${room} input[role="combobox"]`);
    assert.equal(await input.getAttribute('aria-expanded'), 'false');
    await input.click();
    await browser.keys('renew my pass'.split(''));
    const option = browser.$(`${room} [role="listbox"] [role="option"]`);
    await option.waitForDisplayed({ timeout: 15_000, timeoutMsg: 'no suggestions appeared' });
    assert.equal(await input.getAttribute('aria-expanded'), 'true');
    assert.equal(await option.getText(), 'How do I renew my passport?');
    await expectAccessible('fitting room with auto-complete suggestions');
    await browser.keys(['ArrowDown']);
    assert.equal(await input.getAttribute('aria-activedescendant'), await option.getAttribute('id'));
    assert.equal(await option.getAttribute('aria-selected'), 'true');
    await browser.keys(['Enter']);
    await browser.waitUntil(async () => /How do I renew my passport\?[\s\S]*renew your passport online/i.test(await log.getText()), { timeout: 60_000, timeoutMsg: 'the picked suggestion was not asked and answered' });
    assert.equal(await input.getValue(), '');
    assert.equal(await input.getAttribute('aria-expanded'), 'false');
    const related = browser.$(`${room} [role="group"].cw-recs`);
    await related.waitForDisplayed({ timeout: 15_000, timeoutMsg: 'no related questions after the answer' });
    assert.ok((await related.$$('button').length) >= 1);
    await expectAccessible('fitting room with related questions');
  });

  test('"Try it" beside the intent editor: closed until opened, then the widget answers from the draft', async () => {
    await browser.url(`${running.url}/intent/${APP}/create`);
    const toggle = browser.$('button=Try it');
    await toggle.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await browser.$('[data-testid="try-it"]').isExisting(), false, 'the panel is closed at first');
    await toggle.click();
    const panel = '[data-testid="try-it"]';
    const log = browser.$(`${panel} [role="log"]`);
    await log.waitForExist({ timeout: 15_000 });
    const send = browser.$(`${panel} .cw-send`);
    await browser.waitUntil(async () => (await send.isEnabled()) && (await log.getText()).length > 0, { timeout: 60_000, timeoutMsg: 'the chat never started' });
    await browser.$(`${panel} .cw-form input`).setValue('How do I renew my passport?');
    await send.click();
    await browser.waitUntil(async () => /renew your passport online/i.test(await log.getText()), { timeout: 60_000, timeoutMsg: 'no answer in the Try it panel' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await expectAccessible('intent editor with Try it open');
  });
});

describe('sharing page', () => {
  test('signed out, the widget is full screen: no minimise, 95% of the height, 60% of that wide', async () => {
    await browser.execute(() => localStorage.clear());
    await browser.setWindowSize(1280, 900);
    await browser.url(`${running.url}/sharing/${APP}`);
    await waitForPath(browser, `/sharing/${APP}`);
    const panel = browser.$('.cw-fullscreen .cw-panel');
    await panel.waitForDisplayed({ timeout: 15_000 });
    assert.equal(await browser.$('.cw-panel h2').getText(), 'Ask the e2e bot');
    assert.equal(await browser.$('button[aria-label="Minimise chat"]').isExisting(), false);
    assert.equal(await browser.$('button[aria-label="Restart conversation"]').isExisting(), true);
    // The demo app was never published: the citizen is told so, not shown a silent widget.
    const notice = browser.$('.cw-panel [role="alert"]');
    await notice.waitForDisplayed({ timeout: 30_000 });
    assert.match(await notice.getText(), /has not been published yet/);
    assert.equal(await browser.$('//*[contains(@class, "cw-panel")]//button[normalize-space()="Try again"]').isExisting(), false);
    const { height, width, inner } = await browser.execute(() => {
      const rect = document.querySelector('.cw-fullscreen .cw-panel')!.getBoundingClientRect();
      return { height: rect.height, width: rect.width, inner: window.innerHeight };
    });
    assert.ok(Math.abs(height - inner * 0.95) <= 2, `height ${height} vs window ${inner}`);
    assert.ok(Math.abs(width - height * 0.6) <= 2, `width ${width} vs height ${height}`);
    // A citizen downloads the widget, not the console: one small script, no shell, no Blueprint.
    const scripts = await browser.execute(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
        .map((entry) => ({ name: new URL(entry.name).pathname, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
    );
    assert.equal(scripts.length, 1, `scripts loaded: ${JSON.stringify(scripts)}`);
    assert.match(scripts[0].name, /^\/assets\/sharing-[\w-]+\.js$/);
    assert.ok(scripts[0].bytes <= 25 * 1024, `sharing page script is ${scripts[0].bytes} bytes on the wire`);
    assert.equal(await browser.$('#root').isExisting(), false, "the console's root element is not on the page");
    await expectAccessible('sharing page');
  });

  test('once published, a citizen asks a seeded question, gets its answer, votes it down: the turn is PENDING review', async () => {
    // An app admin publishes the draft (the publish dialog itself has its own browser test).
    const loginKey = ((await got(`${running.url}/api/v1/auth/config`).json()) as { data: { loginKey: string } }).data.loginKey;
    const signedIn = (await got
      .post(`${running.url}/api/v1/auth/login`, { json: { email: 'appadmin@demo.gov.sg', password: await encryptPassword(loginKey, E2E_PASSWORD) } })
      .json()) as { data: { token: string } };
    const headers = { authorization: `Bearer ${signedIn.data.token}` };
    const published = (await got.post(`${running.url}/api/v1/apps/${APP}/publishing/publish`, { headers, json: { note: 'e2e: first version' } }).json()) as { data: { job: { id: string } } };
    let last: unknown;
    await until(async () => {
      const { data } = (await got(`${running.url}/api/v1/apps/${APP}/jobs/${published.data.job.id}`, { headers }).json()) as { data: { job: { status: string } } };
      last = data.job;
      assert.notEqual(data.job.status, 'failed', `the publish job failed: ${JSON.stringify(data.job)}`);
      return data.job.status === 'succeeded';
    }, () => `the publish job did not finish: ${JSON.stringify(last)}`);

    await browser.url(`${running.url}/sharing/${APP}`);
    const log = browser.$('.cw-fullscreen [role="log"]');
    await log.waitForExist({ timeout: 15_000 });
    const send = browser.$('.cw-fullscreen .cw-send');
    await browser.waitUntil(async () => (await send.isEnabled()) && (await log.getText()).length > 0, { timeout: 60_000, timeoutMsg: 'the production chat never started' });
    // Watch the widget's own calls: the feedback answer says what the server stored.
    await browser.execute(() => {
      const seen: unknown[] = [];
      (window as unknown as { __feedback: unknown[] }).__feedback = seen;
      const original = window.fetch.bind(window);
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        const response = await original(...args);
        if (String(args[0] instanceof Request ? args[0].url : args[0]).includes('/feedback')) void response.clone().json().then((body: unknown) => seen.push(body));
        return response;
      };
    });
    await browser.$('.cw-fullscreen .cw-form input').setValue('How do I renew my passport?');
    await send.click();
    await browser.waitUntil(async () => /renew your passport online/i.test(await log.getText()), { timeout: 60_000, timeoutMsg: 'no answer from production' });
    const down = browser.$('//*[contains(@class, "cw-fullscreen")]//button[contains(@class, "cw-vote")][.//span[normalize-space()="Not helpful"]]');
    await down.waitForDisplayed();
    await down.click();
    await browser.waitUntil(async () => (await down.getAttribute('aria-pressed')) === 'true', { timeoutMsg: 'the vote was not shown as pressed' });
    const feedback = await browser.waitUntil(
      async () => ((await browser.execute(() => (window as unknown as { __feedback: Array<{ data: { thumbsDown: boolean; reviewStatus: string } }> }).__feedback)) ?? [])[0],
      { timeoutMsg: 'the vote was not sent' },
    );
    assert.equal(feedback.data.thumbsDown, true);
    assert.equal(feedback.data.reviewStatus, 'PENDING');
    await expectAccessible('sharing page with an answer voted down');
  });
});

describe('embed script', () => {
  let pages: Server;
  let pageOrigin: string;
  let otherPages: Server;
  let otherOrigin: string;

  const page = (consoleUrl: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agency page</title></head>` +
    `<body><main><h1>Agency page</h1><p>Content.</p></main>` +
    `<script src="${consoleUrl}/webchat/embed.js" data-app-id="${APP}" async></script></body></html>`;

  before(async () => {
    const serve = () => createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(running.url)));
    const [a, b] = [await freePort(), await freePort()];
    pages = serve().listen(a, '127.0.0.1');
    otherPages = serve().listen(b, '127.0.0.1');
    pageOrigin = `http://127.0.0.1:${a}`;
    otherOrigin = `http://127.0.0.1:${b}`;
    // Allow only the first page's origin: a platform admin adds it to the app's allowed domains in Chat Apps.
    await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/chatApp`);
    const edit = browser.$(`button[aria-label="Edit ${APP}"]`);
    await edit.waitForClickable({ timeout: 15_000 });
    await edit.click();
    const domains = browser.$('#app-allowedDomains');
    await domains.waitForDisplayed({ timeout: 15_000 });
    await domains.setValue(`gov.sg\n${pageOrigin}`);
    await browser.$('//div[contains(@class, "bp6-dialog")]//button[normalize-space()="Save"]').click();
    await browser.$(`//*[contains(@class, "bp6-toast")][contains(., "Saved ${APP}")]`).waitForDisplayed({ timeout: 15_000 });
    // The Web Chat tab shows the same list, read only.
    await browser.url(`${running.url}/app-settings/web-chat/${APP}`);
    const shown = browser.$('[data-testid="webchat-allowed-domains"]');
    await shown.waitForDisplayed({ timeout: 15_000 });
    await browser.waitUntil(async () => (await shown.getText()).includes(pageOrigin), { timeout: 15_000, timeoutMsg: 'the Web Chat tab does not list the allowed site' });
  });

  after(() => {
    pages?.close();
    otherPages?.close();
  });

  test('on an allowed origin the launcher opens the widget in a shadow root, and the page stays accessible', async () => {
    await browser.url(pageOrigin);
    const host = browser.$(`[data-civic-webchat="${APP}"]`);
    await host.waitForExist({ timeout: 15_000 });
    const launcher = await host.shadow$('button.cw-launcher');
    await launcher.waitForDisplayed();
    assert.equal(await launcher.getAttribute('aria-label'), 'Open chat');
    await launcher.click();
    const input = await host.shadow$('input[type="text"]');
    await input.waitForDisplayed();
    assert.equal(await browser.execute(() => document.activeElement?.getAttribute('data-civic-webchat')), APP, 'focus moved into the widget');
    const colour = await browser.execute(() => {
      const root = document.querySelector('[data-civic-webchat]')!.shadowRoot!.querySelector('.cw-root')!;
      return getComputedStyle(root).getPropertyValue('--cw-color').trim();
    });
    assert.equal(colour, '#0B5394');
    await expectAccessible('agency page with the embedded widget');
  });

  test('on another origin the settings are refused: no widget, a short note to the visitor, and the Web Chat tab lists the site', async () => {
    await browser.url(otherOrigin);
    await browser.$('h1').waitForDisplayed();
    const host = browser.$(`[data-civic-webchat="${APP}"]`);
    await host.waitForExist({ timeout: 15_000 });
    const note = await host.shadow$('[role="status"]');
    await note.waitForDisplayed();
    assert.match(await note.getText(), /The chat is not available on this page/);
    assert.equal(await host.shadow$('button.cw-launcher').isExisting(), false, 'no widget');
    await expectAccessible('agency page refused the widget');
    const refused = await got(`${running.url}/api/v1/webchat/${APP}/widget-settings`, { headers: { origin: otherOrigin }, throwHttpErrors: false });
    assert.equal(refused.statusCode, 403);
    await browser.url(`${running.url}/app-settings/web-chat/${APP}`);
    const list = browser.$('[data-testid="webchat-refused-origins"]');
    await list.waitForDisplayed({ timeout: 15_000 });
    await browser.waitUntil(async () => (await list.getText()).includes(otherOrigin), { timeout: 15_000, timeoutMsg: 'the Web Chat tab does not list the refused site' });
  });
});
