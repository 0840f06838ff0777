import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { apps, auditLog, intentCategories, intents } from './support/tables';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let editor: string;
let viewer: string;
let platformAdmin: string;
const APP = 'demo-plus';
const base = (app: string) => `/api/v1/apps/${app}`;
const LABEL_RULE = 'Label names use only A-Z, a-z, 0-9, _ and -, start with a letter and have at most 100 characters';
const STARTER_REASON = 'Not available on the Starter tier';

before(async () => {
  t = await startTestServer();
  editor = await signIn(t.http, 'editor@demo.gov.sg');
  viewer = await signIn(t.http, 'viewer@demo.gov.sg');
  platformAdmin = await signIn(t.http, 'admin@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

async function addIntents(app: string, names: string[]): Promise<string[]> {
  const rows = await t.server.db.db.insert(intents).values(names.map((displayName) => ({ appId: app, kind: 'intent' as const, displayName }))).returning({ id: intents.id });
  return rows.map((r) => r.id);
}

test('categories: create, list with counts, rename, delete (taking it off intents)', async () => {
  const created = await call(t.http, 'POST', `${base(APP)}/categories`, { token: editor, json: { name: '  Housing   grants ' } });
  assert.equal(created.status, 201);
  const category = created.body.data.category;
  assert.equal(category.name, 'Housing grants');
  assert.equal(category.intentCount, 0);
  const [i1, i2] = await addIntents(APP, ['Apply for grant', 'Grant status']);
  const assigned = await call(t.http, 'POST', `${base(APP)}/intents/classification`, { token: editor, json: { intentIds: [i1, i2], addCategoryIds: [category.id] } });
  assert.equal(assigned.status, 200);
  const list = await call(t.http, 'GET', `${base(APP)}/categories`, { token: viewer });
  assert.equal(list.status, 200);
  assert.deepEqual(list.body.data.categories.map((c: { name: string; intentCount: number }) => [c.name, c.intentCount]), [['Housing grants', 2]]);

  const renamed = await call(t.http, 'PATCH', `${base(APP)}/categories/${category.id}`, { token: editor, json: { name: 'Grants' } });
  assert.equal(renamed.status, 200);
  assert.deepEqual([renamed.body.data.category.name, renamed.body.data.category.intentCount], ['Grants', 2]);

  await call(t.http, 'POST', `${base(APP)}/categories`, { token: editor, json: { name: 'Other' } });
  const taken = await call(t.http, 'PATCH', `${base(APP)}/categories/${category.id}`, { token: editor, json: { name: 'other' } });
  assert.equal(taken.status, 409);
  assert.equal(taken.body.message, 'A category named "other" already exists');
  assert.equal((await call(t.http, 'POST', `${base(APP)}/categories`, { token: editor, json: { name: 'OTHER' } })).status, 409);

  const deleted = await call(t.http, 'DELETE', `${base(APP)}/categories/${category.id}`, { token: editor });
  assert.equal(deleted.status, 200);
  assert.equal(deleted.body.data.deleted.intentCount, 2);
  assert.deepEqual(await t.server.db.db.select().from(intentCategories).where(eq(intentCategories.categoryId, category.id)), []);
  const [audit] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'classification.category.delete')).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.summary, 'deleted category Grants (from 2 intents)');
  assert.equal((await call(t.http, 'DELETE', `${base(APP)}/categories/${category.id}`, { token: editor })).status, 404);
});

test('label names follow §5 and the message names the rule', async () => {
  for (const name of ['1abc', '-abc', 'has space', 'ünicode', 'a'.repeat(101), 'dot.ted']) {
    const response = await call(t.http, 'POST', `${base(APP)}/labels`, { token: editor, json: { name } });
    assert.equal(response.status, 422, name);
    assert.equal(response.body.message, LABEL_RULE);
    assert.deepEqual(response.body.fields, { name: [LABEL_RULE] });
  }
  assert.equal((await call(t.http, 'POST', `${base(APP)}/labels`, { token: editor, json: { name: '' } })).body.message, 'Enter a name for the label');
  assert.equal((await call(t.http, 'POST', `${base(APP)}/labels`, { token: editor, json: {} })).status, 422);
  assert.equal((await call(t.http, 'POST', `${base(APP)}/labels`, { token: editor, json: { name: 'ok', extra: 1 } })).status, 422);
  const ok = await call(t.http, 'POST', `${base(APP)}/labels`, { token: editor, json: { name: `A${'b_-9'.repeat(24)}xyz` } });
  assert.equal(ok.status, 201);
  assert.equal(ok.body.data.label.name.length, 100);
  const renamed = await call(t.http, 'PATCH', `${base(APP)}/labels/${ok.body.data.label.id}`, { token: editor, json: { name: 'urgent' } });
  assert.equal(renamed.status, 200);
  assert.equal(renamed.body.data.label.name, 'urgent');
  assert.equal((await call(t.http, 'PATCH', `${base(APP)}/labels/${ok.body.data.label.id}`, { token: editor, json: { name: 'not ok' } })).body.message, LABEL_RULE);
  assert.equal((await call(t.http, 'POST', `${base(APP)}/categories`, { token: editor, json: { name: 'x'.repeat(101) } })).body.message, 'Category names have at most 100 characters');
});

test('bulk classification assigns and unassigns, bumps versions, and refuses bad bodies', async () => {
  const [a, b, other] = await addIntents(APP, ['Bulk A', 'Bulk B', 'Bulk C']);
  const cat = (await call(t.http, 'POST', `${base(APP)}/categories`, { token: editor, json: { name: 'Bulk' } })).body.data.category.id;
  const lab = (await call(t.http, 'POST', `${base(APP)}/labels`, { token: editor, json: { name: 'bulk' } })).body.data.label.id;
  const url = `${base(APP)}/intents/classification`;
  const first = await call(t.http, 'POST', url, { token: editor, json: { intentIds: [a, b, a], addCategoryIds: [cat], addLabelIds: [lab] } });
  assert.equal(first.status, 200);
  assert.deepEqual(first.body.data.intents, [
    { id: a, categoryIds: [cat], labelIds: [lab] },
    { id: b, categoryIds: [cat], labelIds: [lab] },
  ]);
  // Adding again is harmless; removing takes only what is named.
  const second = await call(t.http, 'POST', url, { token: editor, json: { intentIds: [a, b], addCategoryIds: [cat], removeLabelIds: [lab] } });
  assert.deepEqual(second.body.data.intents, [
    { id: a, categoryIds: [cat], labelIds: [] },
    { id: b, categoryIds: [cat], labelIds: [] },
  ]);
  const [row] = await t.server.db.db.select().from(intents).where(eq(intents.id, a));
  assert.equal(row.version, 3);
  const [untouched] = await t.server.db.db.select().from(intents).where(eq(intents.id, other));
  assert.equal(untouched.version, 1);

  const otherAppCategory = (await call(t.http, 'POST', `${base('demo-enterprise')}/categories`, { token: editor, json: { name: 'Elsewhere' } })).body.data.category.id;
  const [foreignIntent] = await addIntents('demo-enterprise', ['Foreign']);
  const bad: Array<[unknown, string]> = [
    [{ intentIds: [], addCategoryIds: [cat] }, 'Choose at least one intent'],
    [{ addCategoryIds: [cat] }, 'Choose at least one intent'],
    [{ intentIds: [a] }, 'Name at least one category or label to add or remove'],
    [{ intentIds: [a], addCategoryIds: [], removeLabelIds: [] }, 'Name at least one category or label to add or remove'],
    [{ intentIds: [a], addCategoryIds: [cat], removeCategoryIds: [cat] }, 'The same category cannot be added and removed at once'],
    [{ intentIds: [a], addLabelIds: [lab], removeLabelIds: [lab] }, 'The same label cannot be added and removed at once'],
    [{ intentIds: ['nope'], addCategoryIds: [cat] }, 'Ids must be UUIDs'],
    [{ intentIds: [a], addCategoryIds: ['nope'] }, 'Ids must be UUIDs'],
    [{ intentIds: [a], addCategoryIds: cat }, 'Add category IDs must be an array'],
    [{ intentIds: [a, foreignIntent], addCategoryIds: [cat] }, '1 of the chosen intent does not exist in this app'],
    [{ intentIds: [a], addCategoryIds: [otherAppCategory] }, 'Some of the categories do not exist in this app'],
    [{ intentIds: [a], removeLabelIds: [otherAppCategory] }, 'Some of the labels do not exist in this app'],
    [{ intentIds: Array.from({ length: 1001 }, () => a), addCategoryIds: [cat] }, 'At most 1,000 intents at a time'],
  ];
  for (const [json, message] of bad) {
    const response = await call(t.http, 'POST', url, { token: editor, json });
    assert.equal(response.status, 422, JSON.stringify(json).slice(0, 200));
    assert.equal(response.body.message, message);
  }
  assert.equal((await call(t.http, 'POST', url, { token: viewer, json: { intentIds: [a], addCategoryIds: [cat] } })).status, 403);
});

test('Starter tier: classification refused unless the app flag allows it; platform admins pass', async () => {
  const S = base('demo-starter');
  const [intentId] = await addIntents('demo-starter', ['Starter intent']);
  for (const path of ['categories', 'labels']) {
    assert.equal((await call(t.http, 'GET', `${S}/${path}`, { token: editor })).status, 403, path);
    assert.equal((await call(t.http, 'POST', `${S}/${path}`, { token: editor, json: { name: 'x' } })).status, 403, path);
    assert.equal((await call(t.http, 'GET', `${S}/${path}`, { token: viewer })).status, 403, path);
  }
  assert.equal((await call(t.http, 'POST', `${S}/intents/classification`, { token: editor, json: { intentIds: [intentId], addCategoryIds: [intentId] } })).status, 403);

  // Platform admins are not restricted (§6).
  const adminCategory = await call(t.http, 'POST', `${S}/categories`, { token: platformAdmin, json: { name: 'Admin made' } });
  assert.equal(adminCategory.status, 201);
  const categoryId = adminCategory.body.data.category.id;

  // The app's own flag lifts the restriction for categories only.
  await t.server.db.db.update(apps).set({ restrictionCategories: true }).where(eq(apps.appId, 'demo-starter'));
  assert.equal((await call(t.http, 'GET', `${S}/categories`, { token: editor })).status, 200);
  assert.equal((await call(t.http, 'GET', `${S}/categories`, { token: viewer })).status, 200);
  assert.equal((await call(t.http, 'GET', `${S}/labels`, { token: editor })).status, 403);
  const assign = await call(t.http, 'POST', `${S}/intents/classification`, { token: editor, json: { intentIds: [intentId], addCategoryIds: [categoryId] } });
  assert.equal(assign.status, 200);
  const labelsToo = await call(t.http, 'POST', `${S}/intents/classification`, { token: editor, json: { intentIds: [intentId], addLabelIds: [categoryId] } });
  assert.equal(labelsToo.status, 403);
  assert.equal(labelsToo.body.message, STARTER_REASON);

  await t.server.db.db.update(apps).set({ restrictionLabels: true }).where(eq(apps.appId, 'demo-starter'));
  assert.equal((await call(t.http, 'POST', `${S}/labels`, { token: editor, json: { name: 'starter-ok' } })).status, 201);
});
