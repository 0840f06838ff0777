import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remote } from 'webdriverio';

export type Browser = WebdriverIO.Browser;

/** A headless Debian Chromium driven by Debian's chromedriver: nothing is downloaded. */
export async function openBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'civic-chromium-'));
  const browser = await remote({
    logLevel: 'error',
    capabilities: {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: '/usr/bin/chromium',
        args: [
          // WebGL (the analytics point cloud) on the CPU: SwiftShader, asked for by name since Chromium
          // no longer falls back to it on its own.
          '--headless=new', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
          '--disable-background-networking', '--disable-component-update', '--disable-sync',
          '--disable-dev-shm-usage', '--force-prefers-reduced-motion', '--window-size=1440,960', `--user-data-dir=${profile}`,
          '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
        ],
      },
      'wdio:chromedriverOptions': { binary: '/usr/bin/chromedriver' },
    },
  });
  waitForConsoleAfterPageLoads(browser);
  return {
    browser,
    async close() {
      await browser.deleteSession().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The sidebar's place in a page document's frame (core/web/shell/shell-frame.tsx), which the console
 * draws too until its shell is ready: while it is there, the title and description on screen are the
 * frame's, and an element found now is gone when the console takes over.
 */
const FRAME_SIDEBAR = '.civic-sidebar[aria-hidden="true"]';

/**
 * A page load (`url`) returns once the console has taken over from the page document's
 * frame, as it did when the document's #root was empty: a test looking up the title or the page's
 * heading then finds the console's own, not the frame's.
 */
function waitForConsoleAfterPageLoads(browser: Browser): void {
  const taken = () =>
    browser.waitUntil(() => browser.execute((selector) => !document.querySelector(selector), FRAME_SIDEBAR), {
      timeout: 30_000,
      timeoutMsg: 'the console did not take over from the page document',
    });
  browser.overwriteCommand('url', async (load, path, options) => {
    const result = await load(path, options);
    await taken();
    return result;
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the current page; returns serious and critical violations. */
export async function seriousAxeViolations(browser: Browser): Promise<AxeViolation[]> {
  const loaded = await browser.execute(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await browser.execute(`${axeSource}\n;window.axe = axe;`);
  const violations = (await browser.executeAsync((done: (v: unknown) => void) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    axe
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
      .then((r) => done(r.violations))
      .catch((e: Error) => done([{ id: 'axe-error', impact: 'critical', help: String(e), nodes: [] }]));
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
}
