import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { auditLog, entityTypes, intents, trainingPhrases } from './support/tables';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let editor: string;
let viewer: string;
const APP = 'demo-plus';
const LIST = `/api/v1/apps/${APP}/entities`;
const NAME_RULE = 'Entity names use only A-Z, a-z, 0-9, _ and -, start with a letter and have at most 30 characters';

before(async () => {
  t = await startTestServer();
  editor = await signIn(t.http, 'editor@demo.gov.sg');
  viewer = await signIn(t.http, 'viewer@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

const city = {
  display_name: 'city',
  kind: 'KIND_MAP',
  enable_fuzzy_extraction: true,
  entities: [
    { value: 'New York', synonyms: ['NYC', ' big apple ', ''] },
    { value: 'Boston', synonyms: ['Beantown'] },
  ],
};

/** An intent of the app with one phrase tagged with @name and one parameter of that type. */
async function intentUsing(name: string, intentName: string): Promise<string> {
  const db = t.server.db.db;
  const [intent] = await db
    .insert(intents)
    .values({
      appId: APP,
      kind: 'intent',
      displayName: intentName,
      parameters: [{ reference_id: 'p1', display_name: name, entity_type_display_name: `@${name}`, value: `$${name}`, mandatory: false, is_list: false, prompts: [] }],
    })
    .returning({ id: intents.id });
  const parts = [{ text: 'fly to ' }, { text: 'NYC', entity_type: `@${name}`, param_name: name, manual_tagged: true }, { text: ' please' }];
  await db.insert(trainingPhrases).values({ intentId: intent.id, appId: APP, position: 0, referenceId: 'r1', type: 'example', parts, text: 'fly to NYC please', entityTypes: [`@${name}`] });
  return intent.id;
}

test('create, list (with counts), read and save an entity; every change audited', async () => {
  const created = await call(t.http, 'POST', LIST, { token: editor, json: city });
  assert.equal(created.status, 201);
  const entity = created.body.data.entity;
  assert.equal(entity.display_name, 'city');
  assert.equal(entity.kind, 'KIND_MAP');
  assert.equal(entity.enable_fuzzy_extraction, true);
  assert.deepEqual(entity.entities, [
    { value: 'New York', synonyms: ['NYC', 'big apple'] },
    { value: 'Boston', synonyms: ['Beantown'] },
  ]);
  assert.equal(entity.version, 1);

  const list = await call(t.http, 'GET', LIST, { token: editor });
  assert.equal(list.status, 200);
  const row = list.body.data.entities.find((e: { name: string }) => e.name === 'city');
  assert.deepEqual({ ...row, updatedAt: undefined }, { id: entity.id, name: 'city', kind: 'KIND_MAP', enableFuzzyExtraction: true, entryCount: 2, usageCount: 0, updatedAt: undefined });

  const saved = await call(t.http, 'PUT', `${LIST}/${entity.id}`, {
    token: editor,
    json: { ...city, entities: [...city.entities, { value: 'Chicago', synonyms: ['Windy City'] }], version: 1 },
  });
  assert.equal(saved.status, 200);
  assert.equal(saved.body.data.entity.version, 2);
  assert.equal(saved.body.data.entity.entities.length, 3);
  const stale = await call(t.http, 'PUT', `${LIST}/${entity.id}`, { token: editor, json: { ...city, version: 1 } });
  assert.equal(stale.status, 409);
  assert.match(stale.body.message, /Someone else changed this entity/);

  const read = await call(t.http, 'GET', `${LIST}/${entity.id}`, { token: editor });
  assert.equal(read.body.data.entity.entities[2].value, 'Chicago');
  assert.deepEqual(read.body.data.usages, []);

  const actions = (await t.server.db.db.select().from(auditLog).where(eq(auditLog.appId, APP)).orderBy(desc(auditLog.id)).limit(2)).map((r) => [r.action, r.summary]);
  assert.deepEqual(actions, [
    ['entities.update', 'saved @city'],
    ['entities.create', 'created @city'],
  ]);
});

test('search by name (with or without @) and filter by kind', async () => {
  await call(t.http, 'POST', LIST, { token: editor, json: { display_name: 'case-number', kind: 'KIND_REGEXP', enable_fuzzy_extraction: false, entities: [{ value: 'CN-\\d{4}', synonyms: [] }] } });
  const byName = await call(t.http, 'GET', LIST, { token: editor, searchParams: { search: '@CASE' } });
  assert.deepEqual(byName.body.data.entities.map((e: { name: string }) => e.name), ['case-number']);
  const byKind = await call(t.http, 'GET', LIST, { token: editor, searchParams: { kind: 'KIND_MAP' } });
  assert.ok(byKind.body.data.entities.every((e: { kind: string }) => e.kind === 'KIND_MAP'));
  assert.ok(byKind.body.data.entities.some((e: { name: string }) => e.name === 'city'));
  const badKind = await call(t.http, 'GET', LIST, { token: editor, searchParams: { kind: 'KIND_FOO' } });
  assert.equal(badKind.status, 422);
  assert.match(badKind.body.message, /kind must be one of KIND_MAP, KIND_LIST, KIND_REGEXP/);
  const withEntries = await call(t.http, 'GET', LIST, { token: editor, searchParams: { search: 'case', withEntries: 'true' } });
  assert.deepEqual(withEntries.body.data.entities[0].entries, [{ value: 'CN-\\d{4}', synonyms: [] }]);
  assert.equal(byName.body.data.entities[0].entries, undefined);
  const wildcard = await call(t.http, 'GET', LIST, { token: editor, searchParams: { search: '%' } });
  assert.deepEqual(wildcard.body.data.entities, []);
});

test('bad bodies are 422 with the rule in the message, never 500', async () => {
  const cases: Array<[unknown, RegExp | string]> = [
    [{ ...city, display_name: '9lives' }, NAME_RULE],
    [{ ...city, display_name: 'has space' }, NAME_RULE],
    [{ ...city, display_name: '@city2' }, NAME_RULE],
    [{ ...city, display_name: 'a'.repeat(31) }, NAME_RULE],
    [{ ...city, display_name: '' }, 'Enter a name for the entity'],
    [{ ...city, display_name: 42 }, NAME_RULE],
    [{ ...city, kind: 'KIND_TREE' }, /kind must be one of/],
    [{ ...city, display_name: 'dupes', entities: [{ value: 'a', synonyms: [] }, { value: 'A ', synonyms: [] }] }, /appears twice/],
    [{ ...city, display_name: 'blank', entities: [{ value: '  ', synonyms: [] }] }, 'Every entry needs a value'],
    [{ ...city, display_name: 'nosyn', entities: [{ value: 'x', synonyms: 'y' }] }, /synonyms/],
    [{ ...city, display_name: 'extra', color: 'red' }, 'color is not an accepted field'],
    [{ display_name: 'rx', kind: 'KIND_REGEXP', enable_fuzzy_extraction: false, entities: [{ value: 'ab(c', synonyms: [] }] }, 'Entry "ab(c": Invalid RE2 regular expression: missing closing ) (at character 5)'],
    [{ display_name: 'rx', kind: 'KIND_REGEXP', enable_fuzzy_extraction: false, entities: [{ value: '(?<=a)b', synonyms: [] }] }, /Invalid RE2 regular expression: invalid named capture.*at character 1/],
  ];
  for (const [json, message] of cases) {
    const response = await call(t.http, 'POST', LIST, { token: editor, json });
    assert.equal(response.status, 422, JSON.stringify(json));
    if (typeof message === 'string') assert.equal(response.body.message, message);
    else assert.match(response.body.message, message);
  }
  const notJson = await call(t.http, 'POST', LIST, { token: editor, body: '{"display_name":' });
  assert.equal(notJson.status, 400);
  // A JS-only regexp that RE2 accepts is fine; the same text as a map value is just a value.
  assert.equal((await call(t.http, 'POST', LIST, { token: editor, json: { ...city, display_name: 'literal', kind: 'KIND_LIST', entities: [{ value: 'ab(c', synonyms: [] }] } })).status, 201);
});

test('names are unique per app regardless of case (409), and free in another app', async () => {
  const taken = await call(t.http, 'POST', LIST, { token: editor, json: { ...city, display_name: 'CITY' } });
  assert.equal(taken.status, 409);
  assert.equal(taken.body.message, 'An entity named @CITY already exists');
  const elsewhere = await call(t.http, 'POST', '/api/v1/apps/demo-enterprise/entities', { token: editor, json: city });
  assert.equal(elsewhere.status, 201);
  // Another app's entity is not reachable through this app.
  assert.equal((await call(t.http, 'GET', `${LIST}/${elsewhere.body.data.entity.id}`, { token: editor })).status, 404);
  assert.equal((await call(t.http, 'GET', `${LIST}/not-a-uuid`, { token: editor })).status, 404);
});

test('viewers get 403 on every entity route (§6: role decides)', async () => {
  const [row] = await t.server.db.db.select().from(entityTypes).where(eq(entityTypes.appId, APP)).limit(1);
  assert.equal((await call(t.http, 'GET', LIST, { token: viewer })).status, 403);
  assert.equal((await call(t.http, 'GET', `${LIST}/${row.id}`, { token: viewer })).status, 403);
  assert.equal((await call(t.http, 'POST', LIST, { token: viewer, json: { ...city, display_name: 'viewer' } })).status, 403);
  assert.equal((await call(t.http, 'DELETE', `${LIST}/${row.id}`, { token: viewer })).status, 403);
});

test('where used: counts and usages; delete refused while used, then confirmed with their removal', async () => {
  const created = await call(t.http, 'POST', LIST, { token: editor, json: { ...city, display_name: 'dest' } });
  const id = created.body.data.entity.id;
  const intentId = await intentUsing('dest', 'Book flight');
  const listed = (await call(t.http, 'GET', LIST, { token: editor })).body.data.entities.find((e: { id: string }) => e.id === id);
  assert.equal(listed.usageCount, 1);
  const read = await call(t.http, 'GET', `${LIST}/${id}`, { token: editor });
  assert.deepEqual(read.body.data.usages, [{ intentId, intentName: 'Book flight', intentKind: 'intent', phraseCount: 1, parameters: ['dest'] }]);

  const refused = await call(t.http, 'DELETE', `${LIST}/${id}`, { token: editor });
  assert.equal(refused.status, 409);
  assert.match(refused.body.message, /@dest is used by 1 intent/);
  assert.equal(refused.body.detail.usages[0].intentName, 'Book flight');
  assert.equal((await call(t.http, 'GET', `${LIST}/${id}`, { token: editor })).status, 200, 'still there');
  assert.equal((await call(t.http, 'DELETE', `${LIST}/${id}`, { token: editor, searchParams: { removeUsages: 'maybe' } })).status, 422);

  const [before] = await t.server.db.db.select().from(intents).where(eq(intents.id, intentId));
  const deleted = await call(t.http, 'DELETE', `${LIST}/${id}`, { token: editor, searchParams: { removeUsages: 'true' } });
  assert.equal(deleted.status, 200);
  assert.deepEqual(deleted.body.data, { deleted: 'dest', removedFromPhrases: 1, removedParameters: 1 });
  const [phrase] = await t.server.db.db.select().from(trainingPhrases).where(eq(trainingPhrases.intentId, intentId));
  assert.deepEqual(phrase.parts, [{ text: 'fly to NYC please' }]);
  assert.deepEqual(phrase.entityTypes, []);
  const [afterRow] = await t.server.db.db.select().from(intents).where(eq(intents.id, intentId));
  assert.deepEqual(afterRow.parameters, []);
  assert.equal(afterRow.version, before.version + 1);
  assert.equal((await call(t.http, 'GET', `${LIST}/${id}`, { token: editor })).status, 404);
  const [audit] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'entities.delete')).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.summary, 'deleted @dest with its usages (1 phrases untagged, 1 parameters removed)');
});

test('an unused entity deletes without the option', async () => {
  const created = await call(t.http, 'POST', LIST, { token: editor, json: { ...city, display_name: 'unused' } });
  const deleted = await call(t.http, 'DELETE', `${LIST}/${created.body.data.entity.id}`, { token: editor });
  assert.equal(deleted.status, 200);
  assert.deepEqual(deleted.body.data, { deleted: 'unused', removedFromPhrases: 0, removedParameters: 0 });
});

test('a rename follows into tagged phrases and parameters', async () => {
  const created = await call(t.http, 'POST', LIST, { token: editor, json: { ...city, display_name: 'town' } });
  const id = created.body.data.entity.id;
  const intentId = await intentUsing('town', 'Travel');
  const renamed = await call(t.http, 'PUT', `${LIST}/${id}`, { token: editor, json: { ...city, display_name: 'place', version: 1 } });
  assert.equal(renamed.status, 200);
  assert.equal(renamed.body.data.usages.length, 1);
  const [phrase] = await t.server.db.db.select().from(trainingPhrases).where(eq(trainingPhrases.intentId, intentId));
  assert.equal(phrase.parts[1].entity_type, '@place');
  assert.equal(phrase.parts[1].param_name, 'town', 'the parameter keeps its name');
  assert.deepEqual(phrase.entityTypes, ['@place']);
  const [intent] = await t.server.db.db.select().from(intents).where(eq(intents.id, intentId));
  assert.equal(intent.parameters[0].entity_type_display_name, '@place');
  const taken = await call(t.http, 'PUT', `${LIST}/${id}`, { token: editor, json: { ...city, display_name: 'City', version: 2 } });
  assert.equal(taken.status, 409);
});

test('regexp entities keep their patterns as written and drop synonyms', async () => {
  const created = await call(t.http, 'POST', LIST, {
    token: editor,
    json: { display_name: 'postcode', kind: 'KIND_REGEXP', enable_fuzzy_extraction: false, entities: [{ value: ' \\d{6}', synonyms: ['ignored'] }] },
  });
  assert.equal(created.status, 201);
  assert.deepEqual(created.body.data.entity.entities, [{ value: ' \\d{6}', synonyms: [] }]);
});
