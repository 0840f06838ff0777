/**
 * Issue 15, hostile files: each one is refused with a clear 4xx, is read off the request thread (the
 * server answers /healthz while it is being read), and uploads are capped per user and in all.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseSlots } from '@civic/sdk/server/parse-slots';
import { deflateBomb, deflatedEntry, lyingZip, pdfBomb, qnaXlsx, quadraticSheetXlsx, rawZip, xlsxWithSheet } from '../support/hostile-files';
import { call, type ApiResponse } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const APP = 'demo-plus';
let t: TestServer;
let editor: string;
let appAdmin: string;
let platformAdmin: string;

before(async () => {
  t = await startTestServer();
  [editor, appAdmin, platformAdmin] = await Promise.all(['editor@demo.gov.sg', 'appadmin@demo.gov.sg', 'admin@demo.gov.sg'].map((email) => signIn(t.http, email)));
});
after(async () => {
  await t?.close();
});

const upload = (path: string, token: string, data: Uint8Array, fileName: string) =>
  call(t.http, 'POST', `/api/v1/apps/${APP}${path}`, { token, json: { fileName, content: Buffer.from(data).toString('base64') } });

/**
 * Sends the upload, waits until the server is reading it, and asks /healthz and a database-backed
 * route then: both answers must come back while the read is still in progress (a read on the request
 * thread would hold /healthz until it ended, and a read inside the request's transaction would hold
 * the embedded database's one connection).
 */
async function whileReading(send: () => Promise<ApiResponse>): Promise<{ upload: ApiResponse; healthAnsweredDuringRead: boolean }> {
  const sent = send();
  let done = false;
  void sent.finally(() => (done = true));
  while (parseSlots.inUse === 0 && !done) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(done, false, 'the upload ended before it was seen being read');
  const [health, apps] = await Promise.all([call(t.http, 'GET', '/healthz'), call(t.http, 'GET', '/api/v1/apps', { token: platformAdmin })]);
  assert.equal(health.status, 200);
  assert.equal(apps.status, 200);
  const healthAnsweredDuringRead = parseSlots.inUse > 0;
  return { upload: await sent, healthAnsweredDuringRead };
}

test('a sheet that froze the old reader (200 KB of unclosed rows) is a 422, read off the request thread', async () => {
  const { upload: response, healthAnsweredDuringRead } = await whileReading(() => upload('/bulk-import/preview', editor, quadraticSheetXlsx(200), 'rows.xlsx'));
  assert.equal(response.status, 422);
  assert.equal(response.body.message, 'The XLSX workbook is damaged and cannot be read');
  assert.ok(healthAnsweredDuringRead);
});

test('an honest XLSX still previews; a cell past Excel’s last column and a DTD entity do not get in', async () => {
  const ok = await upload('/bulk-import/preview', editor, qnaXlsx([['question', 'answer'], ['Where is the office?', 'On Main Street.']]), 'qna.xlsx');
  assert.equal(ok.status, 200);
  assert.equal(ok.body.data.total, 1);
  assert.equal(ok.body.data.rows[0].question, 'Where is the office?');
  const far = await upload('/bulk-import/preview', editor, xlsxWithSheet('<worksheet><sheetData><row><c r="A1" t="inlineStr"><is><t>question</t></is></c><c r="B1" t="inlineStr"><is><t>answer</t></is></c><c r="ZZZZZZ1" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>'), 'far.xlsx');
  // The old reader padded the row out to the column it named (hundreds of millions of cells).
  assert.equal(far.status, 200);
  assert.equal(far.body.data.total, 0);
  const laughs = '<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet><sheetData><row><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>';
  const entity = await upload('/bulk-import/preview', editor, xlsxWithSheet(laughs), 'laughs.xlsx');
  assert.equal(entity.status, 422);
  assert.equal(entity.body.message, 'The XLSX workbook is damaged and cannot be read');
});

test('a zip whose entry declares 1,000 bytes but holds 1 GB stops at the declared size: 413 naming a bomb', async () => {
  const { upload: agent, healthAnsweredDuringRead } = await whileReading(() => upload('/import', editor, lyingZip(1000, 1024), 'agent.zip'));
  assert.equal(agent.status, 413);
  assert.equal(agent.body.message, 'The archive is compressed suspiciously well (zip bomb); it was not unpacked');
  assert.ok(healthAnsweredDuringRead);
  const workbook = xlsxWithSheet('<worksheet/>', [{ ...deflatedEntry('xl/sharedStrings.xml', '<sst/>'), stored: deflateBomb(1024), declaredSize: 1000 }]);
  const sheet = await upload('/bulk-import', editor, workbook, 'bomb.xlsx');
  assert.equal(sheet.status, 413);
  assert.equal(sheet.body.message, 'The archive is compressed suspiciously well (zip bomb); it was not unpacked');
});

test('an agent zip holding megabytes of JSON is parsed off the request thread: a malformed file is a 422 naming it', async () => {
  // ~8 MB of numbers (they compress ~2:1, so no bomb ratio): parsing it on the request thread stalled every request.
  const numbers = `[${Array.from({ length: 1_100_000 }, (_, i) => (i * 7919) % 1_000_003).join(',')}]`;
  const zip = rawZip([deflatedEntry('agent.json', '{"displayName":"Big"}'), deflatedEntry('intents/big.json', numbers)]);
  const { upload: response, healthAnsweredDuringRead } = await whileReading(() => upload('/import', editor, zip, 'agent.zip'));
  assert.equal(response.status, 422);
  assert.equal(response.body.message, 'intents/big.json: not an object');
  assert.ok(healthAnsweredDuringRead);
});

test('a PDF whose content inflates past the memory cap: the reading process is killed, 413, and the server keeps its memory', async () => {
  const before = process.memoryUsage().rss;
  const { upload: response, healthAnsweredDuringRead } = await whileReading(() => upload('/qna-generator/pdf', editor, pdfBomb(1024), 'bomb.pdf'));
  assert.equal(response.status, 413);
  assert.equal(response.body.message, 'The PDF needs more memory to read than the console allows; upload a simpler or smaller copy');
  assert.ok(healthAnsweredDuringRead);
  // The decode buffers were the child's: this process (the server) did not take them on.
  assert.ok(process.memoryUsage().rss - before < 200 * 1024 * 1024, `server RSS grew by ${(process.memoryUsage().rss - before) / 1024 / 1024} MB`);
});

test('uploads being read are capped: 2 per user and 4 in all; beyond that a 429 with Retry-After', async () => {
  const bomb = pdfBomb(1024);
  const sends = [editor, editor, editor, appAdmin, appAdmin, platformAdmin].map((token) => upload('/qna-generator/pdf', token, bomb, 'bomb.pdf'));
  const statuses = await Promise.all(sends);
  const refused = statuses.filter((r) => r.status === 429);
  assert.deepEqual(statuses.map((r) => r.status).sort(), [413, 413, 413, 413, 429, 429]);
  for (const r of refused) assert.ok(Number(r.headers['retry-after']) > 0);
  // The per-user cap: the editor's three uploads at once were never all read (which of them was refused
  // depends on the order they arrived in; the global cap may refuse one of them too).
  assert.ok(statuses.slice(0, 3).some((r) => r.status === 429), statuses.map((r) => r.status).join(', '));
  assert.equal(parseSlots.inUse, 0);
});
