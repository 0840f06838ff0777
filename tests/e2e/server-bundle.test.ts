import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { encryptPassword } from '../support/encrypt-password';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * `npm start` runs the server that `npm run build` compiled into one file (dist/server/main.mjs), on
 * a data folder copied from the build's cluster. What moved at build time still works from there:
 * plugins imported from the bundle, files found beside their sources (migrations, the console, worker
 * threads), packages loaded on first use (PDFKit, the OpenAPI schemas), a trained demo model.
 */
let running: RunningConsole;

before(async () => {
  // '' unsets the suites' CIVIC_DEMO_PUBLISHED=off: the demo apps are published and trained at start.
  running = await startConsole({ CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', CIVIC_DEMO_PUBLISHED: '', LOG_LEVEL: 'info' }, { bundle: true });
});

after(async () => {
  await running?.stop();
});

async function json(path: string, init: RequestInit = {}): Promise<{ status: number; body: { data?: Record<string, unknown> } & Record<string, unknown> }> {
  const response = await fetch(`${running.url}${path}`, { ...init, headers: { 'content-type': 'application/json', origin: running.url, ...init.headers } });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
}

test('the bundle is ready, serves the console, and a first start copied the build cluster', async () => {
  assert.equal((await fetch(`${running.url}/readyz`)).status, 200);
  const page = await fetch(`${running.url}/login`, { headers: { accept: 'text/html' } });
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<div id="root"/);
  assert.match(running.output(), /new embedded database: a copy of the cluster made by the build/);
  assert.match(running.output(), /Civic Console is running at/);
});

test('routes whose packages load on first use answer: the help guide PDF and the OpenAPI document', async () => {
  const pdf = await fetch(`${running.url}/help/civic-console-guide.pdf`);
  assert.equal(pdf.status, 200, await pdf.clone().text());
  assert.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');

  const { body: config } = await json('/api/v1/auth/config');
  const password = await encryptPassword(config.data?.loginKey as string, E2E_PASSWORD);
  const login = await json('/api/v1/auth/login', { method: 'POST', body: JSON.stringify({ email: 'admin@demo.gov.sg', password }) });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const openApi = await json('/api/v1/openapi.json', { headers: { authorization: `Bearer ${login.body.data?.token as string}` } });
  assert.equal(openApi.status, 200);
  assert.ok(Object.keys((openApi.body.components as { schemas: object }).schemas).length > 20);
});

test('a demo question is answered from production, trained at start on a worker thread', async () => {
  const started = await json('/api/v1/chat/demo-enterprise/sessions', { method: 'POST', body: '{}' });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await json(`/api/v1/chat/demo-enterprise/sessions/${started.body.data?.sessionId as string}/messages`, { method: 'POST', body: JSON.stringify({ text: 'How do I renew my passport?' }) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    if (answer.body.data?.intentName === 'Renew passport') break;
    assert.ok(Date.now() < deadline, `no trained answer: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});
