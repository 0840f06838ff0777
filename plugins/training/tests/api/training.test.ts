import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc, eq, randomUUID } from '@civic/sdk/server';
import { Messages } from '@civic/sdk/common/messages';
import { auditLog, call, OTHER_APP_ID, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { arrangeTurns, reviewStatusOf } from '../../../dialog-engine/contract/server/testing/transcript-fixtures';
import { ClusterApi, TrainingApi, TrainingHubApi, type ClusterJobView, type HubIntent, type TrainingHistoryEntry, type TranscriptRow } from '../../common/api';
import { trainingAutoTpActions } from '../../server/db/schema';

let t: TestServer;
let editor: string;
let viewer: string;
let appAdmin: string;

const DAY = 86_400_000;
/** A quiet stretch of time before the demo conversations (60 days), for rows this test controls. */
const base = new Date(Date.UTC(2026, 0, 10, 0, 0, 0) - 400 * DAY);
const day = (n: number) => new Date(base.getTime() + n * DAY).toISOString().slice(0, 10);
const range = { start: day(0), end: day(9) };

interface Fixture {
  data: string;
  fallback: boolean;
  reviewStatus: string;
  confidence: number;
  at: number;
  thumbsDown?: boolean;
}

const FIXTURES: Fixture[] = [
  { data: 'how do I adopt a zebra', fallback: true, reviewStatus: 'PENDING', confidence: 0.1, at: 1 },
  { data: 'zebra crossing fine appeal', fallback: true, reviewStatus: 'DISMISSED', confidence: 0.05, at: 2 },
  { data: 'my email is someone@example.com and NRIC S1234567D', fallback: true, reviewStatus: 'PENDING', confidence: 0.2, at: 3 },
  { data: 'renew my passport please', fallback: false, reviewStatus: 'PENDING', confidence: 0.35, at: 4 },
  { data: 'passport renewal fee', fallback: false, reviewStatus: 'REVIEWED', confidence: 0.9, at: 5, thumbsDown: true },
  { data: 'passport collection', fallback: false, reviewStatus: '', confidence: 0.8, at: 6 },
  ...Array.from({ length: 30 }, (_, i) => ({ data: `paging question ${i}`, fallback: true, reviewStatus: 'PENDING', confidence: (i % 7) / 10, at: 7 + i / 100 })),
];
const ids: string[] = [];

before(async () => {
  t = await startTestServer({ pluginIds: ['app-settings', 'entities', 'classification', 'knowledge-base', 'publishing', 'webchat', 'dialog-engine', 'credentials', 'credential-llm', 'training'], env: { CIVIC_HISTORY: 'on' } });
  [editor, viewer, appAdmin] = await Promise.all([t.signInAs('editor'), t.signInAs('viewer'), t.signInAs('appAdmin')]);
  const turns = FIXTURES.map((f) => ({ ...f, at: new Date(base.getTime() + f.at * DAY), intentName: 'Renew passport' }));
  ids.push(...(await arrangeTurns(t.server.db.db, OWN_APP_ID, turns)));
});

after(async () => {
  await t?.close();
});

const search = (token: string, json: object, appId = OWN_APP_ID) => call(t.http, 'POST', TrainingApi.search(appId), { token, json });
const texts = (list: TranscriptRow[]) => list.map((r) => r.data);

test('unmatched: every status (contains ""), newest first, masked personal data; matched: equals the chosen status', async () => {
  const unmatched = await search(viewer, { ...range, search: 'zebra' });
  assert.equal(unmatched.status, 200, JSON.stringify(unmatched.body));
  assert.deepEqual(texts(unmatched.body.data.list), ['zebra crossing fine appeal', 'how do I adopt a zebra']);
  assert.equal(unmatched.body.data.total, 2);

  const personal = await search(viewer, { ...range, search: 'NRIC' });
  const [row] = personal.body.data.list as TranscriptRow[];
  assert.equal(row.masked, true);
  assert.ok(!row.data.includes('someone@example.com') && !row.data.includes('S1234567D'), row.data);

  const matched = await search(viewer, { ...range, isMatchedIntents: true });
  assert.deepEqual(texts(matched.body.data.list), ['renew my passport please'], 'matched defaults to PENDING');
  const reviewed = await search(viewer, { ...range, isMatchedIntents: true, filters: [{ field: 'reviewStatus', operator: 'equals', value: 'REVIEWED' }] });
  assert.deepEqual(texts(reviewed.body.data.list), ['passport renewal fee']);
});

test('the table filter: fields and operators, AND or OR; sort by confidence', async () => {
  const both = await search(viewer, {
    ...range,
    isMatchedIntents: true,
    filters: [
      { field: 'reviewStatus', operator: 'contains', value: '' },
      { field: 'thumbsDown', operator: 'equals', value: 'true' },
      { field: 'confidenceScore', operator: 'greaterThan', value: '0.5' },
    ],
  });
  assert.deepEqual(texts(both.body.data.list), ['passport renewal fee']);
  const either = await search(viewer, {
    ...range,
    isMatchedIntents: true,
    filterLink: 'OR',
    filters: [
      { field: 'reviewStatus', operator: 'contains', value: '' },
      { field: 'data', operator: 'startsWith', value: 'passport c' },
      { field: 'confidenceScore', operator: 'lessThan', value: '0.5' },
    ],
    sortBy: 'confidenceScore',
    sortOrder: 'asc',
  });
  assert.deepEqual(texts(either.body.data.list), ['renew my passport please', 'passport collection']);
});

test('keyset pages walk the whole result once, in order, at any sort; numbered pages agree', async () => {
  for (const sort of [
    { sortBy: 'createdAt', sortOrder: 'desc' },
    { sortBy: 'confidenceScore', sortOrder: 'asc' },
  ]) {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await search(viewer, { ...range, search: 'paging', pageSize: 7, ...sort, ...(cursor ? { cursor } : {}) });
      assert.equal(page.status, 200, JSON.stringify(page.body));
      seen.push(...(page.body.data.list as TranscriptRow[]).map((r) => r.transcriptId));
      cursor = page.body.data.next ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    assert.equal(seen.length, 30);
    assert.equal(new Set(seen).size, 30);
    const offset = await search(viewer, { ...range, search: 'paging', pageSize: 7, pageNum: 2, ...sort });
    assert.deepEqual(
      (offset.body.data.list as TranscriptRow[]).map((r) => r.transcriptId),
      seen.slice(14, 21),
    );
  }
  const bad = await search(viewer, { ...range, cursor: 'not-a-cursor' });
  assert.equal(bad.status, 422);
});

test('a keyset page keeps to the range whichever bounds it more tightly, the cursor or the range; a cursor from another sort is a 422', async () => {
  const at = (i: number) => new Date(base.getTime() + (7 + i / 100) * DAY).toISOString();
  const paging = (list: TranscriptRow[]) => texts(list).map((text) => Number(text.replace('paging question ', '')));
  const newest = await search(viewer, { ...range, search: 'paging', pageSize: 7 });
  assert.deepEqual(paging(newest.body.data.list), [29, 28, 27, 26, 25, 24, 23]);
  const newestCursor = newest.body.data.next as string;
  // The cursor (after 23) is tighter than the range's end: the page continues from it.
  const onward = await search(viewer, { ...range, search: 'paging', pageSize: 7, cursor: newestCursor });
  assert.deepEqual(paging(onward.body.data.list), [22, 21, 20, 19, 18, 17, 16]);
  // The range ends before the cursor (at 20, exclusive): the page starts at the range's end.
  const endsEarlier = await search(viewer, { start: range.start, end: at(20), search: 'paging', pageSize: 7, cursor: newestCursor });
  assert.equal(endsEarlier.status, 200, JSON.stringify(endsEarlier.body));
  assert.deepEqual(paging(endsEarlier.body.data.list), [19, 18, 17, 16, 15, 14, 13]);

  const oldest = await search(viewer, { ...range, search: 'paging', pageSize: 7, sortOrder: 'asc' });
  assert.deepEqual(paging(oldest.body.data.list), [0, 1, 2, 3, 4, 5, 6]);
  const oldestCursor = oldest.body.data.next as string;
  const later = await search(viewer, { ...range, search: 'paging', pageSize: 7, sortOrder: 'asc', cursor: oldestCursor });
  assert.deepEqual(paging(later.body.data.list), [7, 8, 9, 10, 11, 12, 13]);
  // The range starts after the cursor (at 10, inclusive): the page starts at the range's start.
  const startsLater = await search(viewer, { start: at(10), end: range.end, search: 'paging', pageSize: 7, sortOrder: 'asc', cursor: oldestCursor });
  assert.deepEqual(paging(startsLater.body.data.list), [10, 11, 12, 13, 14, 15, 16]);

  const byConfidence = await search(viewer, { ...range, search: 'paging', pageSize: 7, sortBy: 'confidenceScore', sortOrder: 'asc' });
  const confidenceCursor = byConfidence.body.data.next as string;
  assert.equal((await search(viewer, { ...range, search: 'paging', pageSize: 7, cursor: confidenceCursor })).status, 422, 'a confidence cursor on the time sort');
  assert.equal((await search(viewer, { ...range, search: 'paging', pageSize: 7, sortBy: 'confidenceScore', cursor: newestCursor })).status, 422, 'a time cursor on the confidence sort');
});

test('dates default to the last 5 days ending yesterday; bad input is a 422', async () => {
  const page = await search(viewer, {});
  assert.equal(page.status, 200);
  const start = new Date(page.body.data.start);
  const end = new Date(page.body.data.end);
  assert.equal(end.getTime() - start.getTime(), 5 * DAY);
  assert.equal(end.toISOString().slice(11), '00:00:00.000Z');
  assert.ok(Date.now() - end.getTime() < DAY && Date.now() >= end.getTime());
  for (const row of page.body.data.list as TranscriptRow[]) assert.equal(row.fallback, true);
  assert.equal((await search(viewer, { start: day(5), end: day(1) })).status, 422);
  assert.equal((await search(viewer, { filters: [{ field: 'password', operator: 'equals', value: 'x' }] })).status, 422);
  assert.equal((await search(viewer, { pageSize: 0 })).status, 422);
});

test('bulk review: a selection, or a whole filter result; dismissing needs a reason; audited; the badge follows', async () => {
  const pending = async () => (await call(t.http, 'GET', TrainingApi.pendingCount(OWN_APP_ID), { token: viewer })).body.data.count as number;
  const before = await pending();
  const bulk = (token: string, json: object) => call(t.http, 'POST', TrainingApi.bulkReview(OWN_APP_ID), { token, json });

  const noReason = await bulk(editor, { transcriptIds: [ids[0]], reviewStatus: 'DISMISSED' });
  assert.equal(noReason.status, 422);
  assert.equal(noReason.body.message, Messages.dismissalReasonRequired);
  assert.equal((await bulk(editor, { transcriptIds: [ids[0]], reviewStatus: 'DISMISSED', reason: '   ' })).status, 422);
  assert.equal((await bulk(viewer, { transcriptIds: [ids[0]], reviewStatus: 'REVIEWED' })).status, 403);

  const dismissed = await bulk(editor, { transcriptIds: [ids[0]], reviewStatus: 'DISMISSED', reason: 'Out of scope' });
  assert.equal(dismissed.status, 200, JSON.stringify(dismissed.body));
  assert.equal(dismissed.body.data.updated, 1);
  assert.equal(await pending(), before - 1);
  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.action, 'training.review-status');

  const whole = await bulk(editor, { filter: { ...range, search: 'paging' }, reviewStatus: 'REVIEWED' });
  assert.equal(whole.body.data.updated, 30);
  assert.equal(await pending(), before - 31);
  assert.equal(await reviewStatusOf(t.server.db.db, ids[0]), 'DISMISSED');

  // Another app's admin cannot reach this app's questions through their own app.
  const outsider = await t.signInAs('outsider');
  const foreign = await call(t.http, 'POST', TrainingApi.bulkReview(OTHER_APP_ID), { token: outsider, json: { transcriptIds: [ids[2]], reviewStatus: 'REVIEWED' } });
  assert.equal(foreign.status, 200, JSON.stringify(foreign.body));
  assert.equal(foreign.body.data.updated, 0);
});

test('personal data: only app admins reveal, and each reveal is audited', async () => {
  const id = ids[2];
  assert.equal((await call(t.http, 'POST', TrainingApi.reveal(OWN_APP_ID, id), { token: editor })).status, 403);
  const revealed = await call(t.http, 'POST', TrainingApi.reveal(OWN_APP_ID, id), { token: appAdmin });
  assert.equal(revealed.status, 200);
  assert.match(revealed.body.data.data, /someone@example\.com/);
  const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(audit.action, 'training.reveal');
});

test('the demo conversations give the inbox something on first start', async () => {
  const sixtyDays = { start: new Date(Date.now() - 59 * DAY).toISOString().slice(0, 10), end: new Date().toISOString().slice(0, 10) };
  const unmatched = await search(viewer, sixtyDays);
  assert.ok(unmatched.body.data.total > 50, `unmatched ${unmatched.body.data.total}`);
  const matched = await search(viewer, { ...sixtyDays, isMatchedIntents: true });
  assert.ok(matched.body.data.total > 5, `matched pending ${matched.body.data.total}`);
});

test("the assistant suggests pending questions per intent the engine ranked close, without personal data", async () => {
  const page = await call(t.http, 'GET', TrainingHubApi.suggestions(OWN_APP_ID), { token: viewer });
  assert.equal(page.status, 200, JSON.stringify(page.body));
  const intents = page.body.data.intents as HubIntent[];
  assert.ok(intents.length > 3, `intents ${intents.length}`);
  for (const intent of intents) {
    assert.ok(intent.suggestions.length > 0 && intent.suggestions.length <= 10);
    for (const s of intent.suggestions) {
      assert.doesNotMatch(s.text, /@|S\d{7}[A-Z]|\d{4} \d{4}/);
      assert.ok(s.transcriptIds.length === s.asked && s.score > 0);
    }
  }
  assert.ok(intents.some((i) => i.intentName === 'Renew passport'));
});

test('§7 auto-tp actions: editors record counts for their app (as themselves); viewers and strangers may not', async () => {
  const body = { appId: OWN_APP_ID, email: 'someone-else@demo.gov.sg', numberOfSuggestedTrainingPhrases: 5, numberOfApprovedTrainingPhrases: 2, numberOfEditedTrainingPhrases: 1, intentId: randomUUID(), intentName: 'Renew passport' };
  const post = (token: string, json: object) => call(t.http, 'POST', TrainingHubApi.autoTpActions, { token, json });
  assert.equal((await post(editor, body)).status, 201);
  const [row] = await t.server.db.db.select().from(trainingAutoTpActions).where(eq(trainingAutoTpActions.intentId, body.intentId));
  assert.equal(row.email, 'editor@demo.gov.sg');
  assert.deepEqual([row.suggested, row.approved, row.edited], [5, 2, 1]);
  assert.equal((await post(viewer, body)).status, 403);
  assert.equal((await post(await t.signInAs('outsider'), body)).status, 404);
  assert.equal((await post(editor, { ...body, numberOfApprovedTrainingPhrases: -1 })).status, 422);
});

test('training by clusters runs as a job with progress; clusters are labelled, with no personal data, and with the ungrouped cover every question', async () => {
  const start = new Date(Date.now() - 59 * DAY).toISOString().slice(0, 10);
  const end = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  assert.equal((await call(t.http, 'POST', ClusterApi.runs(OWN_APP_ID), { token: viewer, json: { start, end } })).status, 403);
  assert.equal((await call(t.http, 'POST', ClusterApi.runs(OWN_APP_ID), { token: editor, json: { start: 'yesterday' } })).status, 422);
  const started = await call(t.http, 'POST', ClusterApi.runs(OWN_APP_ID), { token: editor, json: { start, end } });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const jobId = started.body.data.job.id as string;
  let view: ClusterJobView | undefined;
  for (let i = 0; i < 100; i++) {
    view = (await call(t.http, 'GET', ClusterApi.run(OWN_APP_ID, jobId), { token: viewer })).body.data as ClusterJobView;
    if (view.status !== 'queued' && view.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.equal(view?.status, 'succeeded', JSON.stringify(view));
  const result = view!.result!;
  assert.ok(result.questions > 20, `questions ${result.questions}`);
  assert.ok(result.clusters.length >= 2);
  assert.equal(result.clusters.reduce((n, c) => n + c.size, 0) + result.ungrouped, result.questions);
  assert.ok(result.ungrouped < result.questions / 4, `ungrouped ${result.ungrouped} of ${result.questions}`);
  for (const cluster of result.clusters) {
    assert.ok(cluster.label.length > 0 && cluster.representatives.length > 0 && cluster.size >= 2);
    // The demo's questions with an email (…@example.com) or a phone number: no label is made from them.
    assert.doesNotMatch(cluster.label, /example|\d{3,}/, cluster.label);
    for (const text of [...cluster.representatives, ...cluster.phrases]) assert.doesNotMatch(text, /@example\.|S1234567D/);
  }
  assert.equal((await call(t.http, 'GET', ClusterApi.run(OTHER_APP_ID, jobId), { token: await t.signInAs('outsider') })).status, 404);
});

test('history (CIVIC_HISTORY on): who trained what, when (accuracy before and after: tests/api/training-accuracy.test.ts)', async () => {
  const created = await call(t.http, 'POST', `/api/v1/apps/${OWN_APP_ID}/intents`, {
    token: editor,
    json: { displayName: 'Adopt a zebra', trainingPhrases: ['how do I adopt a zebra', 'adopt zebra', 'zebra adoption'].map((text) => ({ type: 'example', parts: [{ text }] })) },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const intentId = created.body.data.intent.id as string;
  const trained = await call(t.http, 'POST', TrainingApi.trained(OWN_APP_ID), { token: editor, json: { transcriptIds: [ids[0]], action: 'created-intent', intentId, intentName: 'Adopt a zebra', phrase: 'how do I adopt a zebra' } });
  assert.equal(trained.status, 200, JSON.stringify(trained.body));
  const history = await call(t.http, 'GET', TrainingApi.history(OWN_APP_ID), { token: viewer });
  assert.equal(history.status, 200, JSON.stringify(history.body));
  const [latest] = history.body.data.items as TrainingHistoryEntry[];
  assert.equal(latest.action, 'created-intent');
  assert.equal(latest.by, 'editor@demo.gov.sg');
  assert.equal(latest.accuracy, null, 'no measurement was taken before the step');
  assert.ok((history.body.data.items as TrainingHistoryEntry[]).some((e) => e.action === 'dismissed' && e.reason === 'Out of scope'));
});

test('§6 on the server: a Starter app refuses its own editors and admins (no training hub flag); platform admins pass', async () => {
  const admin = await t.signInAs('platformAdmin');
  for (const token of [editor, appAdmin]) {
    assert.equal((await search(token, {}, 'demo-starter')).status, 403);
    assert.equal((await call(t.http, 'GET', TrainingApi.pendingCount('demo-starter'), { token })).status, 403);
  }
  assert.equal((await search(admin, {}, 'demo-starter')).status, 200);
});
