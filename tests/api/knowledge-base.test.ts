import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { definePlugin } from '@civic/core/common/plugins/plugin-manifest';
import { appMembers, apps, auditLog, entityTypes, intents, trainingPhrases, users } from './support/tables';
import type { ServerPlugin } from '@civic/core/server/plugins/server-module';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/** A test-only plugin that creates an app the way chat app management will: insert + lifecycle. */
const appFactory: ServerPlugin = {
  manifest: definePlugin({ id: 'test-app-factory', title: 'Test', canAccess: () => true, routes: [], server: true }),
  module: {
    pluginId: 'test-app-factory',
    register(api) {
      api.routes.add({
        method: 'POST',
        url: '/api/v1/test/apps/:newAppId',
        access: () => true,
        audit: { action: 'test-app-factory.create' },
        handler: async (ctx) => {
          const [template] = await ctx.db.select().from(apps).where(eq(apps.appId, 'demo-plus'));
          await ctx.db.insert(apps).values({ appId: ctx.params.newAppId, appName: 'New Bot', subscriptionTier: 'Plus', agencyId: template.agencyId });
          await ctx.db.insert(appMembers).values({ appId: ctx.params.newAppId, userId: ctx.user.id, role: '2' });
          await api.apps.created(ctx.db, ctx.params.newAppId);
          return { ok: true };
        },
      });
    },
  },
};

let t: TestServer;
let editor: string;
let viewer: string;
const BASE = '/api/v1/apps/demo-enterprise';

before(async () => {
  t = await startTestServer({ extraPlugins: [appFactory] });
  editor = await signIn(t.http, 'editor@demo.gov.sg');
  viewer = await signIn(t.http, 'viewer@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

const textResponse = (...lines: string[]) => [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: lines }] }];

async function create(body: Record<string, unknown>, app = BASE) {
  const response = await call(t.http, 'POST', `${app}/intents`, { token: editor, json: body });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.data.intent;
}

test('every demo app has the two default intents; knowledge apps have a demo knowledge base', async () => {
  for (const appId of ['demo-enterprise', 'demo-plus', 'demo-starter', 'demo-internal', 'demo-superbot', 'demo-external']) {
    const rows = await t.server.db.db.select({ name: intents.displayName, kind: intents.defaultKind }).from(intents).where(and(eq(intents.appId, appId)));
    const defaults = rows.filter((r) => r.kind !== null).map((r) => r.name).sort();
    assert.deepEqual(defaults, ['Default Fallback Intent', 'Default Welcome Intent'], appId);
  }
  const list = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer });
  assert.equal(list.status, 200);
  assert.ok(list.body.data.counts.intent >= 8, 'demo intents');
  assert.ok(list.body.data.counts.qna >= 4, 'demo Q&A pairs');
  const glossary = await call(t.http, 'GET', `${BASE}/glossary`, { token: viewer });
  assert.ok(glossary.body.data.terms.some((term: { term: string }) => term.term === 'NRIC'));
});

test('an app created through the lifecycle starts with the default intents', async () => {
  const admin = await signIn(t.http, 'admin@demo.gov.sg');
  const created = await call(t.http, 'POST', '/api/v1/test/apps/fresh-app', { token: admin });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const list = await call(t.http, 'GET', '/api/v1/apps/fresh-app/intents', { token: admin });
  assert.deepEqual(list.body.data.rows.map((r: { displayName: string }) => r.displayName), ['Default Fallback Intent', 'Default Welcome Intent']);
  const welcome = list.body.data.rows.find((r: { defaultKind: string }) => r.defaultKind === 'welcome');
  const detail = await call(t.http, 'GET', `/api/v1/apps/fresh-app/intents/${welcome.id}`, { token: admin });
  assert.deepEqual(detail.body.data.intent.events, ['welcome']);
  assert.ok(detail.body.data.intent.trainingPhrases.length > 0);
});

test('a parameter may only name an entity the app has (or a system one): refused on save, and every seeded one does', async () => {
  const unknown = await call(t.http, 'POST', `${BASE}/intents`, {
    token: editor,
    json: { displayName: 'Lost pet', trainingPhrases: [{ type: 'example', parts: [{ text: 'I lost my dog' }] }], parameters: [{ display_name: 'pet', entity_type_display_name: '@pet', mandatory: true, prompts: ['Which pet?'] }], responses: textResponse('Report it to the shelter.') },
  });
  assert.equal(unknown.status, 422);
  assert.equal(unknown.body.message, 'Parameter "pet" names the entity @pet, which this app does not have. Create the entity first, or pick one it has.');
  const system = await call(t.http, 'POST', `${BASE}/intents`, {
    token: editor,
    json: { displayName: 'Lost pet on a day', trainingPhrases: [{ type: 'example', parts: [{ text: 'I lost my dog yesterday' }] }], parameters: [{ display_name: 'date', entity_type_display_name: '@sys.date', mandatory: false, prompts: [] }], responses: textResponse('Report it to the shelter.') },
  });
  assert.equal(system.status, 201, JSON.stringify(system.body));

  const seeded = await t.server.db.db.select({ name: intents.displayName, parameters: intents.parameters }).from(intents).where(eq(intents.appId, 'demo-enterprise'));
  const entities = new Set((await t.server.db.db.select({ name: entityTypes.displayName }).from(entityTypes).where(eq(entityTypes.appId, 'demo-enterprise'))).map((row) => `@${row.name.toLowerCase()}`));
  const dangling = seeded.flatMap((intent) => intent.parameters.filter((p) => !p.entity_type_display_name.startsWith('@sys.') && !entities.has(p.entity_type_display_name.toLowerCase())).map((p) => `${intent.name}: ${p.entity_type_display_name}`));
  assert.deepEqual(dangling, []);
});

test('create, read and update an intent with tagged phrases, parameters and responses', async () => {
  await t.server.db.db.insert(entityTypes).values({ appId: 'demo-enterprise', displayName: 'flat-type', kind: 'KIND_LIST', entries: [{ value: '4-room', synonyms: [] }] }).onConflictDoNothing();
  const intent = await create({
    displayName: '  Apply for housing grant ',
    trainingPhrases: [
      { type: 'example', parts: [{ text: 'I want a grant for a ' }, { text: '4-room', entity_type: '@flat-type' }, { text: ' flat' }] },
      { type: 'example', parts: [{ text: '   ' }] },
    ],
    parameters: [{ display_name: 'flat type!', entity_type_display_name: '@flat-type', mandatory: true, prompts: ['Which flat type?', ' '] }],
    responses: textResponse('You can apply online.'),
    webhook_state: 'WEBHOOK_STATE_ENABLED_FOR_SLOT_FILLING',
  });
  assert.equal(intent.displayName, 'Apply for housing grant');
  assert.equal(intent.version, 1);
  assert.equal(intent.trainingPhrases.length, 1, 'the blank phrase is dropped');
  const tagged = intent.trainingPhrases[0].parts[1];
  assert.deepEqual(tagged, { text: '4-room', entity_type: '@flat-type', param_name: 'flat-type', manual_tagged: true });
  assert.equal(intent.parameters[0].display_name, 'flattype', '§5: only letters, digits, dash, underscore');
  assert.deepEqual(intent.parameters[0].prompts, ['Which flat type?']);
  assert.equal(intent.parameters[0].value, '$flattype');
  assert.equal(intent.webhook_state, 'WEBHOOK_STATE_ENABLED_FOR_SLOT_FILLING');

  const [stored] = await t.server.db.db.select().from(trainingPhrases).where(eq(trainingPhrases.intentId, intent.id));
  assert.equal(stored.text, 'I want a grant for a 4-room flat');
  assert.deepEqual(stored.entityTypes, ['@flat-type']);

  const updated = await call(t.http, 'PUT', `${BASE}/intents/${intent.id}`, {
    token: editor,
    json: { displayName: 'Apply for housing grant', version: 1, trainingPhrases: [{ type: 'template', parts: [{ text: 'housing grant' }] }], responses: textResponse('Apply on the portal.') },
  });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  assert.equal(updated.body.data.intent.version, 2);
  assert.equal(updated.body.data.intent.trainingPhrases[0].type, 'template');
  assert.deepEqual(updated.body.data.intent.responses[0].messages[0].text, ['Apply on the portal.']);

  const [audit] = await t.server.db.db.select().from(auditLog).where(and(eq(auditLog.action, 'knowledge-base.intent.update'), eq(auditLog.target, intent.id)));
  assert.equal(audit.actorEmail, 'editor@demo.gov.sg');
});

test('a stale save gets 409 with a clear message and changes nothing', async () => {
  const intent = await create({ displayName: 'Concurrency test', responses: textResponse('v1') });
  const first = await call(t.http, 'PUT', `${BASE}/intents/${intent.id}`, { token: editor, json: { displayName: 'Concurrency test', version: 1, responses: textResponse('first editor') } });
  assert.equal(first.status, 200);
  const second = await call(t.http, 'PUT', `${BASE}/intents/${intent.id}`, { token: editor, json: { displayName: 'Concurrency test', version: 1, responses: textResponse('second editor') } });
  assert.equal(second.status, 409);
  assert.match(second.body.message, /Someone else saved this intent/);
  const reread = await call(t.http, 'GET', `${BASE}/intents/${intent.id}`, { token: viewer });
  assert.deepEqual(reread.body.data.intent.responses[0].messages[0].text, ['first editor']);
  assert.equal(reread.body.data.intent.version, 2);
});

test('the tree: follow-ups under their parent at any depth; a search keeps the ancestors of matches', async () => {
  const root = await create({ displayName: 'Tree root zz' });
  const child = await create({ displayName: 'Tree root zz - child', parentId: root.id });
  const grandchild = await create({ displayName: 'Tree root zz - child - needle', parentId: child.id });
  const all = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { limit: 1000 } });
  const rows = all.body.data.rows as Array<{ id: string; level: number; parentId: string | null; matched: boolean; childCount: number }>;
  const at = rows.findIndex((r) => r.id === root.id);
  assert.deepEqual(rows.slice(at, at + 3).map((r) => [r.id, r.level]), [[root.id, 1], [child.id, 2], [grandchild.id, 3]]);
  assert.equal(rows[at].childCount, 1);
  for (const [index, row] of rows.entries()) {
    if (row.parentId) assert.ok(rows.slice(0, index).some((r) => r.id === row.parentId), 'parents come before their follow-ups');
  }

  const found = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { search: 'NEEDLE' } });
  assert.deepEqual(found.body.data.rows.map((r: { id: string; matched: boolean }) => [r.id, r.matched]), [[root.id, false], [child.id, false], [grandchild.id, true]]);
  assert.equal(found.body.data.total, 3);

  const detail = await call(t.http, 'GET', `${BASE}/intents/${child.id}`, { token: viewer });
  assert.deepEqual(detail.body.data.intent.parent, { id: root.id, displayName: 'Tree root zz' });
  assert.deepEqual(detail.body.data.intent.children.map((c: { id: string }) => c.id), [grandchild.id]);

  const cycle = await call(t.http, 'PUT', `${BASE}/intents/${root.id}`, { token: editor, json: { displayName: 'Tree root zz', version: 1, parentId: grandchild.id } });
  assert.equal(cycle.status, 422);
});

test('paging, sort and the type filter', async () => {
  const first = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { limit: 3, offset: 0 } });
  const second = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { limit: 3, offset: 3 } });
  const all = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { limit: 1000 } });
  assert.equal(first.body.data.rows.length, 3);
  assert.equal(first.body.data.total, all.body.data.rows.length);
  assert.deepEqual([...first.body.data.rows, ...second.body.data.rows].map((r: { id: string }) => r.id), all.body.data.rows.slice(0, 6).map((r: { id: string }) => r.id));

  const desc = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { limit: 1000, order: 'desc' } });
  const level1 = (rows: Array<{ level: number; displayName: string }>) => rows.filter((r) => r.level === 1).map((r) => r.displayName.toLowerCase());
  const ascNames = level1(all.body.data.rows);
  assert.deepEqual(ascNames, [...ascNames].sort());
  assert.deepEqual(level1(desc.body.data.rows), [...ascNames].reverse());

  const qna = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { kind: 'qna', limit: 1000 } });
  assert.ok(qna.body.data.rows.length > 0);
  assert.ok(qna.body.data.rows.every((r: { kind: string }) => r.kind === 'qna'));
  assert.equal(qna.body.data.total, qna.body.data.counts.qna);

  const bad = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { limit: 'lots', sort: 'colour' } });
  assert.equal(bad.status, 422);
});

test('Q&A pairs carry owner, source URL and review-by date', async () => {
  const pair = await create({
    kind: 'qna',
    displayName: 'How do I apply for a library card?',
    trainingPhrases: ['library card', 'get a library card', 'join the library'].map((text) => ({ type: 'example', parts: [{ text }] })),
    responses: textResponse('Sign up online with your digital identity.'),
    answerOwner: 'Library Board',
    sourceUrl: 'https://www.example.gov.sg/library',
    reviewBy: '2027-06-30',
  });
  assert.equal(pair.kind, 'qna');
  assert.equal(pair.trainingPhrases.length, 3);
  const list = await call(t.http, 'GET', `${BASE}/intents`, { token: viewer, searchParams: { kind: 'qna', search: 'library card' } });
  assert.deepEqual(
    list.body.data.rows.map((r: { answerOwner: string; sourceUrl: string; reviewBy: string }) => [r.answerOwner, r.sourceUrl, r.reviewBy]),
    [['Library Board', 'https://www.example.gov.sg/library', '2027-06-30']],
  );
  const http = await call(t.http, 'POST', `${BASE}/intents`, { token: editor, json: { kind: 'qna', displayName: 'Insecure', sourceUrl: 'http://example.gov.sg' } });
  assert.equal(http.status, 422);
  assert.equal(http.body.message, 'Please input valid URL with https');
});

test('the Default Welcome and Default Fallback intents cannot be deleted, only edited (409)', async () => {
  const defaults = await t.server.db.db.select().from(intents).where(and(eq(intents.appId, 'demo-enterprise'), isNotNull(intents.defaultKind)));
  assert.deepEqual(new Set(defaults.map((row) => row.defaultKind)), new Set(['welcome', 'fallback']));
  for (const row of defaults) {
    const refused = await call(t.http, 'DELETE', `${BASE}/intents/${row.id}`, { token: editor });
    assert.equal(refused.status, 409, row.displayName);
    assert.equal(refused.body.message, 'The Default Welcome and Default Fallback intents cannot be deleted: every app answers with them. Edit them instead.');
    assert.equal((await call(t.http, 'GET', `${BASE}/intents/${row.id}`, { token: viewer })).status, 200);
  }
});

test('deleting an intent deletes its follow-ups at any depth', async () => {
  const root = await create({ displayName: 'Delete me' });
  const child = await create({ displayName: 'Delete me - child', parentId: root.id });
  const grandchild = await create({ displayName: 'Delete me - child - grandchild', parentId: child.id });
  const viewerTry = await call(t.http, 'DELETE', `${BASE}/intents/${root.id}`, { token: viewer });
  assert.equal(viewerTry.status, 403);
  const deleted = await call(t.http, 'DELETE', `${BASE}/intents/${root.id}`, { token: editor });
  assert.equal(deleted.status, 200);
  assert.deepEqual(new Set(deleted.body.data.deletedIds), new Set([root.id, child.id, grandchild.id]));
  for (const id of [root.id, child.id, grandchild.id]) {
    assert.equal((await call(t.http, 'GET', `${BASE}/intents/${id}`, { token: viewer })).status, 404);
  }
  const phrases = await t.server.db.db.select().from(trainingPhrases).where(eq(trainingPhrases.intentId, grandchild.id));
  assert.equal(phrases.length, 0);
});

test("the tier's intent limit is enforced with 422 and a clear message", async () => {
  const starter = '/api/v1/apps/demo-starter';
  const existing = await t.server.db.db.select({ id: intents.id }).from(intents).where(eq(intents.appId, 'demo-starter'));
  const room = 100 - existing.length;
  assert.ok(room > 0);
  await t.server.db.db.insert(intents).values(Array.from({ length: room }, (_, i) => ({ appId: 'demo-starter', kind: 'intent' as const, displayName: `Filler ${i}` })));
  const refused = await call(t.http, 'POST', `${starter}/intents`, { token: editor, json: { displayName: 'One too many' } });
  assert.equal(refused.status, 422);
  assert.equal(refused.body.message, 'This app has reached its limit of 100 intents for the Starter tier. Delete intents you no longer need before adding more.');
  const none = await t.server.db.db.select().from(intents).where(and(eq(intents.appId, 'demo-starter'), eq(intents.displayName, 'One too many')));
  assert.equal(none.length, 0);
  await t.server.db.db.delete(intents).where(and(eq(intents.appId, 'demo-starter'), isNull(intents.defaultKind), eq(intents.kind, 'intent')));
});

test('bad bodies and ids are 4xx, never 500', async () => {
  const existing = await create({ displayName: 'Duplicate name' });
  const cases: Array<[string, string, unknown, number]> = [
    ['POST', `${BASE}/intents`, { displayName: '' }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'x'.repeat(101) }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'duplicate NAME' }, 409],
    ['POST', `${BASE}/intents`, { displayName: 'Bad kind', kind: 'faq' }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Bad phrase', trainingPhrases: [{ type: 'example', parts: 'hello' }] }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Bad entity', trainingPhrases: [{ type: 'example', parts: [{ text: 'x', entity_type: 'no-at' }] }] }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Too many params', parameters: Array.from({ length: 21 }, (_, i) => ({ display_name: `p${i}` })) }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Too many prompts', parameters: [{ display_name: 'p', prompts: Array.from({ length: 31 }, (_, i) => `q${i}`) }] }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Empty param name', parameters: [{ display_name: '!!' }] }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Bad response', responses: [{ platform: 'MYSPACE', messages: [] }] }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Bad message', responses: [{ platform: 'LINE', messages: [{ type: 'hologram' }] }] }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Orphan', parentId: '00000000-0000-4000-8000-000000000001' }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Bad parent', parentId: 'not-a-uuid' }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Bad date', reviewBy: '31/12/2027' }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Bad category', categoryIds: ['00000000-0000-4000-8000-000000000002'] }, 422],
    ['POST', `${BASE}/intents`, { displayName: 'Unknown field', colour: 'red' }, 422],
    ['POST', `${BASE}/intents`, [1, 2, 3], 422],
    ['PUT', `${BASE}/intents/${existing.id}`, { displayName: 'No version' }, 422],
    ['PUT', `${BASE}/intents/not-a-uuid`, { displayName: 'x', version: 1 }, 404],
    ['GET', `${BASE}/intents/not-a-uuid`, undefined, 404],
    ['DELETE', `${BASE}/intents/123`, undefined, 404],
    ['POST', `${BASE}/glossary`, { term: 'x', synonyms: 'y' }, 422],
    ['PUT', `${BASE}/glossary/nope`, { term: 'x', version: 1 }, 404],
  ];
  for (const [method, url, json, status] of cases) {
    const response = await call(t.http, method as 'POST', url, { token: editor, json });
    assert.equal(response.status, status, `${method} ${url} ${JSON.stringify(json)} → ${response.status} ${JSON.stringify(response.body)}`);
    assert.equal(typeof response.body.message, 'string');
  }
  const raw = await call(t.http, 'POST', `${BASE}/intents`, { token: editor, body: '{"displayName":' });
  assert.equal(raw.status, 400);
});

test('glossary: add, search, edit with version, unique per app, delete, import', async () => {
  const added = await call(t.http, 'POST', `${BASE}/glossary`, { token: editor, json: { term: ' HDB ', synonyms: ['flat', ' ', 'public housing', 'FLAT'], definition: 'Housing board' } });
  assert.equal(added.status, 201);
  const term = added.body.data.term;
  assert.equal(term.term, 'HDB');
  assert.deepEqual(term.synonyms, ['flat', 'public housing']);
  const duplicate = await call(t.http, 'POST', `${BASE}/glossary`, { token: editor, json: { term: 'hdb' } });
  assert.equal(duplicate.status, 409);
  const viewerAdd = await call(t.http, 'POST', `${BASE}/glossary`, { token: viewer, json: { term: 'CPF' } });
  assert.equal(viewerAdd.status, 403);

  const found = await call(t.http, 'GET', `${BASE}/glossary`, { token: viewer, searchParams: { search: 'public hous' } });
  assert.deepEqual(found.body.data.terms.map((g: { term: string }) => g.term), ['HDB']);

  const edited = await call(t.http, 'PUT', `${BASE}/glossary/${term.id}`, { token: editor, json: { term: 'HDB', synonyms: ['flat'], definition: 'Housing & Development Board', version: 1 } });
  assert.equal(edited.status, 200);
  assert.equal(edited.body.data.term.version, 2);
  const stale = await call(t.http, 'PUT', `${BASE}/glossary/${term.id}`, { token: editor, json: { term: 'HDB', version: 1 } });
  assert.equal(stale.status, 409);

  const imported = await call(t.http, 'POST', `${BASE}/glossary/import`, { token: editor, json: { terms: [{ term: 'hdb', synonyms: ['HDB flat'], definition: 'replaced' }, { term: 'CPF', synonyms: ['central provident fund'] }] } });
  assert.deepEqual(imported.body.data, { added: 1, updated: 1 });
  const list = await call(t.http, 'GET', `${BASE}/glossary`, { token: viewer, searchParams: { search: 'replaced' } });
  assert.equal(list.body.data.terms.length, 1);

  const removed = await call(t.http, 'DELETE', `${BASE}/glossary/${term.id}`, { token: editor });
  assert.equal(removed.status, 200);
  assert.equal((await call(t.http, 'DELETE', `${BASE}/glossary/${term.id}`, { token: editor })).status, 404);
  // The other app's terms are out of reach.
  assert.equal((await call(t.http, 'GET', '/api/v1/apps/test-other/glossary', { token: editor })).status, 404);
  void users;
});

test('responses are normalised and html sanitised on save; an invalid message is a 422 with its message', async () => {
  const intent = await create({
    displayName: 'Sanitise me',
    responses: [
      { platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['Hello', '  ', ''] }, { type: 'html', html: '<p onclick="x()">Hi<script>alert(1)</script></p>' }] },
    ],
  });
  const [text, html] = intent.responses[0].messages;
  assert.deepEqual(text.text, ['Hello']);
  assert.doesNotMatch(html.html, /script|onclick/);
  assert.match(html.html, /Hi/);
  const bad = await call(t.http, 'POST', `${BASE}/intents`, {
    token: editor,
    json: { displayName: 'Bad payload', responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'customPayload', json: '{not json' }] }] },
  });
  assert.equal(bad.status, 422);
  assert.equal(bad.body.message, 'This is an error in the Custom Payload. Please rectify and save again.');
});
