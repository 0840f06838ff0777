import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from '@civic/sdk/server';
import { call, OTHER_APP_ID, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { arrangeConversation, clearConversations, giveFeedback } from '../../../dialog-engine/contract/server/testing/conversation-fixtures';
import { AnalyticsApi, POINT_CLOUD_CAP, type DashboardReport, type Kpi, type PackedConfidencePoints } from '../../common/api';
import { addDays, localDay, resolveRange, startOfLocalDay } from '../../common/date-range';
import { decodeConfidencePoints } from '../../common/point-cloud-codec';
import { analyticsHourly, analyticsIntentHourly, analyticsPointHourly, analyticsRollupState } from '../../server/db/schema';
import { refreshRollups } from '../../server/rollup';

const ZONE = 'Asia/Singapore';
/** A demo app the tests leave alone: it keeps the demo's seeded conversations. */
const DEMO_APP = 'demo-plus';
const HOUR = 3_600_000;
let t: TestServer;
let viewer: string;
let admin: string;
let appAdmin: string;
let now: Date;
let yesterday: string;
/** OWN_APP_ID's turns answered by "Opening hours" (yesterday's and the draft's three days ago). */
const openingHours: string[] = [];

/** A session and its turns, a minute apart, arranged through the dialog engine's test fixtures. */
async function chat(appId: string, at: Date, turns: Array<{ fallback?: boolean; up?: boolean; down?: boolean; intent?: string; confidence?: number; version?: string }>, extra: { channel?: string; environment?: 'draft' | 'production'; csat?: number; comment?: string; userId?: string } = {}) {
  const { sessionId, turnIds } = await arrangeConversation(t.server.db.db, appId, {
    at, environment: extra.environment, channel: extra.channel ?? 'web', userId: extra.userId, csatRating: extra.csat, csatComment: extra.comment,
    turns: turns.map((turn) => ({
      confidence: turn.confidence ?? (turn.fallback ? 0.2 : 0.9), fallback: turn.fallback ?? false, intentName: turn.fallback ? undefined : (turn.intent ?? 'Opening hours'),
      thumbsUp: turn.up, thumbsDown: turn.down, contentVersion: turn.version ?? 'v1',
    })),
  });
  if (appId === OWN_APP_ID) openingHours.push(...turnIds.filter((_, i) => !turns[i].fallback && (turns[i].intent ?? 'Opening hours') === 'Opening hours'));
  return sessionId;
}

const local = (day: string, hour: number, minute = 0) => new Date(startOfLocalDay(day, ZONE).getTime() + hour * HOUR + minute * 60_000);
const get = (path: string, token: string, searchParams: Record<string, string> = {}) => call(t.http, 'GET', path, { token, searchParams });
const kpi = (report: DashboardReport, key: Kpi['key']) => report.kpis.find((k) => k.key === key) as Kpi;

before(async () => {
  t = await startTestServer({ pluginIds: ['knowledge-base', 'classification', 'entities', 'publishing', 'webchat', 'app-settings', 'dialog-engine', 'analytics'], env: { CIVIC_TIME_ZONE: ZONE } });
  [viewer, admin, appAdmin] = await Promise.all([t.signInAs('viewer'), t.signInAs('platformAdmin'), t.signInAs('appAdmin')]);
  now = t.clock.now();
  yesterday = addDays(localDay(now, ZONE), -1);
  // Exact counts: the apps these tests write to start without the demo's seeded conversations.
  for (const appId of [OWN_APP_ID, OTHER_APP_ID]) await clearConversations(t.server.db.db, appId);
  const range = resolveRange({}, now, ZONE);
  // Yesterday: two production sessions, web and telegram.
  await chat(OWN_APP_ID, local(yesterday, 10), [{ intent: 'Opening hours', up: true }, { fallback: true }, { intent: 'Fees', down: true }], { csat: 4, comment: 'Helpful' });
  await chat(OWN_APP_ID, local(yesterday, 10, 30), [{ intent: 'Fees' }], { channel: 'telegram', csat: 2 });
  // Three days ago, in the draft.
  await chat(OWN_APP_ID, local(addDays(yesterday, -2), 23, 30), [{ intent: 'Opening hours' }, { intent: 'Opening hours', version: 'v2' }], { environment: 'draft' });
  // The first instant of the range counts; the last one before it belongs to the previous period.
  await chat(OWN_APP_ID, range.start, [{ intent: 'Fees' }]);
  await chat(OWN_APP_ID, new Date(range.start.getTime() - 1), [{ fallback: true }], { csat: 1 });
  // Forty days ago: the previous period.
  await chat(OWN_APP_ID, local(addDays(yesterday, -39), 9), [{ intent: 'Fees' }, { fallback: true }]);
  // Today: only in preset 0.
  await chat(OWN_APP_ID, new Date(now.getTime() - 1000), [{ intent: 'Fees' }]);
  // Another app's rows never count.
  await chat(OTHER_APP_ID, local(yesterday, 11), [{ intent: 'Fees' }, { intent: 'Fees' }]);
});

after(async () => {
  await t?.close();
});

test('the dashboard counts exactly the last 30 days ending yesterday, with the change against the 30 before', async () => {
  const res = await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const report = res.body.data as DashboardReport;
  assert.equal(report.range.to, yesterday);
  assert.equal(report.range.days, 30);
  assert.equal(report.range.timeZone, ZONE);
  assert.deepEqual([kpi(report, 'sessions').value, kpi(report, 'sessions').previous], [4, 2]);
  assert.deepEqual([kpi(report, 'messages').value, kpi(report, 'messages').previous], [7, 3]);
  assert.equal(kpi(report, 'sessions').change, 1);
  assert.equal(kpi(report, 'users').value, 4);
  assert.equal(kpi(report, 'fallbackRate').value, 1 / 7);
  assert.equal(kpi(report, 'fallbackRate').previous, 2 / 3);
  // Contained: every session but the one with a fallback.
  assert.equal(kpi(report, 'containment').value, 3 / 4);
  assert.equal(kpi(report, 'csat').value, 3);
  assert.equal(kpi(report, 'csat').previous, 1);
  assert.equal(kpi(report, 'thumbsDown').value, 1);
  const day = report.daily.find((d) => d.day === yesterday);
  assert.deepEqual(day, { day: yesterday, sessions: 2, users: 2, messages: 4, fallbacks: 1, csatCount: 2, csatAverage: 3 });
  assert.equal(report.daily.length, 30);
  assert.deepEqual(report.channels, ['telegram', 'web']);
});

test('presets and filters: today alone, one day, the channel and the environment', async () => {
  const today = (await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer, { preset: '0' })).body.data as DashboardReport;
  assert.equal(kpi(today, 'sessions').value, 1);
  const one = (await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer, { preset: '1' })).body.data as DashboardReport;
  assert.deepEqual([one.range.from, one.range.to, kpi(one, 'sessions').value, kpi(one, 'messages').value], [yesterday, yesterday, 2, 4]);
  const telegram = (await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer, { channel: 'telegram' })).body.data as DashboardReport;
  assert.deepEqual([kpi(telegram, 'sessions').value, kpi(telegram, 'messages').value], [1, 1]);
  const draft = (await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer, { environment: 'draft' })).body.data as DashboardReport;
  assert.deepEqual([kpi(draft, 'sessions').value, kpi(draft, 'messages').value], [1, 2]);
  const custom = (await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer, { from: addDays(yesterday, -2), to: addDays(yesterday, -2) })).body.data as DashboardReport;
  assert.equal(kpi(custom, 'sessions').value, 1);
});

test('bad ranges and filters are 422 with the reason', async () => {
  const preset = await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer, { preset: '14' });
  assert.equal(preset.status, 422);
  assert.match(preset.body.message, /0, 1, 3, 5, 7, 30, 60 or 365/);
  const reversed = await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer, { from: '2026-03-02', to: '2026-03-01' });
  assert.equal(reversed.status, 422);
  assert.equal(reversed.body.message, 'The start date must not be after the end date');
  const unreal = await get(AnalyticsApi.sessions(OWN_APP_ID), viewer, { from: '2026-02-30', to: '2026-03-01' });
  assert.equal(unreal.status, 422);
  assert.equal((await get(AnalyticsApi.csat(OWN_APP_ID), viewer, { environment: 'staging' })).status, 422);
});

test('the rollup job gives the same answers as the live rows', async () => {
  const before = (await get(AnalyticsApi.intents(OWN_APP_ID), viewer)).body.data;
  const db = t.server.db.db;
  await db.delete(analyticsHourly);
  await db.delete(analyticsIntentHourly);
  await db.delete(analyticsRollupState);
  // Rebuilt from nothing (the job's run), then read again.
  await refreshRollups(db, OWN_APP_ID, now);
  const rolled = await db.select().from(analyticsHourly);
  assert.ok(rolled.length >= 5, `rolled ${rolled.length}`);
  const again = (await get(AnalyticsApi.intents(OWN_APP_ID), viewer)).body.data;
  assert.deepEqual(again.top, before.top);
  assert.deepEqual(again.fallbackTrend, before.fallbackTrend);
});

test('sessions: per day, hour-of-week heatmap in local time, channel split and lengths', async () => {
  const res = await get(AnalyticsApi.sessions(OWN_APP_ID), viewer);
  assert.equal(res.status, 200);
  const r = res.body.data;
  const weekday = new Date(`${yesterday}T00:00:00Z`).getUTCDay();
  assert.equal(r.heatmap[weekday][10], 4);
  assert.equal(r.heatmap.flat().reduce((a: number, b: number) => a + b, 0), 7);
  assert.deepEqual(r.byChannel, [{ channel: 'web', sessions: 3, messages: 6 }, { channel: 'telegram', sessions: 1, messages: 1 }]);
  assert.deepEqual(r.lengths, [{ bucket: '1', sessions: 2 }, { bucket: '2–3', sessions: 2 }, { bucket: '4–6', sessions: 0 }, { bucket: '7–10', sessions: 0 }, { bucket: '11+', sessions: 0 }]);
});

test('CSAT: distribution, average, comments and the worst-rated answers', async () => {
  const r = (await get(AnalyticsApi.csat(OWN_APP_ID), viewer)).body.data;
  assert.deepEqual(r.distribution.map((d: { count: number }) => d.count), [0, 1, 0, 1, 0]);
  assert.equal(r.average, 3);
  assert.deepEqual(r.comments.map((c: { comment: string; rating: number }) => [c.comment, c.rating]), [['Helpful', 4]]);
  assert.deepEqual(r.worstRated, [{ intentName: 'Fees', thumbsDown: 1, thumbsUp: 0, turns: 3 }]);
});

test('intents: top intents, confidence bins and the transcripts behind a bar', async () => {
  const r = (await get(AnalyticsApi.intents(OWN_APP_ID), viewer)).body.data;
  assert.deepEqual(r.top.map((i: { intentName: string; turns: number }) => [i.intentName, i.turns]), [['Fees', 3], ['Opening hours', 3], ['', 1]]);
  assert.equal(r.confidence[2].count, 1);
  assert.equal(r.confidence[9].count, 6);
  const drill = await get(AnalyticsApi.intentTranscripts(OWN_APP_ID), viewer, { intent: 'Fees' });
  assert.equal(drill.status, 200, JSON.stringify(drill.body));
  assert.equal(drill.body.data.total, 3);
  assert.ok(drill.body.data.items.every((i: { intentName: string }) => i.intentName === 'Fees'));
  const none = await get(AnalyticsApi.intentTranscripts(OWN_APP_ID), viewer, { intent: '' });
  assert.equal(none.body.data.total, 1);
});

test('intents: each turn of the range as a point, in time order, with the filters, from the rollups and the live tail', async () => {
  const res = await get(AnalyticsApi.intentPoints(OWN_APP_ID), viewer);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const packed = res.body.data as PackedConfidencePoints;
  // Packed: 6 bytes a point in base64, no column of JSON numbers.
  assert.deepEqual(Object.keys(packed).sort(), ['cap', 'count', 'end', 'points', 'range', 'start', 'step', 'total']);
  assert.equal(Buffer.from(packed.points, 'base64').byteLength, 7 * 6);
  const p = decodeConfidencePoints(packed);
  const range = resolveRange({}, now, ZONE);
  assert.equal(p.start, range.start.toISOString());
  assert.equal(p.end, range.end.toISOString());
  const at = (date: Date) => (date.getTime() - range.start.getTime()) / 1000;
  const threeDaysAgo = local(addDays(yesterday, -2), 23, 30);
  const ten = local(yesterday, 10);
  assert.deepEqual([...p.seconds], [0, at(threeDaysAgo), at(threeDaysAgo) + 60, at(ten), at(ten) + 60, at(ten) + 120, at(ten) + 30 * 60]);
  assert.deepEqual([...p.confidence], [0.9, 0.9, 0.9, 0.9, 0.2, 0.9, 0.9]);
  assert.deepEqual([...p.fallback], [0, 0, 0, 0, 1, 0, 0]);
  assert.deepEqual([p.total, p.step, p.cap, packed.count], [7, 1, POINT_CLOUD_CAP, 7]);

  const points = async (query?: Record<string, string>) => decodeConfidencePoints((await get(AnalyticsApi.intentPoints(OWN_APP_ID), viewer, query)).body.data as PackedConfidencePoints);
  const telegram = await points({ channel: 'telegram' });
  assert.deepEqual([...telegram.seconds], [at(ten) + 30 * 60]);
  const draft = await points({ environment: 'draft' });
  assert.equal(draft.total, 2);

  const hours = await t.server.db.db.select().from(analyticsPointHourly).where(eq(analyticsPointHourly.appId, OWN_APP_ID));
  assert.ok(hours.length >= 4, `${hours.length} packed hours`);

  // Today's hour is after the rollups' watermark: read live from the transcripts.
  const today = await points({ preset: '0' });
  const todayStart = resolveRange({ preset: 0 }, now, ZONE).start;
  assert.deepEqual([[...today.seconds], [...today.confidence], [...today.fallback]], [[Math.floor((now.getTime() - 1000 - todayStart.getTime()) / 1000)], [0.9], [0]]);
  assert.equal((await get(AnalyticsApi.intentPoints(OTHER_APP_ID), viewer)).status, 404);
});

test('bot summary: containment, busiest hours and each content version with its effect', async () => {
  const r = (await get(AnalyticsApi.botSummary(OWN_APP_ID), viewer)).body.data;
  assert.equal(r.containment, 3 / 4);
  assert.equal(r.busiestHours[0].hour, 10);
  assert.equal(r.busiestHours[0].messages, 4);
  assert.deepEqual(r.versions.map((v: { version: string; turns: number }) => [v.version, v.turns]), [['v1', 6], ['v2', 1]]);
  assert.equal(r.versions[1].fallbackChange, 0 - 1 / 6);
});

test('superbot: turns per linked app and the misroutes', async () => {
  // The superbot's linked apps, set as /dialogFlow sets them (the dialog engine's admin API).
  const configured = await call(t.http, 'PUT', '/api/v1/admin/dialog-engine/apps/demo-superbot/production', { token: admin, json: { engine: 'REDIRECTION_ENGINE', linkedAppIds: ['demo-plus', 'demo-enterprise'] } });
  assert.equal(configured.status, 200, JSON.stringify(configured.body));
  await chat('demo-superbot', local(yesterday, 8), [{ version: 'demo-enterprise:v3' }, { version: 'demo-enterprise:v3', down: true }, { version: 'demo-plus:v1', fallback: true }]);
  const r = (await get(AnalyticsApi.superbot('demo-superbot'), appAdmin)).body.data;
  assert.equal(r.isSuperbot, true);
  assert.deepEqual(r.routing, [
    { appId: 'demo-enterprise', turns: 2, fallbacks: 0, thumbsDown: 1 },
    { appId: 'demo-plus', turns: 1, fallbacks: 1, thumbsDown: 0 },
  ]);
  assert.deepEqual(r.misroutes.map((m: { routedTo: string; reason: string }) => [m.routedTo, m.reason]), [['demo-plus', 'fallback'], ['demo-enterprise', 'thumbsDown']]);
  const plain = (await get(AnalyticsApi.superbot(OWN_APP_ID), viewer)).body.data;
  assert.equal(plain.isSuperbot, false);
});

test('roles and tiers: another agency is 404; a Starter-tier app is refused unless a platform admin asks', async () => {
  assert.equal((await get(AnalyticsApi.dashboard(OTHER_APP_ID), viewer)).status, 404);
  assert.equal((await get(AnalyticsApi.dashboard('demo-starter'), appAdmin)).status, 403);
  assert.equal((await get(AnalyticsApi.dashboard('demo-starter'), admin)).status, 200);
});

test('a thumbs down given after its hour was rolled up counts once the job runs again', async () => {
  const db = t.server.db.db;
  await refreshRollups(db, OWN_APP_ID, now);
  assert.equal(openingHours.length, 3);
  await giveFeedback(db, openingHours, { thumbsUp: false, thumbsDown: true }, now);
  await refreshRollups(db, OWN_APP_ID, now);
  const r = (await get(AnalyticsApi.csat(OWN_APP_ID), viewer)).body.data;
  // Yesterday's turn (its thumbs up now down) is within the settling hours (SETTLE_HOURS) and is rebuilt; the draft's, three days old, are not.
  const opening = r.worstRated.find((w: { intentName: string }) => w.intentName === 'Opening hours');
  assert.deepEqual(opening, { intentName: 'Opening hours', thumbsDown: 1, thumbsUp: 0, turns: 3 });
});

test('users: each citizen session is one user; a member who chats twice is one', async () => {
  const member = '6f1c1e2a-0000-4000-8000-000000000001';
  await chat(OWN_APP_ID, new Date(now.getTime() - 500), [{ intent: 'Fees' }], { environment: 'draft', userId: member });
  await chat(OWN_APP_ID, new Date(now.getTime() - 400), [{ intent: 'Fees' }], { environment: 'draft', userId: member });
  const today = (await get(AnalyticsApi.dashboard(OWN_APP_ID), viewer, { preset: '0' })).body.data as DashboardReport;
  assert.deepEqual([kpi(today, 'sessions').value, kpi(today, 'users').value], [3, 2]);
  const day = today.daily[0];
  assert.deepEqual([day.sessions, day.users], [3, 2]);
});

test("the demo's 60 days of conversations (hours where nobody rated a session) answer every report", async () => {
  // Before: an hour whose sessions were all unrated summed null CSAT counts into a not-null rollup (500).
  for (const path of [AnalyticsApi.dashboard, AnalyticsApi.sessions, AnalyticsApi.csat, AnalyticsApi.intents, AnalyticsApi.botSummary]) {
    const res = await get(path(DEMO_APP), admin);
    assert.equal(res.status, 200, `${path(DEMO_APP)}: ${JSON.stringify(res.body)}`);
  }
  const report = (await get(AnalyticsApi.dashboard(DEMO_APP), admin)).body.data as DashboardReport;
  assert.ok((kpi(report, 'sessions').value ?? 0) > 0, 'the seeded sessions count');
});
