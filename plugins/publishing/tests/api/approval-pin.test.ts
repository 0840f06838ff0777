import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from '@civic/sdk/server';
import { call, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { PublishingApi } from '../../common/api';
import { PublishingMessages } from '../../common/messages';
import { knowledgeVersions } from '../../server/db/schema';

// Issue 15: an approval must ship what the approver reviewed, never a draft changed after the request.
let t: TestServer;
let editor: string;
let appAdmin: string;
let platformAdmin: string;

before(async () => {
  t = await startTestServer({ env: { CIVIC_PUBLISH_APPROVAL: 'on' } });
  [editor, appAdmin, platformAdmin] = await Promise.all((['editor', 'appAdmin', 'platformAdmin'] as const).map((caller) => t.signInAs(caller)));
});
after(async () => {
  await t?.close();
});

const glossary = `/api/v1/apps/${OWN_APP_ID}/glossary`;

async function addTerm(term: string): Promise<void> {
  const added = await call(t.http, 'POST', glossary, { token: editor, json: { term, definition: `${term} explained` } });
  assert.equal(added.status, 201, JSON.stringify(added.body));
}

async function fileRequest(note: string): Promise<string> {
  const filed = await call(t.http, 'POST', PublishingApi.publish(OWN_APP_ID), { token: editor, json: { note } });
  assert.equal(filed.status, 202, JSON.stringify(filed.body));
  assert.equal(filed.body.data.request.stale, false);
  return filed.body.data.request.id as string;
}

async function waitForJob(jobId: string): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const job = await call(t.http, 'GET', PublishingApi.job(OWN_APP_ID, jobId), { token: appAdmin });
    assert.equal(job.status, 200, JSON.stringify(job.body));
    const status = job.body.data.job.status as string;
    if (status !== 'queued' && status !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

const termsOfDiff = (changes: { name: string; change: string }[]) => changes.map((c) => c.name);

test('a draft changed after the request makes it stale: shown as such, the approval is refused and nothing ships', async () => {
  await addTerm('Reviewed term');
  const requestId = await fileRequest('reviewed content');

  // The diff of the request shows the pinned snapshot, not the live draft.
  await addTerm('Sneaked-in term');
  const pinnedDiff = await call(t.http, 'GET', PublishingApi.diff(OWN_APP_ID), { token: appAdmin, searchParams: { from: 'production', to: 'request' } });
  assert.equal(pinnedDiff.status, 200, JSON.stringify(pinnedDiff.body));
  const names = termsOfDiff(pinnedDiff.body.data.diff.changes);
  assert.ok(names.includes('Reviewed term'), names.join(', '));
  assert.ok(!names.includes('Sneaked-in term'), 'the request diff does not show a change made after filing');

  const overview = await call(t.http, 'GET', PublishingApi.overview(OWN_APP_ID), { token: appAdmin });
  assert.equal(overview.body.data.pendingRequest.id, requestId);
  assert.equal(overview.body.data.pendingRequest.stale, true);

  const approve = await call(t.http, 'POST', PublishingApi.approve(OWN_APP_ID, requestId), { token: appAdmin });
  assert.equal(approve.status, 409);
  assert.equal(approve.body.message, PublishingMessages.requestStale);
  const versions = await t.server.db.db.select().from(knowledgeVersions).where(eq(knowledgeVersions.appId, OWN_APP_ID));
  assert.equal(versions.length, 0, 'nothing was published');

  const rejected = await call(t.http, 'POST', PublishingApi.reject(OWN_APP_ID, requestId), { token: appAdmin, json: {} });
  assert.equal(rejected.body.data.request.status, 'rejected');
});

test('an approved request publishes the pinned snapshot, even if the draft changes before the job runs', async () => {
  const requestId = await fileRequest('everything so far');
  const approve = await call(t.http, 'POST', PublishingApi.approve(OWN_APP_ID, requestId), { token: platformAdmin });
  assert.equal(approve.status, 202, JSON.stringify(approve.body));
  await addTerm('After approval');
  assert.equal(await waitForJob(approve.body.data.job.id), 'succeeded');

  const [version] = await t.server.db.db.select().from(knowledgeVersions).where(eq(knowledgeVersions.appId, OWN_APP_ID));
  const terms = version.snapshot.glossary.map((g) => g.term);
  assert.ok(terms.includes('Sneaked-in term') && terms.includes('Reviewed term'));
  assert.ok(!terms.includes('After approval'), 'a change made after the approval is not shipped');
  assert.equal(version.approvedByEmail, 'admin@demo.gov.sg');
});
