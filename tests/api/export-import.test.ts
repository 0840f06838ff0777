import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { agencies, apps, glossaryTerms, intents, trainingPhrases } from './support/tables';
import { call } from './support/api-call';
import { seedKnowledge, waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const SOURCE = 'demo-enterprise';
const TARGET = 'test-roundtrip';
let t: TestServer;
let admin: string;
let platform: string;
let viewer: string;

before(async () => {
  t = await startTestServer();
  await seedKnowledge(t.server.db.db, SOURCE);
  const [agency] = await t.server.db.db.select({ id: agencies.id }).from(agencies).limit(1);
  await t.server.db.db.insert(apps).values({ appId: TARGET, appName: 'Round trip', subscriptionTier: 'Plus', agencyId: agency.id });
  [admin, platform, viewer] = await Promise.all(['appadmin@demo.gov.sg', 'admin@demo.gov.sg', 'viewer@demo.gov.sg'].map((email) => signIn(t.http, email)));
});
after(async () => {
  await t?.close();
});

async function exportZip(appId: string, token: string): Promise<Buffer> {
  const response = await t.http.get(`api/v1/apps/${appId}/export`, { headers: { authorization: `Bearer ${token}` }, responseType: 'buffer' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'application/zip');
  assert.match(String(response.headers['content-disposition']), new RegExp(`attachment; filename="${appId}-draft.zip"`));
  return response.body;
}

function importZip(appId: string, token: string, data: Uint8Array | Buffer, fileName = 'agent.zip') {
  return call(t.http, 'POST', `/api/v1/apps/${appId}/import`, { token, json: { fileName, content: Buffer.from(data).toString('base64') } });
}

/** The zip with every central-directory entry claiming `size` unpacked bytes (a header that lies). */
function lyingSizes(zip: Uint8Array, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i += 1) if (out.readUInt32LE(i) === 0x02014b50) out.writeUInt32LE(size, i + 24);
  return out;
}

function contents(zip: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(zip))).map(([name, data]) => [name, strFromU8(data)]));
}

test('the export is a Dialogflow ES agent: agent.json, intents with usersays, entities with entries', async () => {
  const files = contents(await exportZip(SOURCE, viewer));
  assert.ok(files['agent.json']);
  assert.equal(JSON.parse(files['agent.json']).language, 'en');
  const intent = JSON.parse(files['intents/Renew passport.json']);
  assert.equal(intent.name, 'Renew passport');
  assert.equal(intent.responses[0].action, 'passport.renew');
  assert.deepEqual(intent.responses[0].messages[0], { type: '0', lang: 'en', condition: '', speech: ['You can renew online.', 'Visit the ICA site.'] });
  assert.deepEqual(intent.responses[0].parameters[0].prompts, [{ lang: 'en', value: 'Which document?' }]);
  const usersays = JSON.parse(files['intents/Renew passport_usersays_en.json']);
  assert.deepEqual(usersays[0].data, [{ text: 'renew my ', userDefined: false }, { text: 'passport', alias: 'document', meta: '@document', userDefined: true }]);
  const child = JSON.parse(files['intents/Renew passport - yes.json']);
  assert.equal(child.parentId, intent.id);
  assert.deepEqual(child.contexts, ['renew-followup']);
  assert.equal(JSON.parse(files['entities/document.json']).allowFuzzyExtraction, true);
  assert.deepEqual(JSON.parse(files['entities/document_entries_en.json'])[1], { value: 'ic', synonyms: ['identity card', 'nric'] });
});

test('export → import into a new app (a job) → export gives the same content; importing again adds no duplicates', async () => {
  const first = await exportZip(SOURCE, admin);
  const response = await importZip(TARGET, platform, first, 'demo.zip');
  assert.equal(response.status, 202, JSON.stringify(response.body));
  const job = await waitForJob(t.http, platform, TARGET, response.body.data.job.id);
  assert.equal(job.status, 'succeeded', JSON.stringify(job.errors));
  assert.equal(job.kind, 'publishing.import-agent');
  assert.deepEqual(job.counts, { intents: 3, phrases: 5, entities: 1, glossary: 1 });

  const second = await exportZip(TARGET, platform);
  const a = contents(first);
  const b = contents(second);
  assert.deepEqual(Object.keys(b).sort(), Object.keys(a).sort());
  for (const name of Object.keys(a)) {
    if (name === 'agent.json') continue;
    assert.equal(b[name], a[name], `${name} differs after the round trip`);
  }
  assert.deepEqual({ ...JSON.parse(b['agent.json']), displayName: '' }, { ...JSON.parse(a['agent.json']), displayName: '' });

  const again = await importZip(TARGET, platform, first);
  assert.equal((await waitForJob(t.http, platform, TARGET, again.body.data.job.id)).status, 'succeeded');
  const db = t.server.db.db;
  assert.equal((await db.select().from(intents).where(eq(intents.appId, TARGET))).length, 3);
  assert.equal((await db.select().from(trainingPhrases).where(eq(trainingPhrases.appId, TARGET))).length, 5);
  assert.equal((await db.select().from(glossaryTerms).where(eq(glossaryTerms.appId, TARGET))).length, 1);
  assert.deepEqual(contents(await exportZip(TARGET, platform)), b);
});

test('a plain Dialogflow agent (no civic keys) imports: texts, quick replies, channel messages and phrases', async () => {
  const files: Zippable = {
    'agent.json': strToU8(JSON.stringify({ displayName: 'other tool', language: 'en' })),
    'intents/Opening hours.json': strToU8(
      JSON.stringify({
        id: 'x1',
        name: 'Opening hours',
        responses: [{ action: 'hours', messages: [{ type: 0, lang: 'en', speech: 'We open at 9.' }, { type: 2, lang: 'en', title: 'More', replies: ['Weekends'] }, { type: 0, platform: 'telegram', lang: 'en', speech: ['9am'] }] }],
        webhookUsed: true,
      }),
    ),
    'intents/Opening hours_usersays_en.json': strToU8(JSON.stringify([{ id: 'u1', data: [{ text: 'when do you open' }], isTemplate: false }])),
  };
  const response = await importZip(TARGET, platform, zipSync(files));
  assert.equal(response.status, 202, JSON.stringify(response.body));
  assert.equal((await waitForJob(t.http, platform, TARGET, response.body.data.job.id)).status, 'succeeded');
  const [row] = await t.server.db.db.select().from(intents).where(eq(intents.displayName, 'Opening hours'));
  assert.equal(row.webhookState, 'WEBHOOK_STATE_ENABLED');
  assert.deepEqual(row.responses, [
    { platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['We open at 9.'] }, { type: 'quickReplies', title: 'More', quickReplies: ['Weekends'] }] },
    { platform: 'TELEGRAM', enable_default_response: false, messages: [{ type: 'text', text: ['9am'] }] },
  ]);
});

test('hostile or broken files are refused with a clear 4xx and nothing is imported', async () => {
  const before = (await t.server.db.db.select().from(intents).where(eq(intents.appId, TARGET))).length;
  const agent = strToU8('{"displayName":"x"}');
  const cases: Array<{ what: string; data: Uint8Array; status: number; message: RegExp }> = [
    { what: 'too large', data: crypto.randomBytes(10 * 1024 * 1024 + 10), status: 413, message: /larger than 10 MB/ },
    { what: 'a PNG named .zip', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), status: 415, message: /not a zip archive/ },
    { what: 'zip slip', data: zipSync({ 'agent.json': agent, '../../etc/cron.d/evil.json': strToU8('{}') }), status: 422, message: /unsafe name: \.\.\/\.\.\/etc/ },
    { what: 'absolute path', data: zipSync({ 'agent.json': agent, '/tmp/evil.json': strToU8('{}') }), status: 422, message: /unsafe name/ },
    { what: 'zip bomb (ratio)', data: zipSync({ 'agent.json': agent, 'intents/bomb.json': new Uint8Array(5 * 1024 * 1024) }, { level: 9 }), status: 413, message: /zip bomb/ },
    { what: 'declares a huge unpacked size', data: lyingSizes(zipSync({ 'agent.json': agent, 'intents/big.json': strToU8('{"name":"big"}') }), 60 * 1024 * 1024), status: 413, message: /more than 50 MB/ },
    { what: 'malformed JSON', data: zipSync({ 'agent.json': agent, 'intents/Broken.json': strToU8('{"name": "Broken",') }), status: 422, message: /intents\/Broken\.json is not valid JSON/ },
    { what: 'no agent.json', data: zipSync({ 'intents/A.json': strToU8('{"name":"A"}') }), status: 422, message: /agent\.json is missing/ },
    { what: 'intent without a name', data: zipSync({ 'agent.json': agent, 'intents/A.json': strToU8('{"id":"1"}') }), status: 422, message: /intents\/A\.json: the intent has no name/ },
    { what: 'damaged zip', data: Buffer.concat([Buffer.from('504b0304', 'hex'), crypto.randomBytes(200)]), status: 422, message: /damaged/ },
  ];
  for (const { what, data, status, message } of cases) {
    const response = await importZip(TARGET, platform, data);
    assert.equal(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
    assert.match(String(response.body.message), message, what);
  }
  const notBase64 = await call(t.http, 'POST', `/api/v1/apps/${TARGET}/import`, { token: platform, json: { fileName: 'a.zip', content: 'not base64!' } });
  assert.equal(notBase64.status, 422);
  assert.equal(notBase64.body.message, 'The file content must be base64');
  assert.equal((await t.server.db.db.select().from(intents).where(eq(intents.appId, TARGET))).length, before);
});
