import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { AgentImportPreview } from '../../plugins/publishing/common/api';
import { agencies, apps, auditLog, entityTypes, intents, jobs, trainingPhrases } from './support/tables';
import { call } from './support/api-call';
import { seedKnowledge, waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Agent zip import with a preview (issue 20): per intent and entity type new / changed / unchanged,
 * nothing written by the preview, and an import that would overwrite changed ones refused (409) until
 * it is confirmed with the preview's token or `overwrite: true`.
 */
const APP = 'test-zip-preview';
const SOURCE = 'demo-enterprise';
let t: TestServer;
let editor: string;
let viewer: string;

interface Intent {
  name: string;
  phrases: string[];
  answer: string;
}

/** A plain Dialogflow ES agent zip with these intents (one text answer each) and a `document` entity. */
function agentZip(list: Intent[], documentEntries: string[]): Buffer {
  const files: Zippable = { 'agent.json': strToU8(JSON.stringify({ displayName: 'Preview agent', language: 'en' })) };
  for (const intent of list) {
    files[`intents/${intent.name}.json`] = strToU8(JSON.stringify({ id: intent.name, name: intent.name, responses: [{ messages: [{ type: 0, lang: 'en', speech: [intent.answer] }] }] }));
    files[`intents/${intent.name}_usersays_en.json`] = strToU8(JSON.stringify(intent.phrases.map((text, i) => ({ id: `${intent.name}-${i}`, data: [{ text }], isTemplate: false }))));
  }
  files['entities/document.json'] = strToU8(JSON.stringify({ name: 'document', isEnum: false, allowFuzzyExtraction: false }));
  files['entities/document_entries_en.json'] = strToU8(JSON.stringify(documentEntries.map((value) => ({ value, synonyms: [value] }))));
  return Buffer.from(zipSync(files));
}

const BASE: Intent[] = [
  { name: 'Opening hours', phrases: ['when are you open', 'opening times'], answer: 'We open at 9.' },
  { name: 'Passport fees', phrases: ['how much is a passport', 'passport price'], answer: 'It costs $70.' },
  { name: 'Library hours', phrases: ['when does the library open'], answer: 'From 10am.' },
];
/** Opening hours and Library hours as they are; Passport fees with a phrase swapped and a new answer; Parking new; one more document entry. */
const NEXT: Intent[] = [
  BASE[0],
  { name: 'Passport fees', phrases: ['how much is a passport', 'cost of a passport'], answer: 'It costs $75.' },
  BASE[2],
  { name: 'Parking', phrases: ['where can I park'], answer: 'Behind the building.' },
];

const body = (data: Buffer, more: Record<string, unknown> = {}) => ({ fileName: 'agent.zip', content: data.toString('base64'), ...more });
const preview = (appId: string, token: string, data: Buffer) => call(t.http, 'POST', `/api/v1/apps/${appId}/import/preview`, { token, json: body(data) });
const importZip = (token: string, data: Buffer, more: Record<string, unknown> = {}) => call(t.http, 'POST', `/api/v1/apps/${APP}/import`, { token, json: body(data, more) });

/** Everything an import writes, to show a preview or a refused import wrote nothing. */
async function draftState() {
  const db = t.server.db.db;
  return {
    intents: await db.select({ name: intents.displayName, version: intents.version, responses: intents.responses }).from(intents).where(eq(intents.appId, APP)).orderBy(intents.displayName),
    phrases: (await db.select({ text: trainingPhrases.text }).from(trainingPhrases).where(eq(trainingPhrases.appId, APP))).map((p) => p.text).sort(),
    entities: await db.select({ name: entityTypes.displayName, entries: entityTypes.entries, version: entityTypes.version }).from(entityTypes).where(eq(entityTypes.appId, APP)),
    imports: (await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.appId, APP), eq(jobs.kind, 'publishing.import-agent')))).length,
  };
}

before(async () => {
  t = await startTestServer();
  const db = t.server.db.db;
  await seedKnowledge(db, SOURCE);
  const [agency] = await db.select({ id: agencies.id }).from(agencies).limit(1);
  await db.insert(apps).values({ appId: APP, appName: 'Zip preview', subscriptionTier: 'Enterprise', agencyId: agency.id });
  editor = await signIn(t.http, 'admin@demo.gov.sg');
  viewer = await signIn(t.http, 'viewer@demo.gov.sg');
  // The draft starts as BASE (all new: no confirmation needed).
  const first = await importZip(editor, agentZip(BASE, ['passport', 'ic']));
  assert.equal(first.status, 202, JSON.stringify(first.body));
  assert.equal(first.body.data.overwritten, 0);
  assert.equal((await waitForJob(t.http, editor, APP, first.body.data.job.id)).status, 'succeeded');
});
after(async () => {
  await t?.close();
});

test('the preview says per intent and entity type what is new, changed (and what) or unchanged, with totals, and writes nothing', async () => {
  const before = await draftState();
  const zip = agentZip(NEXT, ['passport', 'ic', 'birth certificate']);
  const response = await preview(APP, editor, zip);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const result = response.body.data as AgentImportPreview;
  assert.equal(result.fileName, 'agent.zip');
  assert.equal(result.agentName, 'Preview agent');
  assert.deepEqual(result.intents, { new: 1, changed: 1, unchanged: 2 });
  assert.deepEqual(result.entityTypes, { new: 0, changed: 1, unchanged: 0 });
  assert.equal(result.tierLimit, null);
  assert.match(result.previewToken, /^[0-9a-f]{64}$/);
  const byName = new Map(result.items.map((item) => [`${item.type}:${item.name}`, item]));
  assert.deepEqual(byName.get('intent:Opening hours'), { type: 'intent', name: 'Opening hours', status: 'unchanged', changes: [] });
  assert.deepEqual(byName.get('intent:Parking'), { type: 'intent', name: 'Parking', status: 'new', changes: [] });
  assert.deepEqual(byName.get('intent:Passport fees'), { type: 'intent', name: 'Passport fees', status: 'changed', changes: ['1 phrase added', '1 phrase removed', 'responses changed'] });
  assert.deepEqual(byName.get('entityType:document'), { type: 'entityType', name: 'document', status: 'changed', changes: ['1 entry added'] });
  assert.deepEqual(await draftState(), before, 'the preview wrote to the draft');
  // The same file previewed twice against the same draft gives the same token.
  assert.equal((await preview(APP, editor, zip)).body.data.previewToken, result.previewToken);
  const [audit] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'publishing.import-preview')).orderBy(desc(auditLog.at)).limit(1);
  assert.match(String(audit?.summary), /Previewed agent zip import agent\.zip/);
});

test('an import that would overwrite changed intents is refused (409) without confirmation, and with a token the draft has outgrown', async () => {
  const zip = agentZip(NEXT, ['passport', 'ic', 'birth certificate']);
  const before = await draftState();
  const refused = await importZip(editor, zip);
  assert.equal(refused.status, 409, JSON.stringify(refused.body));
  assert.match(refused.body.message, /would overwrite 1 changed intent and 1 changed entity type/);
  const declined = await importZip(editor, zip, { overwrite: false, previewToken: (await preview(APP, editor, zip)).body.data.previewToken });
  assert.equal(declined.status, 409);

  // Previewed, then someone edits one of the intents the file names: the preview no longer holds.
  const { previewToken } = (await preview(APP, editor, zip)).body.data as AgentImportPreview;
  const db = t.server.db.db;
  await db.update(intents).set({ action: 'edited.meanwhile' }).where(and(eq(intents.appId, APP), eq(intents.displayName, 'Opening hours')));
  const stale = await importZip(editor, zip, { previewToken });
  assert.equal(stale.status, 409);
  assert.match(stale.body.message, /changed since the import was previewed/);
  // A token for another file is stale too.
  const other = await importZip(editor, agentZip(BASE, ['passport']), { previewToken });
  assert.equal(other.status, 409);
  await db.update(intents).set({ action: '' }).where(and(eq(intents.appId, APP), eq(intents.displayName, 'Opening hours')));
  const malformed = await importZip(editor, zip, { previewToken: 'not-a-token' });
  assert.equal(malformed.status, 422);
  assert.deepEqual(await draftState(), before, 'a refused import wrote to the draft or queued a job');
});

test('confirmed with the preview token the import writes the file over the changed intents; previewing it again shows everything unchanged', async () => {
  const zip = agentZip(NEXT, ['passport', 'ic', 'birth certificate']);
  const { previewToken } = (await preview(APP, editor, zip)).body.data as AgentImportPreview;
  const response = await importZip(editor, zip, { previewToken });
  assert.equal(response.status, 202, JSON.stringify(response.body));
  assert.equal(response.body.data.overwritten, 2);
  assert.equal((await waitForJob(t.http, editor, APP, response.body.data.job.id)).status, 'succeeded');
  const state = await draftState();
  assert.deepEqual(state.intents.map((i) => i.name), ['Library hours', 'Opening hours', 'Parking', 'Passport fees']);
  assert.ok(state.phrases.includes('cost of a passport') && !state.phrases.includes('passport price'));
  assert.deepEqual(state.entities[0].entries.map((e: { value: string }) => e.value), ['passport', 'ic', 'birth certificate']);
  const [audit] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'publishing.import')).orderBy(desc(auditLog.at)).limit(1);
  assert.match(String(audit?.summary), /Imported agent zip agent\.zip \(overwriting 2 changed intents or entity types, confirmed\)/);

  const again = (await preview(APP, editor, zip)).body.data as AgentImportPreview;
  assert.deepEqual([again.intents, again.entityTypes], [{ new: 0, changed: 0, unchanged: 4 }, { new: 0, changed: 0, unchanged: 1 }]);
  // Nothing would be overwritten: no confirmation needed.
  const plain = await importZip(editor, zip);
  assert.equal(plain.status, 202, JSON.stringify(plain.body));
  await waitForJob(t.http, editor, APP, plain.body.data.job.id);
});

test('overwrite: true confirms an import without a preview', async () => {
  const response = await importZip(editor, agentZip(BASE, ['passport', 'ic']), { overwrite: true });
  assert.equal(response.status, 202, JSON.stringify(response.body));
  assert.equal((await waitForJob(t.http, editor, APP, response.body.data.job.id)).status, 'succeeded');
  const [fees] = await t.server.db.db.select().from(intents).where(and(eq(intents.appId, APP), eq(intents.displayName, 'Passport fees')));
  assert.deepEqual(fees.responses, [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['It costs $70.'] }] }]);
});

test("an app's own export previews as all unchanged (categories, labels, follow-ups, parameters, every message kind)", async () => {
  const zip = (await t.http.get(`api/v1/apps/${SOURCE}/export`, { headers: { authorization: `Bearer ${editor}` }, responseType: 'buffer' })).body;
  const result = (await preview(SOURCE, editor, zip)).body.data as AgentImportPreview;
  assert.deepEqual(
    result.items.filter((item) => item.status !== 'unchanged'),
    [],
  );
  assert.deepEqual(result.intents, { new: 0, changed: 0, unchanged: 3 });
});

test('the preview refuses what the import refuses, and only editors may preview', async () => {
  const notZip = await call(t.http, 'POST', `/api/v1/apps/${APP}/import/preview`, { token: editor, json: { fileName: 'a.zip', content: Buffer.from('89504e470d0a1a0a', 'hex').toString('base64') } });
  assert.equal(notZip.status, 415);
  const bomb = await preview(APP, editor, Buffer.from(zipSync({ 'agent.json': strToU8('{}'), 'intents/bomb.json': new Uint8Array(5 * 1024 * 1024) }, { level: 9 })));
  assert.equal(bomb.status, 413);
  assert.match(bomb.body.message, /zip bomb/);
  assert.equal((await preview('demo-enterprise', viewer, agentZip(BASE, []))).status, 403);
});
