import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { loadedScripts } from './support/bundle';
import { sidebarEntries, signIn } from './support/console-user';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * A deployment profile decides which plugins exist. With `minimal` (workspace only), App settings is
 * gone from every tier: no sidebar entry or gear, its pages are not found, its API answers 404, and
 * none of its code reaches the browser.
 */
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
const DIST = join(import.meta.dirname, '../../dist/web');
const APP_SETTINGS_MANIFEST = /id:\s*["'`]app-settings["'`]/;
const WORKSPACE_MANIFEST = /id:\s*["'`]workspace["'`]/;

before(async () => {
  running = await startConsole({ CIVIC_PROFILE: 'minimal', CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
});

test('the server announces only the enabled plugins', async () => {
  const config = (await (await fetch(`${running.url}/api/v1/console-config`)).json()) as { data: { plugins: string[] } };
  assert.deepEqual(config.data.plugins, ['workspace']);
});

test('a disabled plugin has no sidebar entry, no page, no API and no downloaded code', async () => {
  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  const entries = await sidebarEntries(browser);
  assert.ok(entries.includes('My Workspace'), `sidebar: ${entries.join(', ')}`);
  assert.ok(!entries.includes('Settings'), `sidebar: ${entries.join(', ')}`);
  assert.equal(await browser.$('a[aria-label="App settings"]').isExisting(), false, 'the settings gear is shown');

  await browser.url(`${running.url}/app-settings/general/demo-plus`);
  await browser.$('nav[aria-label="Main navigation"]').waitForDisplayed();
  assert.match(await browser.$('main').getText(), /not found/i);
  const violations = await seriousAxeViolations(browser);
  assert.equal(violations.length, 0, describeViolations(violations));

  const token = await browser.execute(() => localStorage.getItem('civic.token'));
  const api = await fetch(`${running.url}/api/v1/apps/demo-plus/settings`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(api.status, 404);
  const workspace = await fetch(`${running.url}/api/v1/apps/demo-plus/workspace`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(workspace.status, 200);

  const scripts = await loadedScripts(browser);
  const withManifest = scripts.files.filter((file) => APP_SETTINGS_MANIFEST.test(readFileSync(join(DIST, file), 'utf8')));
  assert.deepEqual(withManifest, [], 'the disabled plugin\'s manifest was downloaded');
  // The check reads manifests where they are: the enabled plugin's was downloaded, and found.
  assert.ok(scripts.files.some((file) => WORKSPACE_MANIFEST.test(readFileSync(join(DIST, file), 'utf8'))), "the enabled plugin's manifest was not found");
  // The marker is real: the build does contain the manifest, in a chunk nobody loaded.
  const built = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  assert.ok(built.some((f) => APP_SETTINGS_MANIFEST.test(readFileSync(join(DIST, 'assets', f), 'utf8'))), 'marker not found in the build');
});
