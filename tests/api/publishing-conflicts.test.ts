import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { intents, trainingPhrases } from './support/tables';
import { call } from './support/api-call';
import { clearKnowledge, waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { OUTSIDER_EMAIL } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';

const APP = 'demo-enterprise';
const base = `/api/v1/apps/${APP}`;
let t: TestServer;
let editor: string;
let viewer: string;
let outsider: string;
const ids: Record<string, string> = {};

interface Group {
  a: { id: string; name: string; kind: string };
  b: { id: string; name: string; kind: string };
  pairs: number;
  maxScore: number;
  identical: number;
}
interface Pair {
  score: number;
  identical: boolean;
  a: { phraseId: string; text: string; intentId: string; intentName: string; intentKind: string };
  b: { phraseId: string; text: string; intentId: string; intentName: string; intentKind: string };
}

before(async () => {
  t = await startTestServer({ beforeStart: (db) => clearKnowledge(db, APP) });
  const db = t.server.db.db;
  const made = await db
    .insert(intents)
    .values([
      { appId: APP, kind: 'intent', displayName: 'Renew passport' },
      { appId: APP, kind: 'qna', displayName: 'Passport renewal fees' },
      { appId: APP, kind: 'intent', displayName: 'Opening hours' },
      { appId: APP, kind: 'intent', displayName: 'Office hours' },
    ])
    .returning();
  for (const row of made) ids[row.displayName] = row.id;
  const phrase = (intentId: string, position: number, text: string) => ({ intentId, appId: APP, position, referenceId: `r${position}${text.length}`, type: 'example' as const, parts: [{ text }], text });
  const inserted = await db
    .insert(trainingPhrases)
    .values([
      phrase(ids['Renew passport'], 0, 'How do I renew my passport?'),
      phrase(ids['Renew passport'], 1, 'passport renewal'),
      phrase(ids['Renew passport'], 2, 'renew my passport please'),
      phrase(ids['Passport renewal fees'], 0, 'how can I renew my passport'),
      phrase(ids['Passport renewal fees'], 1, 'Passport  Renewal!'),
      phrase(ids['Passport renewal fees'], 2, 'renew my passport'),
      phrase(ids['Opening hours'], 0, 'When are you open?'),
      phrase(ids['Office hours'], 0, 'when are you open'),
    ])
    .returning();
  for (const row of inserted) ids[row.text] = row.id;
  [editor, viewer, outsider] = await Promise.all(['editor@demo.gov.sg', 'viewer@demo.gov.sg', OUTSIDER_EMAIL].map((email) => signIn(t.http, email)));
});
after(async () => {
  await t?.close();
});

async function report(query: Record<string, string | number> = {}, token = viewer) {
  const response = await call(t.http, 'GET', `${base}/conflicts`, { token, searchParams: query });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data as { totals: Record<string, number | string> | null; groups: Group[]; next: string | null; recommended: boolean; sort: string };
}

async function pairsOf(group: Group, query: Record<string, string | number> = {}) {
  const response = await call(t.http, 'GET', `${base}/conflicts/groups/${group.a.id}/${group.b.id}/pairs`, { token: viewer, searchParams: query });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data as { pairs: Pair[]; next: string | null };
}

async function run() {
  const response = await call(t.http, 'POST', `${base}/conflicts/run`, { token: editor });
  assert.equal(response.status, 202);
  const job = await waitForJob(t.http, editor, APP, response.body.data.job.id);
  assert.equal(job.status, 'succeeded');
  return job;
}

const names = (group: Group) => [group.a.name, group.b.name].sort().join(' / ');

test('before any run the app is nudged to run conflict detection (§4)', async () => {
  const data = await report();
  assert.equal(data.recommended, true);
  assert.equal(data.totals, null);
  assert.deepEqual(data.groups, []);
  const progress = await call(t.http, 'GET', `${base}/draft-progress`, { token: viewer });
  assert.equal(progress.body.data.conflictCheckRecommended, true);
  assert.equal((await call(t.http, 'POST', `${base}/conflicts/run`, { token: viewer })).status, 403);
});

test('a run groups its pairs by intent pair, with counts, best score and identical pairs, and totals', async () => {
  const job = await run();
  assert.deepEqual(job.counts, { phrases: 8, groups: 2, pairs: 4 });
  const data = await report();
  assert.equal(data.recommended, false);
  assert.equal(data.sort, 'pairs');
  assert.equal(data.totals?.phrases, 8);
  assert.equal(data.totals?.groups, 2);
  assert.equal(data.totals?.pairs, 4);
  assert.equal(data.totals?.identical, 2);
  assert.equal(data.totals?.threshold, 0.8);
  assert.equal(typeof data.totals?.millis, 'number');
  assert.deepEqual(data.groups.map(names), ['Passport renewal fees / Renew passport', 'Office hours / Opening hours']);
  const [passport, hours] = data.groups;
  assert.equal(passport.pairs, 3);
  assert.equal(passport.maxScore, 1);
  assert.equal(passport.identical, 1);
  assert.equal(hours.pairs, 1);
  assert.equal(hours.identical, 1);
  assert.ok(passport.a.id < passport.b.id, 'a sorts before b');
  assert.equal([passport.a, passport.b].find((intent) => intent.id === ids['Passport renewal fees'])?.kind, 'qna');

  const { pairs, next } = await pairsOf(passport);
  assert.equal(next, null);
  assert.equal(pairs.length, 3);
  assert.equal(pairs[0].identical, true);
  assert.deepEqual([pairs[0].a.text, pairs[0].b.text].sort(), ['Passport  Renewal!', 'passport renewal']);
  for (let i = 1; i < pairs.length; i += 1) assert.ok(pairs[i - 1].score >= pairs[i].score);
  for (const pair of pairs) {
    assert.equal(pair.a.intentId, passport.a.id);
    assert.equal(pair.b.intentId, passport.b.id);
    assert.ok(pair.score >= 0.8);
  }
  const progress = await call(t.http, 'GET', `${base}/draft-progress`, { token: viewer });
  assert.equal(progress.body.data.conflictCheckRecommended, false);
});

test('groups and pairs come in keyset pages, in either order, without repeats', async () => {
  const first = await report({ limit: 1 });
  assert.equal(first.groups.length, 1);
  assert.ok(first.next);
  const second = await report({ limit: 1, after: first.next ?? '' });
  assert.deepEqual([...first.groups, ...second.groups].map(names), ['Passport renewal fees / Renew passport', 'Office hours / Opening hours']);
  const third = await report({ limit: 1, after: second.next ?? '' });
  assert.deepEqual(third.groups, []);
  assert.equal(third.next, null);

  const byScore = await report({ sort: 'score' });
  assert.equal(byScore.sort, 'score');
  assert.deepEqual(byScore.groups.map((group) => group.maxScore), [1, 1]);

  const [passport] = first.groups;
  const page1 = await pairsOf(passport, { limit: 2 });
  assert.equal(page1.pairs.length, 2);
  const page2 = await pairsOf(passport, { limit: 2, after: page1.next ?? '' });
  assert.equal(page2.pairs.length, 1);
  assert.equal(page2.next, null);
  const seen = [...page1.pairs, ...page2.pairs].map((pair) => `${pair.a.phraseId}:${pair.b.phraseId}`);
  assert.equal(new Set(seen).size, 3);

  const refusals: Array<Record<string, string | number>> = [{ sort: 'name' }, { limit: 0 }, { limit: 201 }, { after: 'x' }];
  for (const bad of refusals) {
    const refused = await call(t.http, 'GET', `${base}/conflicts`, { token: viewer, searchParams: bad });
    assert.equal(refused.status, 422, JSON.stringify(bad));
  }
  assert.equal((await call(t.http, 'GET', `${base}/conflicts/groups/${passport.a.id}/${passport.b.id}/pairs`, { token: viewer, searchParams: { after: '-1' } })).status, 422);
  assert.equal((await call(t.http, 'GET', `${base}/conflicts/groups/${passport.b.id}/${passport.a.id}/pairs`, { token: viewer })).status, 404, 'a group is (smaller id, larger id)');
  assert.equal((await call(t.http, 'GET', `${base}/conflicts/groups/nope/${passport.a.id}/pairs`, { token: viewer })).status, 404);
  {
    assert.equal((await call(t.http, 'GET', `${base}/conflicts`, { token: outsider })).status, 404);
    assert.equal((await call(t.http, 'GET', `${base}/conflicts/groups/${passport.a.id}/${passport.b.id}/pairs`, { token: outsider })).status, 404);
  }
});

test('a phrase edited elsewhere since the run leaves its pairs out; the nudge comes back', async () => {
  const db = t.server.db.db;
  await db.update(trainingPhrases).set({ text: 'renew my passport please!!', parts: [{ text: 'renew my passport please!!' }] }).where(eq(trainingPhrases.id, ids['renew my passport please']));
  const data = await report();
  assert.equal(data.recommended, true);
  const passport = data.groups.find((group) => names(group) === 'Passport renewal fees / Renew passport');
  assert.ok(passport);
  const { pairs } = await pairsOf(passport);
  assert.ok(!pairs.some((pair) => pair.a.phraseId === ids['renew my passport please'] || pair.b.phraseId === ids['renew my passport please']), 'the edited phrase’s pairs are stale');
  await db.update(trainingPhrases).set({ text: 'renew my passport please', parts: [{ text: 'renew my passport please' }] }).where(eq(trainingPhrases.id, ids['renew my passport please']));
});

test('moving or deleting a phrase resolves its pairs: counts and totals follow, an emptied group goes', async () => {
  assert.equal((await call(t.http, 'POST', `${base}/conflicts/phrases/${ids['how can I renew my passport']}/move`, { token: viewer, json: { toIntentId: ids['Renew passport'] } })).status, 403);
  const same = await call(t.http, 'POST', `${base}/conflicts/phrases/${ids['How do I renew my passport?']}/move`, { token: editor, json: { toIntentId: ids['Renew passport'] } });
  assert.equal(same.status, 409);
  assert.equal((await call(t.http, 'POST', `${base}/conflicts/phrases/${ids['How do I renew my passport?']}/move`, { token: editor, json: { toIntentId: '00000000-0000-4000-8000-000000000000' } })).status, 404);
  const moved = await call(t.http, 'POST', `${base}/conflicts/phrases/${ids['how can I renew my passport']}/move`, { token: editor, json: { toIntentId: ids['Renew passport'] } });
  assert.equal(moved.status, 200);
  const [row] = await t.server.db.db.select().from(trainingPhrases).where(eq(trainingPhrases.id, ids['how can I renew my passport']));
  assert.equal(row.intentId, ids['Renew passport']);
  assert.equal(row.position, 3, 'appended after the intent’s phrases');
  let data = await report();
  const passport = data.groups.find((group) => names(group) === 'Passport renewal fees / Renew passport');
  assert.equal(passport?.pairs, 2);
  assert.equal(passport?.identical, 1);
  assert.equal(data.totals?.pairs, 3);
  assert.equal(data.recommended, true, 'phrases changed since the run');

  const deleted = await call(t.http, 'DELETE', `${base}/conflicts/phrases/${ids['Passport  Renewal!']}`, { token: editor });
  assert.equal(deleted.status, 200);
  data = await report();
  assert.equal(data.groups.find((group) => names(group) === 'Passport renewal fees / Renew passport')?.identical, 0);
  assert.deepEqual([data.totals?.groups, data.totals?.pairs, data.totals?.identical], [2, 2, 1]);
  assert.equal((await call(t.http, 'DELETE', `${base}/conflicts/phrases/${ids['Passport  Renewal!']}`, { token: editor })).status, 404);
  assert.equal((await call(t.http, 'DELETE', `${base}/conflicts/phrases/${ids['renew my passport']}`, { token: editor })).status, 200);
  data = await report();
  assert.deepEqual(data.groups.map(names), ['Office hours / Opening hours'], 'the emptied group goes');
  assert.deepEqual([data.totals?.groups, data.totals?.pairs, data.totals?.identical], [1, 1, 1]);

  await run();
  data = await report();
  assert.deepEqual(data.groups.map(names), ['Office hours / Opening hours'], 'a fresh run finds only what is left');
  assert.equal(data.recommended, false);
});

const textResponse = (text: string) => [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [text] }] }];
const examples = (...texts: string[]) => texts.map((text) => ({ type: 'example', parts: [{ text }] }));

/** The report once `ready` holds (changes made elsewhere reach the run a moment after `knowledge.changed`). */
async function reportWhen(ready: (data: Awaited<ReturnType<typeof report>>) => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const data = await report();
    if (ready(data)) return data;
    assert.ok(Date.now() < deadline, `${what}: ${JSON.stringify(data.totals)} ${JSON.stringify(data.groups.map((g) => [names(g), g.pairs]))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('edits made in the knowledge base reach the run’s counts through knowledge.changed: kept across a save, dropped when edited, gone with the intent', async () => {
  const create = async (displayName: string, ...texts: string[]) => {
    const response = await call(t.http, 'POST', `${base}/intents`, { token: editor, json: { displayName, trainingPhrases: examples(...texts), responses: textResponse(displayName) } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.data.intent as { id: string; version: number };
  };
  const lost = await create('Lost identity card', 'I lost my identity card', 'report a lost IC', 'identity card lost');
  const replace = await create('Replace identity card', 'i lost my identity card!', 'replace my identity card', 'Identity card lost');
  await run();
  const cards = 'Lost identity card / Replace identity card';
  let data = await report();
  const before = { groups: Number(data.totals?.groups), pairs: Number(data.totals?.pairs), cards: data.groups.find((group) => names(group) === cards)?.pairs ?? 0 };
  assert.ok(before.cards >= 2, 'two identical pairs at least');

  // Saving the intent (its response only) writes its phrases anew, under new ids: the pairs stay.
  const save = async (version: number, ...texts: string[]) => {
    const response = await call(t.http, 'PUT', `${base}/intents/${replace.id}`, { token: editor, json: { displayName: 'Replace identity card', version, trainingPhrases: examples(...texts), responses: textResponse('Apply online.') } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
  };
  await save(replace.version, 'i lost my identity card!', 'replace my identity card', 'Identity card lost');
  data = await report();
  const group = data.groups.find((g) => names(g) === cards);
  assert.ok(group);
  assert.equal(group.pairs, before.cards);
  // Until the run is checked its pairs name the old ids, which are gone: the page leaves them out.
  let pairs: Pair[] = [];
  for (const deadline = Date.now() + 15_000; pairs.length < before.cards; await new Promise((resolve) => setTimeout(resolve, 200))) {
    assert.ok(Date.now() < deadline, `the pairs still show, under the phrases’ new ids (${pairs.length} of ${before.cards})`);
    pairs = (await pairsOf(group)).pairs;
  }
  assert.equal((await report()).groups.find((g) => names(g) === cards)?.pairs, before.cards);
  const edited = pairs.filter((pair) => pair.b.text === 'i lost my identity card!' || pair.a.text === 'i lost my identity card!').length;
  assert.ok(edited > 0);

  await save(replace.version + 1, 'where do I collect my new card', 'replace my identity card', 'Identity card lost');
  data = await reportWhen((d) => d.groups.find((g) => names(g) === cards)?.pairs === before.cards - edited, 'an edited phrase’s pairs leave the counts');
  assert.deepEqual([data.totals?.groups, data.totals?.pairs], [before.groups, before.pairs - edited]);

  assert.equal((await call(t.http, 'DELETE', `${base}/intents/${lost.id}`, { token: editor })).status, 200);
  data = await reportWhen((d) => d.totals?.groups === before.groups - 1, 'a deleted intent’s group goes from the totals');
  assert.deepEqual([data.totals?.groups, data.totals?.pairs], [before.groups - 1, before.pairs - before.cards]);
  assert.ok(!data.groups.some((g) => names(g) === cards));
  assert.ok(data.groups.some((g) => names(g) === 'Office hours / Opening hours'), 'other groups stay');
});

test('a phrase moved into the place of an equal one that went keeps that one’s pairs, and loses its own', async () => {
  const db = t.server.db.db;
  const made = await db
    .insert(intents)
    .values(['Lost card A', 'Lost card B', 'Lost card C'].map((displayName) => ({ appId: APP, kind: 'intent' as const, displayName })))
    .returning();
  const [a, b, c] = made.map((row) => row.id);
  const text = 'lost library card';
  // Q's id sorts before P's, and P's after: the run is checked in id order, and either order must hold.
  const ids = ['f', '0', '8'].map((first) => first + randomUUID().slice(1));
  const [p, q, r] = await db
    .insert(trainingPhrases)
    .values([a, b, c].map((intentId, i) => ({ id: ids[i], intentId, appId: APP, position: 0, referenceId: `lost-${intentId}`, type: 'example' as const, parts: [{ text }], text })))
    .returning();
  await run();
  const lost = (data: Awaited<ReturnType<typeof report>>) => data.groups.filter((group) => group.a.name.startsWith('Lost card') && group.b.name.startsWith('Lost card'));
  const before = await report();
  assert.equal(lost(before).length, 3);
  // Elsewhere: P moves into B, where Q (the same text) goes; any later change of the app brings the run in line.
  await db.update(trainingPhrases).set({ intentId: b }).where(eq(trainingPhrases.id, p.id));
  await db.delete(trainingPhrases).where(eq(trainingPhrases.id, q.id));
  const other = await call(t.http, 'POST', `${base}/intents`, { token: editor, json: { displayName: 'Unrelated', responses: textResponse('Unrelated') } });
  assert.equal(other.status, 201);
  const data = await reportWhen((d) => d.totals?.pairs === Number(before.totals?.pairs) - 2, 'two of the three pairs leave the run');
  const [left] = lost(data);
  assert.deepEqual([names(left), left.pairs], ['Lost card B / Lost card C', 1]);
  const { pairs } = await pairsOf(left);
  assert.deepEqual(pairs.map((pair) => [pair.a.phraseId, pair.b.phraseId].sort()), [[p.id, r.id].sort()]);
});
