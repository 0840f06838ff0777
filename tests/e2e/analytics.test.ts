import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, type Browser } from './support/browser';
import { loadedScripts } from './support/bundle';
import { pageTitle, sidebarEntries, signIn } from './support/console-user';
import { click, expectAccessible, waitForText } from './support/identity-steps';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Issue 19 in a real Chromium: conversations through the public chat API, then every analytics page
 * with data (today's range), its table view and drill-down, axe-clean; plotly loads with the first chart.
 */
const APP = 'demo-enterprise';
const SHOTS = process.env.CIVIC_E2E_SHOTS;
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let token: string;

async function post(path: string, body: unknown, auth = false): Promise<{ data: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: running.url };
  if (auth) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${running.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const raw = await response.text();
  assert.ok(response.ok, `${path}: ${response.status} ${raw}`);
  return JSON.parse(raw) as { data: Record<string, unknown> };
}

/** A conversation in the draft (a member's): each question, then thumbs and a rating. */
async function converse(questions: string[], options: { channel?: string; down?: number; rating?: number; comment?: string } = {}): Promise<void> {
  const { data } = await post(`/api/v1/chat/${APP}/sessions`, { environment: 'draft', channel: options.channel }, true);
  const sessionId = String(data.sessionId);
  for (const [i, text] of questions.entries()) {
    const answer = await post(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { text }, true);
    if (options.down === i) await post(`/api/v1/chat/${APP}/transcripts/${String(answer.data.transcriptId)}/feedback`, { thumbsDown: true }, true);
  }
  if (options.rating) await post(`/api/v1/chat/${APP}/sessions/${sessionId}/csat`, { rating: options.rating, comment: options.comment }, true);
}

async function shot(name: string): Promise<void> {
  if (SHOTS) await browser.saveScreenshot(`${SHOTS}/analytics-${name}.png`);
}

/** Opens an analytics page on today's range (the conversations are from today). */
async function openToday(path: string, title: string): Promise<void> {
  await browser.url(`${running.url}${path}`);
  const range = browser.$('#analytics-range');
  await range.waitForDisplayed({ timeout: 20_000 });
  if ((await range.getValue()) !== '0') await range.selectByAttribute('value', '0');
  assert.equal(await pageTitle(browser), title);
  await browser.$('.civic-analytics-grid[aria-busy="false"]').waitForExist({ timeout: 20_000, timeoutMsg: `${path}: the report did not load` });
}

before(async () => {
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  token = await browser.execute(() => localStorage.getItem('civic.token') ?? '');
  assert.ok(token, 'signed in');
  await converse(['When are you open?', 'What are your opening hours'], { rating: 5, comment: 'Quick and clear' });
  await converse(['zzqx blorp wibble'], { channel: 'TELEGRAM', down: 0, rating: 2, comment: 'Did not understand me' });
  await converse(['opening hours please', 'thanks'], { down: 1 });
  await post('/api/v1/feature-usages', { appId: APP, event: 'click', feature: 'analytics-e2e', module: 'analytics' }, true);
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

test('/dashboard loads no plotly; the analytics dashboard shows the KPIs of today and their table views', async () => {
  await browser.url(`${running.url}/dashboard`);
  await browser.$('h1').waitForDisplayed();
  assert.ok(!(await loadedScripts(browser)).heavy.includes('plotly'), 'plotly loaded on /dashboard');

  await openToday(`/analytics/${APP}`, 'Analytics');
  const entries = await sidebarEntries(browser);
  for (const entry of ['Dashboard', 'Sessions', 'CSAT', 'Intents', 'Bot Summary']) assert.ok(entries.includes(entry), `sidebar lacks ${entry}: ${entries.join(', ')}`);
  const figures = browser.$('ul[aria-label="Key figures"]');
  await figures.waitForDisplayed();
  const text = await figures.getText();
  assert.match(text, /Sessions\s+3\b/);
  assert.match(text, /Messages\s+5\b/);
  await browser.$('.civic-analytics-plot .main-svg').waitForExist({ timeout: 20_000, timeoutMsg: 'no chart was drawn' });
  const dashboardScripts = await loadedScripts(browser);
  assert.ok(dashboardScripts.heavy.includes('plotly'), 'plotly arrives with the first chart');
  assert.ok(!dashboardScripts.heavy.includes('plotly-gl2d'), 'the WebGL bundle loaded without a point cloud');
  await expectAccessible(browser, 'analytics dashboard');
  await shot('dashboard');

  await click(browser, 'button', 'Show table');
  await browser.$('//caption[normalize-space()="Activity per day"]').waitForExist();
  await expectAccessible(browser, 'analytics dashboard table view');

  // §2: any other analytics path shows the dashboard.
  await browser.url(`${running.url}/analytics/whatever/${APP}`);
  await browser.$('ul[aria-label="Key figures"]').waitForDisplayed({ timeout: 20_000 });
});

test('sessions: heatmap, channels and lengths; CSAT: ratings and comments', async () => {
  await openToday(`/analytics/sessions/${APP}`, 'Sessions');
  await browser.$('table[aria-label="Messages by weekday and hour"]').waitForDisplayed();
  await expectAccessible(browser, 'analytics sessions');
  await shot('sessions');

  await openToday(`/analytics/csat/${APP}`, 'CSAT');
  await waitForText(browser, 'Average 3.50 from 2 ratings.');
  await waitForText(browser, 'Did not understand me');
  await expectAccessible(browser, 'analytics CSAT');
  await shot('csat');
});

test('intents: the point cloud drawn with WebGL under the console’s script policy, its table view a page at a time', async () => {
  await openToday(`/analytics/intents/${APP}`, 'Intents');
  const cloud = browser.$('figure[aria-label^="Confidence of each message chart"]');
  await cloud.waitForExist({ timeout: 20_000 });
  await browser.waitUntil(async () => (await cloud.getAttribute('aria-busy')) === 'false', { timeout: 30_000, timeoutMsg: 'the point cloud was never drawn' });
  assert.ok((await loadedScripts(browser)).heavy.includes('plotly-gl2d'), 'the point cloud tries the gl2d bundle');
  // Drawn with WebGL (this Chromium has it, through SwiftShader): plotly's strict bundle runs scattergl
  // without eval, which the console's content security policy forbids. Never plotly's "no WebGL" note.
  const drawn: { note: boolean; webgl: boolean; svgPoints: number } = await browser.execute(() => {
    const figure = document.querySelector('figure[aria-label^="Confidence of each message chart"]');
    return {
      note: Boolean(figure?.querySelector('.no-webgl')),
      webgl: Boolean(figure?.querySelector('canvas.gl-canvas')),
      svgPoints: figure?.querySelectorAll('.scatterlayer .point').length ?? 0,
    };
  });
  assert.equal(drawn.note, false, 'plotly shows its "no WebGL" note');
  assert.ok(drawn.webgl, `not drawn with WebGL: ${JSON.stringify(drawn)}`);
  await shot('intents-point-cloud');
  // Every chart of the page drawn first: one drawn late above this card moves its buttons while the
  // driver clicks (a click once landed on a neighbouring plot's drag layer).
  await browser.waitUntil(() => browser.execute(() => document.querySelectorAll('[aria-busy="true"]').length === 0), { timeout: 30_000, timeoutMsg: 'a chart was never drawn' });
  await browser.$('button[aria-label="Show table: Confidence of each message"]').click();
  const table = browser.$('//table[caption[normalize-space()="Confidence of each message"]]');
  await table.waitForDisplayed();
  // The five messages of today, in time order.
  assert.equal((await table.$$('tbody tr')).length, 5);
  assert.match(await table.$('tbody tr').getText(), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+[\d.]+\s+(yes|no)$/);
  await expectAccessible(browser, 'analytics intents point table');
});

test('intents: the messages behind an intent, in a dialog', async () => {
  await openToday(`/analytics/intents/${APP}`, 'Intents');
  await browser.$('button[aria-label="Show table: Top intents"]').click();
  // The fallback's row: its name is the engine's fallback intent, or none.
  const drill = browser.$('//table//button[starts-with(@aria-label, "Messages of ") and (contains(@aria-label, "Fallback") or contains(@aria-label, "(no intent)"))]');
  await drill.waitForClickable({ timeout: 10_000 });
  await expectAccessible(browser, 'analytics intents');
  await shot('intents');
  await drill.click();
  const dialog = browser.$('[role="dialog"]');
  await dialog.waitForDisplayed();
  await browser.pause(600);
  await dialog.$('p*=messages').waitForDisplayed();
  assert.match(await dialog.getText(), /zzqx blorp wibble/);
  await expectAccessible(browser, 'intent drill-down');
  await shot('intents-drill-down');
  await browser.keys('Escape');
  await dialog.waitForDisplayed({ reverse: true });
});

test('bot summary, superbot and feature analytics render', async () => {
  await openToday(`/analytics/botSummary/${APP}`, 'Bot summary');
  await waitForText(browser, 'Versions and their effect');
  await expectAccessible(browser, 'analytics bot summary');
  await shot('bot-summary');

  await openToday('/analytics/superbot/demo-superbot', 'Superbot');
  await waitForText(browser, 'Routing per linked app');
  await expectAccessible(browser, 'analytics superbot');
  await shot('superbot');

  await openToday('/feature-analytics', 'Feature analytics');
  await waitForText(browser, 'analytics-e2e');
  await expectAccessible(browser, 'feature analytics');
  await shot('feature-analytics');
});

test('App settings, Reports: an admin picks members and sends the bot summary now', async () => {
  await browser.url(`${running.url}/app-settings/reports/${APP}`);
  const frequency = browser.$('#reports-frequency');
  await frequency.waitForDisplayed({ timeout: 20_000 });
  await frequency.selectByAttribute('value', 'monthly');
  await browser.$('#reports-format').selectByAttribute('value', 'csv');
  const recipient = browser.$('//label[contains(., "editor@demo.gov.sg")]');
  await recipient.waitForClickable();
  await recipient.click();
  await expectAccessible(browser, 'reports tab');
  await shot('reports-tab');
  await click(browser, 'button', 'Save');
  await waitForText(browser, 'Saved');
  await click(browser, 'button', 'Send now');
  await waitForText(browser, 'Report sent to 1 member');
});
