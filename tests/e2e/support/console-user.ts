import type { Browser } from './browser';

/** What a person does in the console, by the names the screens show (labels, roles, texts). */

export async function waitForPath(browser: Browser, path: string | RegExp, timeout = 15_000): Promise<void> {
  let current = '';
  try {
    await browser.waitUntil(
      async () => {
        current = new URL(await browser.getUrl()).pathname;
        return typeof path === 'string' ? current === path : path.test(current);
      },
      { timeout },
    );
  } catch {
    throw new Error(`expected to reach ${path}, but the browser is at ${current}`);
  }
}

/** Signs in from a clean slate: no stored token, no "return to" page left by an earlier test. */
export async function signIn(browser: Browser, baseUrl: string, email: string, password: string): Promise<void> {
  await browser.url(`${baseUrl}/login`);
  await browser.execute(() => {
    localStorage.clear();
    sessionStorage.clear();
    history.replaceState(null, '');
  });
  await browser.refresh();
  const emailField = browser.$('#login-email');
  await emailField.waitForDisplayed({ timeout: 15_000 });
  await emailField.setValue(email);
  await browser.$('#login-password').setValue(password);
  await browser.$('button[type="submit"]').click();
  await waitForPath(browser, '/dashboard');
  // After sign-in the console restarts with its plugins (host/web/boot.tsx), replacing the page's
  // DOM: look the title up afresh each time rather than through an element that may go stale.
  await browser.waitUntil(() => browser.execute(() => Boolean(document.querySelector('#page-title')?.textContent?.trim()) && !document.querySelector('.civic-loading-screen')), {
    timeout: 15_000,
    timeoutMsg: 'the dashboard title never appeared after sign-in',
  });
}

export async function signOut(browser: Browser): Promise<void> {
  await browser.$('.civic-user-menu-button').click();
  const item = browser.$('//*[@role="menuitem"][contains(., "LOG OUT")]');
  await item.waitForDisplayed();
  await item.click();
  await waitForPath(browser, '/login');
}

/** The labels of the sidebar's links, in order (disabled entries included). */
export async function sidebarEntries(browser: Browser): Promise<string[]> {
  const nav = browser.$('nav[aria-label="Main navigation"]');
  await nav.waitForDisplayed();
  const entries = await nav.$$('.civic-nav-entry .civic-nav-label');
  const labels: string[] = [];
  for (const entry of entries) labels.push((await entry.getText()).trim());
  return labels;
}

/** Opens the app switcher and returns its options' text (name then tier). */
export async function appSwitcherOptions(browser: Browser): Promise<string[]> {
  await browser.$('.civic-app-switcher-button').click();
  const list = browser.$('[role="listbox"][aria-label="Apps"]');
  await list.waitForDisplayed();
  const options: string[] = [];
  for (const option of await list.$$('[role="option"]')) options.push((await option.getText()).replace(/\s+/g, ' ').trim());
  return options;
}

export async function pickApp(browser: Browser, appName: string): Promise<void> {
  const list = browser.$('[role="listbox"][aria-label="Apps"]');
  if (!(await list.isDisplayed().catch(() => false))) await browser.$('.civic-app-switcher-button').click();
  const option = list.$(`.//*[@role="option"][contains(., "${appName}")]`);
  await option.waitForDisplayed();
  await option.click();
}

export async function pageTitle(browser: Browser): Promise<string> {
  // Looked up afresh at each poll: the page document's frame, the console's shell and the page each
  // draw a header, so an element found a moment ago may be gone (stale) when the next one is drawn.
  // The title counts once it is shown with its words and the console has taken over from the
  // document's frame (its loading screen gone).
  const read = () =>
    browser.execute(() => {
      const title = document.querySelector<HTMLElement>('#page-title');
      const shown = title !== null && title.getClientRects().length > 0 && getComputedStyle(title).visibility !== 'hidden';
      return { title: shown ? (title.textContent ?? '').trim() : '', loading: Boolean(document.querySelector('.civic-loading-screen')), path: location.pathname, text: document.body.innerText.slice(0, 200) };
    });
  let last = { title: '', loading: true, path: '(not read)', text: '' };
  await browser
    .waitUntil(async () => {
      last = await read();
      return last.title !== '' && !last.loading;
    }, { timeout: 20_000 })
    .catch(() => {
      throw new Error(`the page header has no title (at ${last.path}, loading screen ${last.loading ? 'shown' : 'gone'}; page reads: ${JSON.stringify(last.text)})`);
    });
  return last.title;
}
