import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openBrowser, type Browser } from '../e2e/support/browser';
import { loadedScripts } from '../e2e/support/bundle';
import { signIn } from '../e2e/support/console-user';
import { E2E_PASSWORD, startConsole } from '../e2e/support/server';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';

const DIST = join(import.meta.dirname, '../../dist/web');

export interface PageScripts {
  page: string;
  /** The .js files the page loaded (Resource Timing), as paths. */
  files: string[];
  /** Their gzip size (level 9), computed from the built files in dist/web: what a compressing server sends. */
  gzipBytes: number;
  /** What the browser received over the wire, as Resource Timing reports it (the server may not compress). */
  transferBytes: number;
  /** Their size once decoded. */
  decodedBytes: number;
  /** Heavy libraries (charting, diagrams) found among them: these belong to their own pages only. */
  heavy: string[];
  /** gzip bytes of the files that hold a heavy library (the lazy plotly chunk of a chart page). */
  heavyGzipBytes: number;
}

interface ScriptEntry {
  name: string;
  transferSize: number;
  decodedBodySize: number;
}

/** Waits until no new resource has been fetched for `quietMs` (the page's lazy chunks have arrived). */
async function waitForQuiet(browser: Browser, quietMs = 750, timeout = 20_000): Promise<void> {
  let count = -1;
  let since = Date.now();
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const now: number = await browser.execute(() => performance.getEntriesByType('resource').length);
    if (now !== count) {
      count = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function scriptsOfPage(browser: Browser, page: string): Promise<PageScripts> {
  await waitForQuiet(browser);
  const entries: ScriptEntry[] = await browser.execute(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ name: e.name, transferSize: e.transferSize, decodedBodySize: e.decodedBodySize })),
  );
  const byPath = new Map<string, ScriptEntry>();
  for (const entry of entries) byPath.set(new URL(entry.name).pathname, entry);
  const files = [...byPath.keys()].sort();
  let gzipBytes = 0;
  let transferBytes = 0;
  let decodedBytes = 0;
  let heavyGzipBytes = 0;
  for (const file of files) {
    const source = readFileSync(join(DIST, file));
    const size = gzipSync(source, { level: 9 }).length;
    gzipBytes += size;
    // The same test as loadedScripts: a file that is plotly itself; or react-plotly.js's factory, which
    // the two plotly bundles share (host/web/vite.config.ts names its chunk) and which comes only with one.
    const text = source.toString('utf8');
    if ((/plotly/i.test(text) && /Plotly\.newPlot|plotly\.js/.test(text)) || /^\/assets\/plotly-react-[\w-]+\.js$/.test(file)) heavyGzipBytes += size;
    transferBytes += byPath.get(file)?.transferSize ?? 0;
    decodedBytes += byPath.get(file)?.decodedBodySize ?? 0;
  }
  const { heavy } = await loadedScripts(browser);
  return { page, files, gzipBytes, transferBytes, decodedBytes, heavy, heavyGzipBytes };
}

/**
 * The JavaScript the browser loads for each page of the brief's bundle bar, in headless Chromium
 * against a running console, each in a fresh browser profile (an empty cache): /login on a first
 * visit, signed out; /dashboard as a signed-in visit loads it (the session stored, its plugins and
 * first screen included). Also the sign-in itself: /login → sign in → /dashboard in one page's life.
 */
export async function pageScriptsReport(baseUrl: string, email: string, password: string): Promise<{ login: PageScripts; dashboard: PageScripts; signInFlow: PageScripts }> {
  let login: PageScripts;
  let signInFlow: PageScripts;
  let token: string | null;
  {
    const { browser, close } = await openBrowser();
    try {
      await browser.url(`${baseUrl}/login`);
      await browser.$('#login-email').waitForDisplayed({ timeout: 15_000 });
      login = await scriptsOfPage(browser, '/login');
      await signIn(browser, baseUrl, email, password);
      signInFlow = await scriptsOfPage(browser, '/login → sign in → /dashboard');
      token = await browser.execute((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    } finally {
      await close();
    }
  }
  if (!token) throw new Error('no session token was stored after sign-in');
  const { browser, close } = await openBrowser();
  try {
    // Store the session from a page of the same origin that runs no script, so the cache stays empty.
    await browser.url(`${baseUrl}/version.json`);
    await browser.execute((key, value) => localStorage.setItem(key, value), TOKEN_STORAGE_KEY, token);
    await browser.url(`${baseUrl}/dashboard`);
    await browser.waitUntil(() => browser.execute(() => Boolean(document.querySelector('#page-title')?.textContent?.trim())), {
      timeout: 15_000,
      timeoutMsg: 'the dashboard title never appeared',
    });
    await browser.waitUntil(() => browser.execute(() => document.querySelectorAll('table tbody tr').length > 0), {
      timeout: 15_000,
      timeoutMsg: "the dashboard's app list never appeared",
    });
    const dashboard = await scriptsOfPage(browser, '/dashboard');
    return { login, dashboard, signInFlow };
  } finally {
    await close();
  }
}

/**
 * The bundle bar as `npm run bench` measures it: its own console (embedded database, the built
 * console from dist/web; two-factor and captcha off, as a first visit without them), the admin demo
 * user (every plugin's entries in the sidebar).
 */
export async function pageScriptsBench(): Promise<{ login: PageScripts; dashboard: PageScripts; signInFlow: PageScripts }> {
  const running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', LOG_LEVEL: 'error' });
  try {
    return await pageScriptsReport(running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
  } finally {
    await running.stop();
  }
}

/** The console's pages as a user opens them (a path each; `{intent}` is a real intent id of the app). */
const SIGNED_OUT_PAGES = ['/login', '/signup', '/forgot-password'];
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/my-workspace/demo-plus',
  '/settings',
  '/users',
  '/auditLog',
  '/chatApp',
  '/agency',
  '/adaptor',
  '/subscription-tiers',
  '/feature-flags',
  '/help',
  '/app-settings/demo-plus',
  '/team/demo-plus',
  '/intents/demo-plus',
  '/intent/demo-plus/edit/{intent}',
  '/intent/demo-plus/create',
  '/QandA/demo-plus/create',
  '/glossary/demo-plus',
  '/entities/demo-plus',
  '/categories/demo-plus',
  '/label/demo-plus',
  '/dialogFlow',
  '/fitting-room/demo-plus',
  '/importjob/demo-plus',
  '/bulkimport/demo-plus',
  '/qna-generator/demo-plus',
  '/conflict-resolution/demo-plus',
  // Chart pages: their own code within the bar; plotly's lazy chunk (~380 KiB) comes on top (run.ts).
  '/analytics/demo-plus',
  '/analytics/intents/demo-plus',
  '/feature-analytics',
];
/** Pages whose heavy chunk (plotly) is theirs by design and counted beside the bar, not in it. */
export const CHART_PAGES = ['/analytics/', '/feature-analytics'];

/**
 * Every page's own first load, each in a fresh browser profile (an empty cache): what the browser
 * fetched until the page showed its title and the network went quiet, lazy chunks included.
 */
export async function everyPageScripts(baseUrl: string, email: string, password: string): Promise<PageScripts[]> {
  const out: PageScripts[] = [];
  for (const path of SIGNED_OUT_PAGES) {
    const { browser, close } = await openBrowser();
    try {
      await browser.url(`${baseUrl}${path}`);
      await browser.$('h1').waitForDisplayed({ timeout: 15_000 });
      out.push(await scriptsOfPage(browser, path));
    } finally {
      await close();
    }
  }
  let token: string | null;
  {
    const { browser, close } = await openBrowser();
    try {
      await signIn(browser, baseUrl, email, password);
      token = await browser.execute((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    } finally {
      await close();
    }
  }
  if (!token) throw new Error('no session token was stored after sign-in');
  const list = (await (await fetch(`${baseUrl}/api/v1/apps/demo-plus/intents`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { rows: Array<{ id: string }> };
  };
  const intentId = list.data.rows[0]?.id;
  for (const template of SIGNED_IN_PAGES) {
    if (template.includes('{intent}') && !intentId) continue;
    const path = template.replace('{intent}', intentId ?? '');
    const { browser, close } = await openBrowser();
    try {
      await browser.url(`${baseUrl}/version.json`);
      await browser.execute((key, value) => localStorage.setItem(key, value), TOKEN_STORAGE_KEY, token);
      await browser.url(`${baseUrl}${path}`);
      await browser.waitUntil(() => browser.execute(() => Boolean(document.querySelector('#page-title')?.textContent?.trim())), {
        timeout: 20_000,
        timeoutMsg: `${path}: the page title never appeared`,
      });
      out.push(await scriptsOfPage(browser, template));
    } finally {
      await close();
    }
  }
  return out;
}

/** The bar every route's first load is held to (issue 16). */
export const ROUTE_BAR_BYTES = 200 * 1024;

/** A route's own figure: a chart page's plotly chunk is its by design and reported beside the bar. */
export function ownGzipBytes(page: PageScripts): number {
  return page.gzipBytes - (CHART_PAGES.some((p) => page.page.startsWith(p)) ? page.heavyGzipBytes : 0);
}

/**
 * One line a route, its figure beside the bar (MET or MISS with the excess), the largest first;
 * `files` adds each route's files with their gzip sizes.
 */
export function describeRoutes(pages: PageScripts[], options: { files?: boolean } = {}): { lines: string[]; ok: boolean } {
  const KiB = 1024;
  const lines = [`JavaScript each route loads on its own first visit (gzip -9 of the built files), against ${ROUTE_BAR_BYTES / KiB} KiB:`];
  for (const page of [...pages].sort((a, b) => ownGzipBytes(b) - ownGzipBytes(a))) {
    const own = ownGzipBytes(page);
    const verdict = own <= ROUTE_BAR_BYTES ? 'MET ' : 'MISS';
    const margin = own <= ROUTE_BAR_BYTES ? `${((ROUTE_BAR_BYTES - own) / KiB).toFixed(1)} KiB to spare` : `${((own - ROUTE_BAR_BYTES) / KiB).toFixed(1)} KiB over`;
    const extra = page.heavyGzipBytes && own !== page.gzipBytes ? ` (+ plotly ${(page.heavyGzipBytes / KiB).toFixed(1)} KiB, lazy)` : '';
    lines.push(`  ${verdict}  ${page.page.padEnd(36)} ${(own / KiB).toFixed(1).padStart(6)} KiB, ${margin}, ${page.files.length} files${extra}`);
    if (options.files) {
      for (const file of [...page.files].map((f) => ({ f, size: gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length })).sort((a, b) => b.size - a.size)) {
        lines.push(`          ${(file.size / KiB).toFixed(1).padStart(6)} KiB  ${file.f}`);
      }
    }
  }
  return { lines, ok: pages.every((page) => ownGzipBytes(page) <= ROUTE_BAR_BYTES) };
}
