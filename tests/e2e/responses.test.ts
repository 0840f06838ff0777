import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { build } from 'vite';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';

/**
 * The response message views (the knowledge-base contract's `web/responses/views`) in a real Chromium: one message of
 * every kind, as the web chat widget and the previews show them. A small page is built from the
 * views alone (what the embeddable widget bundles) and served locally; jsdom cannot lay out,
 * measure contrast or run a sandboxed frame, this can.
 */
const ROOT = join(import.meta.dirname, '../..');
const WORK = join(ROOT, 'dist/e2e-responses');
const OUT = join(WORK, 'out');

const HARNESS = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ResponseMessagesView } from '../../plugins/knowledge-base/contract/web/responses/views';

const messages = [
  { type: 'text', text: ['Hello, I am the council assistant.', 'How can I help?'] },
  { type: 'image', imageUri: 'https://agency.gov/map.png', accessibilityText: 'Map of the service centre' },
  { type: 'quickReplies', title: 'Pick a topic', quickReplies: ['Rates', 'Permits', 'Waste'] },
  { type: 'card', card: { title: 'Parking permit', subtitle: 'Apply online in 5 minutes', imageUri: '', buttons: [{ text: 'Apply', postback: 'https://agency.gov/apply' }, { text: 'Fees', postback: 'show fees' }] } },
  { type: 'tableCard', title: 'Fees', subtitle: 'From 1 July', imageUri: '', columns: [{ header: 'Permit', horizontalAlignment: 'LEADING' }, { header: 'Fee', horizontalAlignment: 'TRAILING' }], rows: [{ cells: ['Parking', '$10'], dividerAfter: true }, { cells: ['Event', '$50'], dividerAfter: false }], buttons: [] },
  { type: 'payload', payloadType: 'line.sticker', content: '{}' },
  { type: 'form', title: 'Contact us', submitLabel: 'Send', fields: [{ name: 'email', label: 'Email', fieldType: 'email', required: true, options: [] }] },
  { type: 'carousel', items: [{ card: { title: 'Rates', subtitle: 'Pay or query', imageUri: '', buttons: [{ text: 'Open rates', postback: 'rates' }] } }, { card: { title: 'Waste', subtitle: 'Bin days', imageUri: '', buttons: [] } }] },
  { type: 'video', videoUri: 'https://video.agency.gov/watch?v=1', title: 'How to apply' },
  { type: 'html', html: '<p id="hours">Open <b>9–5</b> weekdays</p><p>Closed on public holidays.</p><script>parent.document.title = "pwned"</script><img src="x" onerror="parent.document.title = \\'pwned\\'">' },
  { type: 'customPayload', json: '{"a":1}' },
  { type: 'file', fileUri: 'https://agency.gov/form.pdf', name: 'Application form' },
  { type: 'imageGallery', images: [{ imageUri: 'https://agency.gov/1.png', accessibilityText: 'Front desk' }] },
  { type: 'miniCarousel', items: [{ title: 'Libraries', imageUri: '', postback: 'libraries' }] },
];

function App() {
  const [replies, setReplies] = useState([]);
  return (
    <main>
      <h1>Reply preview</h1>
      <ResponseMessagesView messages={messages} label="Bot reply" onReply={(text) => setReplies((r) => [...r, text])} />
      <p id="replies">{replies.join('|')}</p>
    </main>
  );
}
createRoot(document.getElementById('root')).render(<App />);
`;

let server: Server;
let url: string;
let browser: Browser;
let closeBrowser: () => Promise<void>;

before(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  writeFileSync(join(WORK, 'main.jsx'), HARNESS);
  writeFileSync(join(WORK, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Responses</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>');
  await build({
    root: WORK,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@civic/core': join(ROOT, 'core'), '@civic/sdk': join(ROOT, 'sdk'), '@civic/config': join(ROOT, 'config') } },
    build: { outDir: OUT, emptyOutDir: true, target: 'es2022', minify: false },
  });
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    try {
      const body = readFileSync(join(OUT, path === '/' ? 'index.html' : path.replace(/\.\.+/g, '')));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'text/html' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  ({ browser, close: closeBrowser } = await openBrowser());
  await browser.url(url);
  await browser.$('ol[aria-label="Bot reply"]').waitForExist({ timeout: 15_000 });
});

after(async () => {
  await closeBrowser?.();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(WORK, { recursive: true, force: true });
});

test('every kind renders, and the page has no serious axe violations (contrast included)', async () => {
  const items = await browser.$$('ol[aria-label="Bot reply"] > li');
  // 14 kinds, payload and custom payload hidden from citizens.
  assert.equal(items.length, 12);
  const violations = await seriousAxeViolations(browser);
  assert.equal(violations.length, 0, describeViolations(violations));
});

test('html is shown sanitised in a sandboxed frame sized to its content; nothing in it runs', async () => {
  const frame = await browser.$('iframe.civic-rv-html');
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  assert.ok(!sandbox.split(/\s+/).includes('allow-scripts'), sandbox);
  // Sized from the content once loaded: two paragraphs are more than the 24 px minimum.
  await browser.waitUntil(async () => (await frame.getSize('height')) > 30, { timeout: 5_000, timeoutMsg: 'the frame was not sized' });
  await browser.switchFrame(frame);
  assert.equal(await browser.$('#hours').getText(), 'Open 9–5 weekdays');
  assert.equal(await browser.execute(() => document.querySelectorAll('script, [onerror]').length), 0);
  await browser.switchFrame(null);
  assert.equal(await browser.getTitle(), 'Responses');
});

async function repliesAre(expected: string): Promise<void> {
  await browser.waitUntil(async () => (await browser.$('#replies').getText()) === expected, { timeout: 5_000, timeoutMsg: `replies are not ${expected}` });
}

test('a quick reply answers by mouse and by keyboard; a card reply button too', async () => {
  await browser.$('button=Permits').click();
  await repliesAre('Permits');
  await browser.execute(() => (document.querySelector('.civic-rv-chip') as HTMLButtonElement).focus());
  await browser.keys(['Enter']);
  await browser.$('button=Fees').click();
  await repliesAre('Permits|Rates|show fees');
  const apply = await browser.$('a=Apply');
  assert.equal(await apply.getAttribute('target'), '_blank');
  assert.equal(await apply.getAttribute('rel'), 'noopener noreferrer');
});
