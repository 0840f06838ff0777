import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { sidebarEntries, signIn } from './support/console-user';
import { click, fill, waitForText } from './support/identity-steps';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';
import { startTestHttpsServer, type ReceivedRequest, type TestAnswer, type TestHttpsServer } from '../../sdk/testing/server/test-https-server';

/**
 * Integration credentials in a real Chromium against the real server: for each kind, a platform
 * admin adds a credential through the form generated from its DTO, tests the connection against a
 * loopback provider of that kind's shape, rotates a secret (the provider then refuses it), and
 * deletes it. The secrets never appear on the page. Every screen is checked with axe.
 */
const KEYS: Record<string, string> = {
  desk: 'desk-e2e-key-00000001',
  graph: 'EAAG-e2e-whatsapp-token-01',
  tg: '123456789:AAF-e2e-telegram-token-0001',
  pay: 'sk_e2e_payment_key_00001',
  chat: 'livechat-e2e-key-000001',
  llm: 'sk-e2e-llm-key-00000001',
};
let provider: TestHttpsServer;
let running: RunningConsole;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let certDir: string;

const json = (status: number, body: unknown): TestAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const bearer = (r: ReceivedRequest) => String(r.headers.authorization ?? '').replace(/^Bearer /, '');

function providers(r: ReceivedRequest): TestAnswer {
  if (r.path === '/realm/.well-known/openid-configuration') return json(200, { issuer: `${provider.url}/realm`, token_endpoint: `${provider.url}/realm/token` });
  if (r.path === '/desk/users/me') return bearer(r) === KEYS.desk ? json(200, {}) : json(401, {});
  if (r.path.startsWith('/graph/')) return bearer(r) === KEYS.graph ? json(200, { display_phone_number: '+65 6000 0000' }) : json(401, {});
  if (r.path.startsWith('/tg/bot')) return r.path === `/tg/bot${KEYS.tg}/getMe` ? json(200, { ok: true, result: { username: 'civic_bot' } }) : json(401, {});
  if (r.path.startsWith('/pay/v1/merchants/')) return bearer(r) === KEYS.pay ? json(200, { name: 'Civic Merchant' }) : json(401, {});
  if (r.path === '/llm/v1/models') return bearer(r) === KEYS.llm ? json(200, { object: 'list', data: [{ id: 'civic-small' }] }) : json(401, {});
  if (r.path === '/chat/status') return r.headers['x-api-key'] === KEYS.chat ? json(200, { agentsOnline: 2 }) : json(403, {});
  return json(404, {});
}

interface KindCase {
  id: string;
  title: string;
  fields: Record<string, string>;
  /** The secret rotated to a value the provider refuses (SSO: its secret is not checked by the test). */
  rotate: { field: string; label: string; value: string };
  okText: string;
}

function cases(): KindCase[] {
  const base = provider.url;
  return [
    { id: 'credential-sso', title: 'Single sign-on realm', fields: { issuer: `${base}/realm`, clientId: 'civic-console', clientSecret: 'sso-e2e-client-secret' }, rotate: { field: 'clientSecret', label: 'Client secret', value: 'sso-e2e-new-secret-02' }, okText: 'names this issuer' },
    { id: 'credential-support-desk', title: 'Support desk', fields: { endpoint: `${base}/desk`, apiKey: KEYS.desk }, rotate: { field: 'apiKey', label: 'API key', value: 'desk-e2e-wrong-key-99' }, okText: 'accepted the key' },
    { id: 'credential-whatsapp', title: 'WhatsApp messaging', fields: { apiBase: `${base}/graph`, phoneNumberId: '1234567', accessToken: KEYS.graph, webhookVerifyToken: 'verify-e2e-0001' }, rotate: { field: 'accessToken', label: 'Access token', value: 'EAAG-e2e-wrong-token-99' }, okText: '+65 6000 0000' },
    { id: 'credential-telegram', title: 'Telegram bot', fields: { apiBase: `${base}/tg`, botToken: KEYS.tg }, rotate: { field: 'botToken', label: 'Bot token', value: '987654321:BBBBBBBBBBBBBBBBBBBBBBBBBBB' }, okText: '@civic_bot' },
    { id: 'credential-payment', title: 'Payment provider', fields: { endpoint: `${base}/pay`, merchantId: 'M-1', apiKey: KEYS.pay, webhookSecret: 'whsec_e2e_0001' }, rotate: { field: 'apiKey', label: 'API key', value: 'sk_e2e_wrong_key_99' }, okText: 'Civic Merchant' },
    { id: 'credential-live-chat', title: 'Live chat', fields: { endpoint: `${base}/chat`, apiKey: KEYS.chat }, rotate: { field: 'apiKey', label: 'API key', value: 'livechat-e2e-wrong-99' }, okText: '2 agents online' },
    { id: 'credential-llm', title: 'LLM provider', fields: { baseUrl: `${base}/llm/v1`, model: 'civic-small', apiKey: KEYS.llm }, rotate: { field: 'apiKey', label: 'API key', value: 'sk-e2e-llm-wrong-key-99' }, okText: 'civic-small is available' },
  ];
}

async function expectAccessible(where: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  assert.deepEqual(violations, [], `axe on ${where}:\n${describeViolations(violations)}`);
}

async function statusText(name: string): Promise<string> {
  return browser.$(`//tr[td[1][normalize-space()=${JSON.stringify(name)}]]/td[@role="status"]`).getText();
}

before(async () => {
  provider = await startTestHttpsServer(providers, { trust: false });
  certDir = mkdtempSync(join(tmpdir(), 'civic-e2e-ca-'));
  writeFileSync(join(certDir, 'provider.pem'), provider.cert);
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', CIVIC_OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: join(certDir, 'provider.pem') });
  ({ browser, close: closeBrowser } = await openBrowser());
  await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
  await provider?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

test('the sidebar has the Integration Credential group; opened, it lists every kind', async () => {
  assert.ok((await sidebarEntries(browser)).includes('Integration Credential'));
  const group = browser.$('//nav[@aria-label="Main navigation"]//button[.//*[normalize-space()="Integration Credential"]]');
  await group.click();
  await browser.waitUntil(async () => (await group.getAttribute('aria-expanded')) === 'true', { timeout: 10_000 });
  const entries = await sidebarEntries(browser);
  for (const kind of cases()) assert.ok(entries.includes(kind.title), `${kind.title} in ${entries.join(', ')}`);
  await expectAccessible('sidebar with the credential group open');
});

for (const index of [0, 1, 2, 3, 4, 5, 6]) {
  test(`credential kind ${index + 1}: add, test the connection, rotate a secret, delete`, async () => {
    const kind = cases()[index];
    const name = `${kind.title} e2e`;
    await browser.url(`${running.url}/${kind.id}`);
    await waitForText(browser, 'No credentials yet');
    await expectAccessible(`/${kind.id}`);

    await click(browser, 'button', 'New credential');
    await fill(browser, `credential-${kind.id}-name`, name);
    for (const [field, value] of Object.entries(kind.fields)) await fill(browser, `credential-${kind.id}-${field}`, value);
    await expectAccessible(`${kind.id} form`);
    await click(browser, 'button', 'Add credential');
    await waitForText(browser, 'Credential added');
    await browser.$(`table[aria-label="${kind.title} credentials"]`).waitForDisplayed({ timeout: 15_000 });
    const page = await browser.$('main').getText();
    for (const [field, value] of Object.entries(kind.fields)) if (field === kind.rotate.field) assert.ok(!page.includes(value), `${field} is on the page`);

    await browser.$(`button[aria-label="Test connection of ${name}"]`).click();
    await browser.waitUntil(async () => (await statusText(name)).includes('Connected'), { timeout: 20_000, timeoutMsg: `the test did not connect: ${await statusText(name)}` });
    assert.ok((await statusText(name)).includes(kind.okText), await statusText(name));
    await expectAccessible(`${kind.id} tested`);

    await browser.$(`button[aria-label="Rotate secret of ${name}"]`).click();
    const select = browser.$(`#rotate-${kind.id}-field`);
    if (await select.isExisting()) await select.selectByVisibleText(kind.rotate.label);
    await fill(browser, `rotate-${kind.id}-value`, kind.rotate.value);
    await expectAccessible(`${kind.id} rotate dialog`);
    await click(browser, 'button', 'Replace');
    await waitForText(browser, `${kind.rotate.label} replaced`);
    await browser.$('.bp6-dialog').waitForExist({ reverse: true, timeout: 15_000 });
    if (kind.id !== 'credential-sso') {
      await browser.$(`button[aria-label="Test connection of ${name}"]`).click();
      await browser.waitUntil(async () => (await statusText(name)).includes('Failed'), { timeout: 20_000, timeoutMsg: `the rotated secret was not refused: ${await statusText(name)}` });
      assert.ok(!(await browser.$('main').getText()).includes(kind.rotate.value));
    }

    await browser.$(`button[aria-label="Delete ${name}"]`).click();
    const confirm = browser.$('[role="alertdialog"]');
    await confirm.waitForDisplayed({ timeout: 15_000 });
    await confirm.$('.//button[normalize-space()="Delete"]').click();
    await waitForText(browser, `Deleted ${name}`);
    await waitForText(browser, 'No credentials yet');
  });
}
