import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { FAQ_PDF_PAIRS, governmentFaqPdf } from '../support/faq-pdf';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { pageTitle, signIn } from './support/console-user';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';

/**
 * Publishing in a real Chromium: import an agent zip as a job (after its preview), publish with a note, see the version
 * and the diff, publish again, roll back, download a version, publish through a second admin's
 * approval, bulk-import 10,000 Q&A, generate Q&A from a PDF; axe on each screen.
 */
const APP = 'demo-enterprise';
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let dir: string;

function agentZip(name: string, intents: Array<{ name: string; phrases: string[]; answer: string }>): string {
  const files: Record<string, Uint8Array> = { 'agent.json': strToU8(JSON.stringify({ displayName: 'e2e', language: 'en' })) };
  for (const intent of intents) {
    files[`intents/${intent.name}.json`] = strToU8(JSON.stringify({ name: intent.name, responses: [{ messages: [{ type: '0', lang: 'en', speech: [intent.answer] }] }] }));
    files[`intents/${intent.name}_usersays_en.json`] = strToU8(JSON.stringify(intent.phrases.map((text, i) => ({ id: `${intent.name}-${i}`, data: [{ text }], isTemplate: false }))));
  }
  const file = join(dir, name);
  writeFileSync(file, zipSync(files));
  return file;
}

async function expectAccessible(label: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  assert.equal(violations.length, 0, `axe on ${label}:\n${describeViolations(violations)}`);
}

/**
 * Chooses the zip on /importjob, reads its preview (`inPreview` may check it), presses Import and, when
 * the preview says changed intents will be overwritten, confirms that too.
 */
async function importOnJobsPage(file: string, inPreview?: (dialog: ReturnType<Browser['$']>) => Promise<void>): Promise<void> {
  await browser.url(`${running.url}/importjob/${APP}`);
  assert.equal(await pageTitle(browser), 'Import jobs');
  await browser.waitUntil(async () => (await browser.$('table[aria-label="Jobs"]').isExisting()) || (await browser.$('.civic-empty-title').isExisting()), { timeout: 15_000 });
  const rowCount = async () => (await browser.$$('table[aria-label="Jobs"] tbody tr').getElements()).length;
  const before = await rowCount();
  await browser.$('input[type="file"][aria-label="Import a Dialogflow agent zip"]').setValue(file);
  const dialog = browser.$('.civic-import-preview');
  await dialog.waitForDisplayed({ timeout: 15_000, timeoutMsg: 'no import preview' });
  await browser.$('.civic-import-preview [role="grid"]').waitForExist({ timeout: 15_000 });
  if (inPreview) await inPreview(dialog);
  const overwriting = /will be overwritten/.test(await dialog.getText());
  await dialog.$('button=Import').click();
  if (overwriting) {
    const alert = browser.$('.bp6-alert');
    await alert.waitForDisplayed();
    await alert.$('button=Overwrite and import').click();
  }
  await dialog.waitForDisplayed({ reverse: true, timeout: 15_000, timeoutMsg: 'the import preview stayed open' });
  await browser.waitUntil(async () => (await rowCount()) === before + 1, { timeout: 15_000, timeoutMsg: 'the import job did not appear' });
  const first = browser.$('table[aria-label="Jobs"] tbody tr');
  await browser.waitUntil(async () => /Succeeded/.test(await first.getText()), { timeout: 15_000, timeoutMsg: 'the import job did not succeed' });
  assert.match(await first.getText(), /Agent import \(zip\)/);
  assert.match(await first.getText(), /appadmin@demo\.gov\.sg/);
}

async function openPublishingTab(): Promise<void> {
  await browser.url(`${running.url}/app-settings/bot-publishing/${APP}`);
  await browser.$('.civic-publishing-production').waitForDisplayed({ timeout: 15_000 });
}

async function productionText(): Promise<string> {
  return browser.$('.civic-publishing-production').getText();
}

async function publish(note: string, expectVersion: number, inDialog?: (dialog: ReturnType<Browser['$']>) => Promise<void>): Promise<void> {
  await browser.$('button=Publish…').click();
  const dialog = browser.$('[role="dialog"]');
  await dialog.waitForDisplayed();
  // Let the opening transition finish: axe measures contrast on what is painted.
  await browser.pause(600);
  await expectAccessible('publish dialog');
  if (inDialog) await inDialog(dialog);
  await dialog.$('textarea').setValue(note);
  // The replay of recent questions runs when the dialog opens; Publish waits for it.
  await dialog.$('button=Publish').waitForEnabled({ timeout: 30_000, timeoutMsg: 'Publish stayed disabled (replay running, or changes not acknowledged)' });
  await dialog.$('button=Publish').click();
  await browser.waitUntil(async () => (await productionText()).includes(`Version ${expectVersion} — “${note}”`), {
    timeout: 20_000,
    timeoutMsg: `production did not become version ${expectVersion}`,
  });
}

/** A citizen's question to production through the public chat API (the console's own origin). */
async function askProduction(text: string): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${running.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: running.url }, body: JSON.stringify(body) });
    const raw = await response.text();
    assert.ok(response.ok, `${path}: ${response.status} ${raw}`);
    return (JSON.parse(raw) as { data: { sessionId: string } }).data;
  };
  const { sessionId } = await post(`/api/v1/chat/${APP}/sessions`, {});
  await post(`/api/v1/chat/${APP}/sessions/${sessionId}/messages`, { text });
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'civic-e2e-publishing-'));
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
  await signIn(browser, running.url, 'appadmin@demo.gov.sg', E2E_PASSWORD);
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('an agent zip imports as a job shown with its status on /importjob', async () => {
  await importOnJobsPage(agentZip('v1.zip', [{ name: 'Opening hours', phrases: ['when are you open'], answer: 'We open at 9.' }]));
  await expectAccessible('import jobs');
});

test('publish with a note: the version appears in production and the history', async () => {
  await openPublishingTab();
  assert.match(await productionText(), /not been published yet/);
  await expectAccessible('bot publishing (never published)');
  await publish('First release', 1);
  const history = await browser.$('table[aria-label="Published versions"]').getText();
  assert.match(history, /First release/);
  assert.match(history, /appadmin@demo\.gov\.sg/);
});

test('a draft change shows in the diff, field by field; publishing again makes version 2', async () => {
  await importOnJobsPage(
    agentZip('v2.zip', [
      { name: 'Opening hours', phrases: ['when are you open', 'opening times'], answer: 'We open at 9.' },
      { name: 'Passport fees', phrases: ['how much is a passport'], answer: 'It costs $70.' },
    ]),
    async (dialog) => {
      // Opening hours exists (from v1.zip) and gains a phrase: the preview says so and asks before overwriting it.
      const text = await dialog.getText();
      assert.match(text, /Intents: 1 new, 1 changed, 0 unchanged/);
      assert.match(text, /1 changed intent will be overwritten/);
      assert.match(text, /1 phrase added/);
      await dialog.$('button*=Changed (1)').click();
      await browser.waitUntil(async () => !/Passport fees/.test(await dialog.getText()), { timeout: 5_000, timeoutMsg: 'the filter kept the new intent' });
      await browser.pause(600);
      await expectAccessible('agent import preview');
    },
  );
  await openPublishingTab();
  const diff = browser.$('.civic-diff');
  await diff.waitForDisplayed({ timeout: 15_000 });
  const text = await diff.getText();
  assert.match(text, /Added\s+Intent \/ Q&A: Passport fees/);
  assert.match(text, /Changed\s+Intent \/ Q&A: Opening hours/);
  assert.match(text, /\+ opening times/);
  await expectAccessible('bot publishing with a diff');
  // A citizen asked production (version 1) about passport fees; the draft now has the answer.
  await askProduction('how much is a passport');
  await publish('Second release', 2, async (dialog) => {
    // The replay runs by default; changed answers must be acknowledged before Publish is enabled.
    const changes = dialog.$('table[aria-label="Answers that would change"]');
    await changes.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'the replay listed no changes' });
    const text = await changes.getText();
    assert.match(text, /how much is a passport/);
    assert.match(text, /Passport fees \(\d+%\)/);
    assert.equal(await dialog.$('button=Publish').isEnabled(), false, 'publishing changed answers needs an acknowledgement');
    await expectAccessible('publish dialog with replayed questions');
    await dialog.$('label*=I have checked the').click();
  });
  await browser.waitUntil(async () => /No differences between Production and Draft/.test(await browser.$('.civic-publishing-diff').getText()), {
    timeout: 15_000,
    timeoutMsg: 'the diff still shows changes after publishing',
  });
});

test('roll back production to version 1; the draft is kept', async () => {
  await browser.$('button[aria-label="Roll back production to version 1"]').click();
  const confirm = browser.$('.bp6-alert');
  await confirm.waitForDisplayed();
  await browser.pause(600);
  await expectAccessible('rollback confirmation');
  await confirm.$('button=Roll back').click();
  await browser.waitUntil(async () => (await productionText()).includes('Version 1 — “First release”'), { timeout: 15_000, timeoutMsg: 'production did not go back to version 1' });
  assert.match(await productionText(), /draft has changes that are not in production/);
  assert.match(await browser.$('table[aria-label="Published versions"]').getText(), /1 \(production\)/);
});

test('a version downloads as an export zip', async () => {
  // Record what the page saves instead of letting Chromium write it to disk (the CSP keeps fetch off blob: URLs).
  await browser.execute(() => {
    const w = window as unknown as { downloads: Array<{ name: string; size: number; magic: string }>; blobs: Map<string, Blob> };
    w.downloads = [];
    w.blobs = new Map();
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = create(blob);
      if (blob instanceof Blob) w.blobs.set(url, blob);
      return url;
    };
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      const name = this.download;
      const blob = w.blobs.get(this.href);
      if (!blob) return;
      void blob.arrayBuffer().then((buffer) => w.downloads.push({ name, size: buffer.byteLength, magic: Array.from(new Uint8Array(buffer).slice(0, 4)).join(',') }));
    };
  });
  await browser.$('button[aria-label="Download version 2"]').click();
  try {
    await browser.waitUntil(async () => (await browser.execute(() => (window as unknown as { downloads: unknown[] }).downloads.length)) === 1, { timeout: 15_000 });
  } catch {
    const toasts = await browser.execute(() => Array.from(document.querySelectorAll('.bp6-toast')).map((t) => t.textContent).join(' | '));
    assert.fail(`nothing was downloaded; toasts: ${toasts}`);
  }
  const [download] = await browser.execute(() => (window as unknown as { downloads: Array<{ name: string; size: number; magic: string }> }).downloads);
  assert.equal(download.name, `${APP}-v2.zip`);
  assert.equal(download.magic, '80,75,3,4');
  assert.ok(download.size > 200);
});

test('with approval on, a publish is a request: its author cannot approve it, a second app admin approves and it goes live', async () => {
  await openPublishingTab();
  const toggle = browser.$('label*=Publishing needs a second app admin');
  await toggle.click();
  await browser.waitUntil(async () => await toggle.$('input').isSelected(), { timeout: 15_000, timeoutMsg: 'approval was not switched on' });
  await browser.$('button=Publish…').waitForEnabled({ timeout: 15_000 });
  await browser.$('button=Publish…').click();
  const dialog = browser.$('[role="dialog"]');
  await dialog.waitForDisplayed();
  await dialog.$('textarea').setValue('Needs a second pair of eyes');
  // Production went back to version 1: the draft answers the passport question differently, acknowledged here.
  const acknowledge = dialog.$('label*=I have checked the');
  await acknowledge.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'the replay did not ask for an acknowledgement' });
  await acknowledge.click();
  await dialog.$('button=Request approval').waitForEnabled({ timeout: 30_000 });
  await dialog.$('button=Request approval').click();
  const request = browser.$('.bp6-callout*=Publish request waiting for approval');
  await request.waitForDisplayed({ timeout: 15_000, timeoutMsg: 'no pending publish request' });
  assert.match(await request.getText(), /appadmin@demo\.gov\.sg/);
  // The author's own approval is refused with the reason; production stays where it was.
  await browser.$('button=Approve and publish').click();
  await browser.waitUntil(async () => /another app admin must approve it/.test(await browser.$('.bp6-toast-container').getText().catch(() => '')), { timeout: 15_000, timeoutMsg: 'the author could approve' });
  assert.match(await productionText(), /Version 1 — “First release”/);
  await expectAccessible('publish request pending');

  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  await openPublishingTab();
  await browser.$('.bp6-callout*=Publish request waiting for approval').waitForDisplayed({ timeout: 15_000 });
  await browser.$('button=Approve and publish').click();
  await browser.waitUntil(async () => (await productionText()).includes('Version 3 — “Needs a second pair of eyes”'), { timeout: 20_000, timeoutMsg: 'the approved request did not go live' });
  assert.match(await productionText(), /published by appadmin@demo\.gov\.sg \(approved by admin@demo\.gov\.sg\)/);
  // Back to direct publishing for the rest of the suite.
  const approval = browser.$('label*=Publishing needs a second app admin');
  assert.equal(await approval.$('input').isSelected(), true);
  await approval.click();
  await browser.waitUntil(async () => !(await approval.$('input').isSelected()), { timeout: 15_000, timeoutMsg: 'approval was not switched off' });
  await signIn(browser, running.url, 'appadmin@demo.gov.sg', E2E_PASSWORD);
});

test('conflict detection finds the same question in two intents; deleting one phrase resolves the pair', async () => {
  await importOnJobsPage(
    agentZip('conflict.zip', [
      { name: 'Library hours', phrases: ['when does the library open', 'library closing time'], answer: 'From 10am.' },
      { name: 'Opening times', phrases: ['When does the library open?', 'are you open on sunday'], answer: 'Weekdays only.' },
    ]),
  );
  await browser.url(`${running.url}/conflict-resolution/${APP}`);
  assert.equal(await pageTitle(browser), 'Conflict resolution');
  await browser.$('button=Run conflict detection').click();
  // The run's intent pairs, each a disclosure button with its counts; opened, its phrase pairs.
  const group = browser.$('//li[contains(@class, "civic-conflict-group")]/button[contains(., "Library hours") and contains(., "Opening times")]');
  await group.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'the conflict pair was not found' });
  assert.match(await group.getText(), /1 pair/);
  assert.match(await group.getText(), /1 identical/);
  await group.click();
  assert.equal(await group.getAttribute('aria-expanded'), 'true');
  const row = browser.$('//table[starts-with(@aria-label, "Phrase pairs of")]//tr[td and contains(., "when does the library open") and contains(., "When does the library open?")]');
  await row.waitForDisplayed({ timeout: 15_000, timeoutMsg: 'the phrase pair was not listed under its intents' });
  assert.match(await row.getText(), /100%\s+identical/);
  await expectAccessible('conflict resolution');
  await row.$('.//button[starts-with(normalize-space(), "Delete “When does the library open?”")]').click();
  const alert = browser.$('.bp6-alert');
  await alert.waitForDisplayed();
  assert.match(await alert.getText(), /will be removed from Opening times/);
  await alert.$('button=Delete').click();
  await browser.waitUntil(async () => !(await row.isExisting()), { timeout: 15_000, timeoutMsg: 'the pair is still listed after deleting a phrase' });
});

test('bulk import of 10,000 rows: preview with per-row errors, confirm, the job runs to the end with its progress bar and counts', async () => {
  const file = join(dir, 'qna.csv');
  const rows = ['question,variants,answer,category,labels', 'How do I pay a fine?,pay fine|fine payment,Pay online.,Fines,fees', 'No answer here,,,,'];
  for (let i = 0; i < 10_000; i += 1) rows.push(`Bulk e2e question ${i},variant ${i},Answer ${i},Category ${i % 10},`);
  writeFileSync(file, rows.join('\n'));
  // 10,000 rows are past the Enterprise tier's intent limit (imports are held to it): a platform admin raises it first.
  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  const raised = await browser.execute(async (key) => {
    const headers = { authorization: `Bearer ${localStorage.getItem(key) ?? ''}`, 'content-type': 'application/json' };
    type Tier = { tier: string; maxMembers: number; maxMonthlySessions: number; restrictions: Record<string, boolean> };
    const tiers = ((await (await fetch('/api/v1/subscription-tier-limit', { headers })).json()) as { data: Tier[] }).data;
    const tier = tiers.find((t) => t.tier === 'Enterprise');
    if (!tier) return 0;
    const body = { maxIntents: 50_000, maxMembers: tier.maxMembers, maxMonthlySessions: tier.maxMonthlySessions, ...tier.restrictions };
    return (await fetch('/api/v1/admin/subscription-tier-limit/Enterprise', { method: 'PUT', headers, body: JSON.stringify(body) })).status;
  }, TOKEN_STORAGE_KEY);
  assert.equal(raised, 200, 'the platform admin raised the Enterprise intent limit');
  await browser.url(`${running.url}/bulkimport/${APP}`);
  assert.equal(await pageTitle(browser), 'Bulk import');
  await browser.$('input[type="file"][aria-label="Q&A file (CSV or XLSX)"]').setValue(file);
  const preview = browser.$('section[aria-label="Preview"]');
  await preview.waitForDisplayed({ timeout: 30_000 });
  assert.match(await preview.getText(), /10,002 rows: 10,001 new, 0 to update, 0 unchanged, 1 with errors/);
  assert.match(await browser.$('table[aria-label="Rows"]').getText(), /The answer is required/);
  await expectAccessible('bulk import preview');
  await browser.$('button=Import 10,001 rows').click();
  const bar = browser.$('[role="progressbar"][aria-label="Import progress"]');
  await bar.waitForExist({ timeout: 30_000, timeoutMsg: 'no progress bar for the import job' });
  await browser.waitUntil(async () => /Succeeded — 100%/.test(await preview.getText()), { timeout: 60_000, timeoutMsg: 'the bulk import did not finish' });
  assert.match(await preview.getText(), /10,001 created/);
  assert.equal(await bar.getAttribute('aria-valuenow'), '100');
  await expectAccessible('bulk import done');
});

test('the Q&A generator reads an uploaded government FAQ PDF; the approved pairs go into the draft', async () => {
  const file = join(dir, 'passport-faq.pdf');
  writeFileSync(file, await governmentFaqPdf());
  await browser.url(`${running.url}/qna-generator/${APP}`);
  assert.equal(await pageTitle(browser), 'Q&A generator');
  await browser.$('input[type="file"][aria-label="Document (HTML, Markdown, text or PDF)"]').setValue(file);
  const table = browser.$('table[aria-label="Candidate Q&A pairs"]');
  await table.waitForDisplayed({ timeout: 30_000, timeoutMsg: 'no candidates from the PDF' });
  assert.equal((await browser.$$('table[aria-label="Candidate Q&A pairs"] tbody tr').getElements()).length, FAQ_PDF_PAIRS.length);
  for (const [i, pair] of FAQ_PDF_PAIRS.entries()) assert.equal(await browser.$(`input[aria-label="Question ${i + 1}"]`).getValue(), pair.question);
  const sourceId = await browser.$('label*=Source (kept with each Q&A)').getAttribute('for');
  assert.equal(await browser.$(`[id="${sourceId}"]`).getValue(), 'passport-faq.pdf');
  await expectAccessible('Q&A generator candidates');
  // Discard the last pair, add the other four.
  await browser.$(`button[aria-label="Discard pair ${FAQ_PDF_PAIRS.length}"]`).click();
  await browser.$(`button=Add ${FAQ_PDF_PAIRS.length - 1} to the draft`).click();
  const status = browser.$('section[aria-label="Candidates"] [aria-live="polite"]');
  await browser.waitUntil(async () => /Succeeded — 100%/.test(await status.getText()), { timeout: 30_000, timeoutMsg: 'the generator job did not finish' });
  assert.match(await status.getText(), /4 created/);
});
