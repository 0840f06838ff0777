import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, OTHER_APP_ID, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { AnalyticsApi, type FeatureAnalyticsReport } from '../../common/api';
import { AnalyticsMessages } from '../../common/messages';

let t: TestServer;
let editor: string;
let viewer: string;
let admin: string;

before(async () => {
  t = await startTestServer({ pluginIds: ['knowledge-base', 'classification', 'entities', 'publishing', 'webchat', 'app-settings', 'dialog-engine', 'analytics'] });
  [editor, viewer, admin] = await Promise.all([t.signInAs('editor'), t.signInAs('viewer'), t.signInAs('platformAdmin')]);
});

after(async () => {
  await t?.close();
});

const post = (token: string, json: unknown) => call(t.http, 'POST', AnalyticsApi.featureUsages, { token, json });

test('§7 feature-usage events are recorded and counted per feature, day and app for platform admins', async () => {
  assert.equal((await post(editor, { appId: OWN_APP_ID, event: 'click', feature: 'intent-save', module: 'knowledge-base', intentName: 'Fees' })).status, 201);
  assert.equal((await post(editor, { appId: OWN_APP_ID, event: 'click', feature: 'intent-save', module: 'knowledge-base' })).status, 201);
  assert.equal((await post(viewer, { appId: OWN_APP_ID, event: 'click', feature: 'intent-save', module: 'knowledge-base', data: { tab: 'web' } })).status, 201);
  assert.equal((await post(viewer, { event: 'view', feature: 'dashboard' })).status, 201);

  const res = await call(t.http, 'GET', AnalyticsApi.featureAnalytics, { token: admin, searchParams: { preset: '0' } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const report = res.body.data as FeatureAnalyticsReport;
  assert.equal(report.total, 4);
  assert.deepEqual(report.features, [
    { feature: 'intent-save', module: 'knowledge-base', events: 3, users: 2, apps: 1 },
    { feature: 'dashboard', module: '', events: 1, users: 1, apps: 0 },
  ]);
  assert.deepEqual(report.apps, [{ appId: OWN_APP_ID, events: 3 }]);
  assert.equal(report.daily.length, 1);
  // The default range ends yesterday: today's events are not in it (the demo's 60 days are).
  const month = (await call(t.http, 'GET', AnalyticsApi.featureAnalytics, { token: admin })).body.data as FeatureAnalyticsReport;
  assert.ok(month.total > 0);
  assert.ok(!month.features.some((f) => f.feature === 'dashboard'));
});

test('an event about an app the caller holds no role on is 404; a bad one is 422', async () => {
  assert.equal((await post(editor, { appId: OTHER_APP_ID, event: 'click', feature: 'x' })).status, 404);
  const blank = await post(editor, { event: '', feature: 'x' });
  assert.equal(blank.status, 422);
  assert.deepEqual(blank.body.fields.event, [AnalyticsMessages.eventRequired]);
  const big = await post(editor, { event: 'click', feature: 'x', data: { text: 'x'.repeat(5000) } });
  assert.equal(big.status, 422);
  assert.equal(big.body.message, AnalyticsMessages.dataTooLarge);
  assert.equal((await post(editor, { event: 'click', feature: 'x', extra: 1 })).status, 422);
});

test('feature analytics are for platform admins only', async () => {
  assert.equal((await call(t.http, 'GET', AnalyticsApi.featureAnalytics, { token: editor })).status, 403);
});
