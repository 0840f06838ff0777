import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { intents, trainingPhrases } from './support/tables';
import { loadProductionSnapshot } from '../../plugins/publishing/server/production-snapshot';
import { call } from './support/api-call';
import { seedKnowledge, waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const APP = 'demo-enterprise';
const base = `/api/v1/apps/${APP}`;
let t: TestServer;
let admin: string;
let editor: string;
let viewer: string;
let platform: string;
let ids: Awaited<ReturnType<typeof seedKnowledge>>;

before(async () => {
  t = await startTestServer();
  ids = await seedKnowledge(t.server.db.db, APP);
  [admin, editor, viewer, platform] = await Promise.all(
    ['appadmin@demo.gov.sg', 'editor@demo.gov.sg', 'viewer@demo.gov.sg', 'admin@demo.gov.sg'].map((email) => signIn(t.http, email)),
  );
});
after(async () => {
  await t?.close();
});

async function publish(token: string, note: string) {
  const response = await call(t.http, 'POST', `${base}/publishing/publish`, { token, json: { note } });
  assert.equal(response.status, 202, JSON.stringify(response.body));
  return response.body.data as { job: { id: string } | null; request: { id: string; status: string } | null };
}

async function overview(token = admin) {
  const response = await call(t.http, 'GET', `${base}/publishing`, { token });
  assert.equal(response.status, 200);
  return response.body.data;
}

test('before the first publish there is no production version and the whole draft is new', async () => {
  const data = await overview(viewer);
  assert.equal(data.production, null);
  assert.deepEqual(data.versions, []);
  assert.equal(data.draftChanged, true);
  assert.equal(data.draftProgress.status, 'none');
  assert.equal(data.draftProgress.version_reference_id, null);
  assert.equal(await loadProductionSnapshot(t.server.db.db, APP), null);
  const diff = await call(t.http, 'GET', `${base}/publishing/diff`, { token: viewer });
  assert.equal(diff.body.data.from, 'production');
  assert.equal(diff.body.data.to, 'draft');
  assert.ok(diff.body.data.diff.changes.some((c: { name: string; change: string }) => c.name === 'Renew passport' && c.change === 'added'));
});

test('publishing with a note runs as a job; production becomes version 1 with author, time and note', async () => {
  assert.equal((await call(t.http, 'POST', `${base}/publishing/publish`, { token: viewer, json: { note: 'x' } })).status, 403);
  const tooLong = await call(t.http, 'POST', `${base}/publishing/publish`, { token: editor, json: { note: 'x'.repeat(501) } });
  assert.equal(tooLong.status, 422);
  assert.equal(tooLong.body.message, 'The note can be at most 500 characters');

  const { job } = await publish(editor, 'First release');
  assert.ok(job);
  const done = await waitForJob(t.http, editor, APP, job.id);
  assert.equal(done.status, 'succeeded');
  assert.equal(done.progress, 100);
  assert.equal(done.kind, 'publishing.publish');
  assert.deepEqual(done.counts, { intents: 3, phrases: 5, entities: 1 });

  const data = await overview(viewer);
  assert.equal(data.production.number, 1);
  assert.equal(data.production.note, 'First release');
  assert.equal(data.production.authorEmail, 'editor@demo.gov.sg');
  assert.ok(Date.parse(data.production.createdAt) > Date.now() - 60_000);
  assert.equal(data.versions.length, 1);
  assert.equal(data.draftChanged, false);
  assert.deepEqual(
    { status: data.draftProgress.status, progress: data.draftProgress.progress, ref: data.draftProgress.version_reference_id, appId: data.draftProgress.appId },
    { status: 'succeeded', progress: 100, ref: data.production.id, appId: APP },
  );
  const progress = await call(t.http, 'GET', `${base}/draft-progress`, { token: viewer });
  assert.equal(progress.body.data.version_reference_id, data.production.id);

  const production = await loadProductionSnapshot(t.server.db.db, APP);
  assert.deepEqual(production?.intents.map((i) => i.displayName).sort(), ['Passport fees', 'Renew passport', 'Renew passport - yes']);
});

test('a version snapshots every part of the draft: intents, Q&A, responses, entities, glossary, categories, labels and the flow', async () => {
  const snapshot = await loadProductionSnapshot(t.server.db.db, APP);
  assert.ok(snapshot);
  const named = (name: string) => snapshot.intents.find((i) => i.displayName === name);
  const [passport, child, qna] = [named('Renew passport'), named('Renew passport - yes'), named('Passport fees')];
  // Intents with their training phrases (entity tags kept) and every channel's responses.
  assert.deepEqual(passport?.trainingPhrases.map((p) => p.text), ['renew my passport', 'How do I renew my passport?']);
  assert.equal(passport?.trainingPhrases[0].parts[1].entity_type, '@document');
  assert.deepEqual(passport?.responses.map((r) => r.platform), ['PLATFORM_UNSPECIFIED', 'TELEGRAM']);
  assert.equal(passport?.parameters[0].display_name, 'document');
  // Q&A with its answer, owner, source and review date, classified by category and label.
  assert.equal(qna?.kind, 'qna');
  assert.deepEqual(qna?.responses[0].messages, [{ type: 'text', text: ['It costs $70.'] }]);
  assert.deepEqual([qna?.answerOwner, qna?.sourceUrl, qna?.reviewBy], ['ICA', 'https://ica.gov.sg/fees', '2020-01-31']);
  assert.deepEqual(snapshot.categories.map((c) => c.name), ['Travel']);
  assert.deepEqual(snapshot.labels.map((l) => l.name), ['urgent']);
  assert.deepEqual(qna?.categoryIds, [snapshot.categories[0].id]);
  assert.deepEqual(qna?.labelIds, [snapshot.labels[0].id]);
  // Entities with their entries, and the glossary.
  assert.deepEqual(snapshot.entityTypes.map((e) => [e.display_name, e.entities.length]), [['document', 2]]);
  assert.deepEqual(snapshot.glossary.map((g) => [g.term, g.synonyms, g.definition]), [['ICA', ['immigration'], 'Immigration & Checkpoints Authority']]);
  // The flow: the schema has no flow entity; a conversation flow is the intent tree (parent → follow-up)
  // with the contexts that link them, and that is what the version holds.
  assert.equal(child?.parentId, passport?.id);
  assert.deepEqual(passport?.outputContexts, [{ name: 'renew-followup', lifespanCount: 2 }]);
  assert.deepEqual(child?.inputContexts, ['renew-followup']);
});

test('the diff of draft vs production lists items with field-level changes; versions are immutable snapshots', async () => {
  const db = t.server.db.db;
  await db.update(intents).set({ displayName: 'Passport fees and charges', answerOwner: 'ICA Finance' }).where(eq(intents.id, ids.qnaId));
  await db.insert(trainingPhrases).values({ intentId: ids.passportId, appId: APP, position: 2, referenceId: 'r9', type: 'example', parts: [{ text: 'passport renewal' }], text: 'passport renewal' });
  await db.delete(intents).where(eq(intents.id, ids.childId));
  await db.insert(intents).values({ appId: APP, kind: 'qna', displayName: 'Lost passport' });

  const diff = (await call(t.http, 'GET', `${base}/publishing/diff`, { token: viewer })).body.data.diff;
  const byName = (name: string) => diff.changes.find((c: { name: string }) => c.name === name);
  assert.equal(byName('Lost passport')?.change, 'added');
  assert.equal(byName('Renew passport - yes')?.change, 'removed');
  const fees = byName('Passport fees and charges');
  assert.equal(fees.change, 'changed');
  assert.deepEqual(fees.fields.find((f: { field: string }) => f.field === 'Name'), { field: 'Name', before: 'Passport fees', after: 'Passport fees and charges' });
  assert.deepEqual(fees.fields.find((f: { field: string }) => f.field === 'Answer owner'), { field: 'Answer owner', before: 'ICA', after: 'ICA Finance' });
  const renew = byName('Renew passport');
  const phrases = renew.fields.find((f: { field: string }) => f.field === 'Training phrases');
  assert.deepEqual(phrases.added, ['passport renewal']);
  assert.deepEqual(phrases.removed, []);
  assert.deepEqual(diff.summary, { added: 1, removed: 1, changed: 2 });
  assert.equal((await overview()).draftChanged, true);

  const { job } = await publish(admin, 'Second release');
  assert.ok(job);
  assert.equal((await waitForJob(t.http, admin, APP, job.id)).status, 'succeeded');
  const data = await overview();
  assert.deepEqual(data.versions.map((v: { number: number }) => v.number), [2, 1]);
  const [v2, v1] = data.versions;
  const between = (await call(t.http, 'GET', `${base}/publishing/diff`, { token: viewer, searchParams: { from: v1.id, to: v2.id } })).body.data.diff;
  assert.deepEqual(between.summary, diff.summary, 'version 1 → 2 is what the draft diff showed');
  const none = (await call(t.http, 'GET', `${base}/publishing/diff`, { token: viewer, searchParams: { from: 'production', to: 'draft' } })).body.data.diff;
  assert.deepEqual(none.changes, []);
  assert.equal((await call(t.http, 'GET', `${base}/publishing/diff`, { token: viewer, searchParams: { from: 'yesterday' } })).status, 422);
  assert.equal((await call(t.http, 'GET', `${base}/publishing/diff`, { token: viewer, searchParams: { from: '00000000-0000-4000-8000-000000000000' } })).status, 404);
});

test('rollback points production at an earlier version and keeps the draft; only app admins may', async () => {
  const data = await overview();
  const [v2, v1] = data.versions;
  assert.equal((await call(t.http, 'POST', `${base}/publishing/rollback`, { token: editor, json: { versionId: v1.id } })).status, 403);
  const same = await call(t.http, 'POST', `${base}/publishing/rollback`, { token: admin, json: { versionId: v2.id } });
  assert.equal(same.status, 409);
  const response = await call(t.http, 'POST', `${base}/publishing/rollback`, { token: admin, json: { versionId: v1.id } });
  assert.equal(response.status, 200);
  assert.equal(response.body.data.production.number, 1);
  const after = await overview();
  assert.equal(after.production.id, v1.id);
  assert.equal(after.productionChangedByEmail, 'appadmin@demo.gov.sg');
  assert.equal(after.versions.length, 2, 'rolling back publishes nothing new');
  const production = await loadProductionSnapshot(t.server.db.db, APP);
  assert.ok(production?.intents.some((i) => i.displayName === 'Passport fees'));
  const draft = await t.server.db.db.select().from(intents).where(eq(intents.appId, APP));
  assert.ok(draft.some((i) => i.displayName === 'Lost passport'), 'the draft is untouched');
  assert.equal(after.draftProgress.version_reference_id, v1.id);
});

test('a version downloads as a Dialogflow agent zip', async () => {
  const { versions } = await overview();
  const response = await t.http.get(`api/v1/apps/${APP}/versions/${versions[1].id}/export`, { headers: { authorization: `Bearer ${viewer}` }, responseType: 'buffer' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'application/zip');
  assert.match(String(response.headers['content-disposition']), /attachment; filename="demo-enterprise-v1.zip"/);
  assert.deepEqual([...response.body.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04]);
});

test('items whose review-by date has passed are listed for the publish dialog', async () => {
  const { reviewOverdue } = await overview(editor);
  assert.deepEqual(reviewOverdue, [{ intentId: ids.qnaId, displayName: 'Passport fees and charges', kind: 'qna', reviewBy: '2020-01-31' }]);
});

test('with approval on, a publish is a request; its author cannot approve it, a second app admin can', async () => {
  assert.equal((await call(t.http, 'PATCH', `${base}/publishing/settings`, { token: editor, json: { requireApproval: true } })).status, 403);
  const on = await call(t.http, 'PATCH', `${base}/publishing/settings`, { token: admin, json: { requireApproval: true } });
  assert.deepEqual(on.body.data, { requireApproval: true });

  const { job, request } = await publish(admin, 'Needs a second pair of eyes');
  assert.equal(job, null);
  assert.equal(request?.status, 'pending');
  assert.ok(request);
  const pending = await overview(viewer);
  assert.equal(pending.pendingRequest.id, request.id);
  assert.equal(pending.pendingRequest.requestedByEmail, 'appadmin@demo.gov.sg');
  assert.equal((await call(t.http, 'POST', `${base}/publishing/publish`, { token: editor, json: { note: 'again' } })).status, 409);

  const own = await call(t.http, 'POST', `${base}/publishing/requests/${request.id}/approve`, { token: admin });
  assert.equal(own.status, 403);
  assert.equal(own.body.message, 'You made this publish request; another app admin must approve it');
  assert.equal((await call(t.http, 'POST', `${base}/publishing/requests/${request.id}/approve`, { token: editor })).status, 403);
  assert.equal((await call(t.http, 'POST', `${base}/publishing/requests/${request.id}/reject`, { token: editor, json: {} })).status, 403, 'an editor who did not ask cannot reject');

  const approved = await call(t.http, 'POST', `${base}/publishing/requests/${request.id}/approve`, { token: platform });
  assert.equal(approved.status, 202);
  assert.equal(approved.body.data.request.status, 'approved');
  assert.equal((await waitForJob(t.http, admin, APP, approved.body.data.job.id)).status, 'succeeded');
  const data = await overview();
  assert.equal(data.production.number, 3);
  assert.equal(data.production.authorEmail, 'appadmin@demo.gov.sg');
  assert.equal(data.production.approvedByEmail, 'admin@demo.gov.sg');
  assert.equal(data.pendingRequest, null);
  assert.equal((await call(t.http, 'POST', `${base}/publishing/requests/${request.id}/approve`, { token: platform })).status, 409);

  // An editor's request can be withdrawn by its author.
  const second = await publish(editor, 'withdraw me');
  assert.ok(second.request);
  const withdrawn = await call(t.http, 'POST', `${base}/publishing/requests/${second.request.id}/reject`, { token: editor, json: {} });
  assert.equal(withdrawn.body.data.request.status, 'withdrawn');
  await call(t.http, 'PATCH', `${base}/publishing/settings`, { token: admin, json: { requireApproval: false } });
});
