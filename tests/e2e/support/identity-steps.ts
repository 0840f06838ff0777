import assert from 'node:assert/strict';
import { describeViolations, seriousAxeViolations, type Browser } from './browser';

/** Browser steps of the identity e2e tests: find by visible text and labels, as a user would. */
export function byText(tag: string, text: string): string {
  return `//${tag}[normalize-space()=${JSON.stringify(text)}]`;
}

export async function click(browser: Browser, tag: string, text: string): Promise<void> {
  const element = await browser.$(byText(tag, text));
  await element.waitForClickable({ timeout: 10_000 });
  await element.click();
}

/** Types `value` into the field, replacing what is there with keystrokes (so React sees every change). */
export async function fill(browser: Browser, id: string, value: string): Promise<void> {
  const input = await browser.$(`#${id}`);
  await input.waitForDisplayed({ timeout: 10_000 });
  await input.click();
  if ((await input.getValue()) !== '') {
    await browser.keys(['Control', 'a']);
    await browser.keys('Backspace');
  }
  await input.addValue(value);
}

export async function waitForPath(browser: Browser, path: string, timeout = 15_000): Promise<void> {
  await browser.waitUntil(async () => new URL(await browser.getUrl()).pathname === path, {
    timeout,
    timeoutMsg: `expected ${path}, still at ${await browser.getUrl()}`,
  });
}

export async function waitForText(browser: Browser, text: string, timeout = 15_000): Promise<void> {
  try {
    await browser.waitUntil(async () => ((await browser.$('body').getText()) ?? '').includes(text), { timeout });
  } catch {
    throw new Error(`"${text}" did not appear at ${await browser.getUrl()}; the page says:\n${await browser.$('body').getText()}`);
  }
}

export async function expectAccessible(browser: Browser, where: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  assert.deepEqual(violations, [], `${where}:\n${describeViolations(violations)}`);
}

/** Ticks the proof-of-work captcha and waits until the browser has solved it. */
export async function solveCaptcha(browser: Browser): Promise<void> {
  const box = await browser.$('#captcha-check');
  await box.waitForExist({ timeout: 10_000 });
  await (await box.parentElement()).click();
  await browser.waitUntil(async () => (await browser.$('#captcha-status').getText()).includes('Verified'), {
    timeout: 30_000,
    timeoutMsg: 'the captcha was not solved',
  });
}

/** Fills the login form and submits it (with the captcha when it is shown). */
export async function submitLogin(browser: Browser, base: string, email: string, password: string, options: { captcha?: boolean; navigate?: boolean } = {}): Promise<void> {
  if (options.navigate !== false) await browser.url(`${base}/login`);
  await fill(browser, 'login-email', email);
  await fill(browser, 'login-password', password);
  if (options.captcha) await solveCaptcha(browser);
  await click(browser, 'button', 'Sign in');
}
