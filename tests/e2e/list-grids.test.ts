import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, type Browser } from './support/browser';
import { signIn } from './support/console-user';
import { expectAccessible } from './support/identity-steps';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * The list pages' data grids as a screen reader meets them (grid, rows, column headers, cells, with
 * counts for the whole list and the frozen header copy hidden), and their filters kept in the URL.
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

async function settle(): Promise<void> {
  // The page document's frame has the title and a loading screen before the console has run.
  await browser.waitUntil(() => browser.execute(() => Boolean(document.querySelector('#page-title')?.textContent?.trim()) && !document.querySelector('.bp6-skeleton, .civic-loading-screen')), { timeout: 15_000 });
  await browser.pause(300);
}

interface GridFacts {
  label: string | null;
  rowCount: number;
  colCount: number;
  headers: string[];
  headerIndexes: string[];
  rows: { index: number; cells: (string | null)[]; colIndexes: (string | null)[] }[];
  visibleFrozen: number;
  doubled: number;
}

/** What the page's one grid tells assistive technology. */
async function gridFacts(): Promise<GridFacts | null> {
  return browser.execute(() => {
    const grid = document.querySelector('main [role="grid"]');
    if (!grid) return null;
    const byId = (id: string) => document.getElementById(id);
    // Table2 draws no row elements: the grid's rows own their cells.
    const rows = [...grid.querySelectorAll('[role="row"]')].map((row) => {
      const owned = (row.getAttribute('aria-owns') ?? '').split(' ').filter(Boolean).map(byId);
      return { index: Number(row.getAttribute('aria-rowindex')), cells: owned.map((c) => c?.getAttribute('role') ?? null), colIndexes: owned.map((c) => c?.getAttribute('aria-colindex') ?? null) };
    });
    const box = grid.parentElement!;
    const headers = [...box.querySelectorAll('[role="columnheader"]')];
    const frozen = [...box.querySelectorAll('.bp6-table-quadrant-top, .bp6-table-quadrant-left, .bp6-table-quadrant-top-left')];
    // Nothing with a grid role inside a frozen quadrant: screen readers would hear the header twice.
    const doubled = frozen.reduce((n, q) => n + q.querySelectorAll('[role="columnheader"], [role="gridcell"]').length, 0);
    return {
      label: grid.getAttribute('aria-label'),
      rowCount: Number(grid.getAttribute('aria-rowcount')),
      colCount: Number(grid.getAttribute('aria-colcount')),
      headers: headers.map((h) => (h.getAttribute('aria-label') ?? h.textContent ?? '').trim()),
      headerIndexes: headers.map((h) => h.getAttribute('aria-colindex') ?? ''),
      rows,
      visibleFrozen: frozen.filter((q) => q.getAttribute('aria-hidden') !== 'true').length,
      doubled,
    };
  });
}

const GRIDS: { path: string; label: string; total: () => Promise<number | null> }[] = [
  { path: '/users', label: 'Users', total: () => statusNumber('.civic-users-count') },
  { path: '/auditLog', label: 'Audit trail', total: async () => null },
  { path: '/chatApp', label: 'Chat apps', total: () => statusNumber('main [role="status"]') },
  { path: `/intents/${APP}`, label: 'Intents', total: async () => null },
  { path: `/training/${APP}`, label: 'Questions', total: async () => null },
  { path: `/subscriber/${APP}`, label: 'Subscribers', total: async () => null },
];

/** The number in a list's count ("1,204 users"). */
async function statusNumber(selector: string): Promise<number | null> {
  const text = await browser.execute((s) => document.querySelector(s)?.textContent ?? '', selector);
  const match = /([\d,]+)/.exec(text);
  return match ? Number(match[1].replace(/,/g, '')) : null;
}

for (const screen of GRIDS) {
  test(`${screen.path}: the data grid has table semantics with whole-list counts, and axe finds nothing serious`, async () => {
    await browser.url(`${running.url}${screen.path}`);
    await settle();
    if (screen.path.startsWith('/training/') && (await browser.execute(() => !document.querySelector('main [role="grid"]') && Boolean(document.querySelector('main .bp6-non-ideal-state'))))) {
      // No questions asked in the demo yet: the inbox shows its empty state, no grid.
      await expectAccessible(browser, screen.path);
      return;
    }
    await browser.waitUntil(async () => ((await gridFacts())?.rows.length ?? 0) > 1, { timeout: 15_000, timeoutMsg: `${screen.path}: no grid rows` });
    const facts = (await gridFacts())!;
    assert.equal(facts.label, screen.label);
    assert.ok(facts.colCount > 1 && facts.colCount === facts.headers.length, `${screen.path}: aria-colcount ${facts.colCount}, headers ${facts.headers.join('|')}`);
    assert.deepEqual(facts.headerIndexes, facts.headers.map((_, i) => String(i + 1)));
    assert.ok(facts.headers.every((h) => h.length > 0), `${screen.path}: an unnamed column header (${facts.headers.join('|')})`);
    assert.equal(facts.visibleFrozen, 0, 'the frozen quadrants are hidden from assistive technology');
    assert.equal(facts.doubled, 0);
    assert.equal(facts.rows[0].index, 1, 'the header row is row 1');
    assert.ok(facts.rows[0].cells.every((c) => c === 'columnheader'));
    for (const row of facts.rows.slice(1)) {
      assert.ok(row.index >= 2);
      assert.equal(row.cells.length, facts.colCount, `${screen.path}: row ${row.index} owns ${row.cells.length} cells`);
      assert.ok(row.cells.every((c) => c === 'gridcell'));
      assert.deepEqual(row.colIndexes, row.cells.map((_, i) => String(i + 1)));
    }
    const total = await screen.total();
    if (total !== null) assert.equal(facts.rowCount, total + 1, `${screen.path}: aria-rowcount is the whole list plus the header row`);
    else assert.ok(facts.rowCount === -1 || facts.rowCount >= facts.rows.length, `${screen.path}: aria-rowcount ${facts.rowCount}`);
    await expectAccessible(browser, screen.path);
  });
}

const searchBox = () => browser.execute(() => document.querySelector<HTMLInputElement>('#users-search')?.value ?? null);
const usersCount = () => browser.execute(() => document.querySelector('.civic-users-count')?.textContent ?? '');

test('a list search lives in the URL: a reload keeps it, Back restores the one before', async () => {
  await browser.url(`${running.url}/users`);
  await settle();
  await browser.waitUntil(async () => /\d+ users?/.test(await usersCount()), { timeout: 15_000 });
  const all = await usersCount();
  await (await browser.$('#users-search')).setValue('admin@demo');
  await browser.waitUntil(async () => new URL(await browser.getUrl()).searchParams.get('search') === 'admin@demo', { timeout: 5_000, timeoutMsg: 'the search did not reach the URL' });
  await browser.waitUntil(async () => (await usersCount()) !== all, { timeout: 10_000, timeoutMsg: `the search did not narrow the list (${await usersCount()})` });
  const narrowed = await usersCount();

  await browser.refresh();
  await settle();
  assert.equal(await searchBox(), 'admin@demo', 'the reload kept the search');
  await browser.waitUntil(async () => (await usersCount()) === narrowed, { timeout: 10_000, timeoutMsg: `after the reload: ${await usersCount()}, not ${narrowed}` });

  await browser.back();
  await browser.waitUntil(async () => (await searchBox()) === '', { timeout: 5_000, timeoutMsg: 'Back did not restore the empty search' });
  await browser.waitUntil(async () => (await usersCount()) === all, { timeout: 10_000, timeoutMsg: `after Back: ${await usersCount()}, before: ${all}` });
});

test('the chat apps filters live in the URL: "Include decommissioned" and the sort survive a reload', async () => {
  await browser.url(`${running.url}/chatApp`);
  await settle();
  await (await browser.$('label=Include decommissioned')).click();
  await (await browser.$('select[aria-label="Sort order"]')).selectByAttribute('value', 'desc');
  await browser.waitUntil(async () => {
    const params = new URL(await browser.getUrl()).searchParams;
    return params.get('decommissioned') === 'include' && params.get('order') === 'desc';
  }, { timeout: 5_000, timeoutMsg: 'the filters did not reach the URL' });
  await browser.refresh();
  await settle();
  const kept = await browser.execute(() => ({
    decommissioned: [...document.querySelectorAll<HTMLInputElement>('main input[type="checkbox"]')].find((b) => b.closest('label')?.textContent?.includes('Include decommissioned'))?.checked ?? null,
    order: document.querySelector<HTMLSelectElement>('select[aria-label="Sort order"]')?.value ?? null,
  }));
  assert.deepEqual(kept, { decommissioned: true, order: 'desc' });
  await expectAccessible(browser, '/chatApp with filters');
});

/** The questions inbox's column headers whose names are cut (wider than their cell). */
const cutInboxHeaders = () =>
  browser.execute(() =>
    [...document.querySelectorAll('.civic-training-table .bp6-table-quadrant-main .bp6-table-column-name-text')]
      .filter((h) => h.scrollWidth > h.clientWidth + 1)
      .map((h) => `${h.textContent} (${h.clientWidth}/${h.scrollWidth} px)`),
  );

async function openInbox(): Promise<boolean> {
  await browser.url(`${running.url}/training/${APP}`);
  await settle();
  if (await browser.execute(() => !document.querySelector('main [role="grid"]') && Boolean(document.querySelector('main .bp6-non-ideal-state')))) return false;
  await browser.waitUntil(async () => ((await gridFacts())?.rows.length ?? 0) > 1, { timeout: 15_000, timeoutMsg: 'the inbox shows no rows' });
  // The columns are fitted to the box once it is measured.
  await browser.pause(300);
  return true;
}

test('the questions inbox reads whole at 1,400 and 1,280 px; its column picker is remembered', async (t) => {
  try {
    // Ten columns squeezed into the main area cut their names to "Con…", "V…".
    for (const width of [1400, 1280]) {
      await browser.setWindowSize(width, 800);
      if (!(await openInbox())) return t.skip('no questions in the demo');
      assert.deepEqual(await cutInboxHeaders(), [], `at ${width} px`);
    }
    const shown = (await gridFacts())!;
    assert.deepEqual(shown.headers, ['Select', 'Question', 'Answered by', 'Status, feedback', 'Categories, labels', 'Asked', 'Actions']);

    // Top matches, hidden by default, shown from the picker: the grid counts it, a reload keeps it.
    const picker = browser.$('button[aria-label^="Columns"]');
    await picker.click();
    const topMatches = browser.$('//label[contains(., "Top matches")]');
    await topMatches.waitForDisplayed();
    await topMatches.click();
    await browser.keys('Escape');
    await browser.waitUntil(async () => (await gridFacts())?.colCount === shown.colCount + 1, { timeout: 5_000, timeoutMsg: 'Top matches was not added' });
    assert.ok(await openInbox());
    const facts = (await gridFacts())!;
    assert.deepEqual(facts.headers, ['Select', 'Question', 'Answered by', 'Top matches', 'Status, feedback', 'Categories, labels', 'Asked', 'Actions']);
    assert.deepEqual(facts.headerIndexes, facts.headers.map((_, i) => String(i + 1)));
    await expectAccessible(browser, '/training with Top matches');
  } finally {
    await browser.execute(() => localStorage.removeItem('civic.training.inbox.hiddenColumns'));
    await browser.setWindowSize(1280, 800);
  }
});
