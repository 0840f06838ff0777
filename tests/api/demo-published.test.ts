import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { DEMO_APPS } from '@civic/core/server/seed/demo-data';
import { DEMO_VERSION_NOTE } from '../../plugins/publishing/server/demo-versions';
import { jobs } from './support/tables';
import { call } from './support/api-call';
import { waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The deployment default (CIVIC_DEMO_PUBLISHED on): the demo seed publishes every demo app, and the
 * server trains their production at start, so a newcomer's first question on a sharing page is
 * answered. (startTestServer seeds them unpublished unless a test asks, as here.)
 */
const APP = 'demo-enterprise';
const CONSOLE = 'https://console.example.gov.sg';
interface EngineRow {
  appId: string;
  configs: Array<{ environment: string; engine: string }>;
  training: { production: { state: string } };
}
let t: TestServer;
let admin: string;

before(async () => {
  t = await startTestServer({ env: { CIVIC_DEMO_PUBLISHED: 'on' } });
  admin = await signIn(t.http, 'admin@demo.gov.sg');
});
after(async () => {
  await t?.close();
});

test('every demo app starts published: production is version 1, noted as demo content, and the draft equals it', async () => {
  for (const { appId } of DEMO_APPS) {
    const overview = await call(t.http, 'GET', `/api/v1/apps/${appId}/publishing`, { token: admin });
    assert.equal(overview.status, 200, JSON.stringify(overview.body));
    const data = overview.body.data;
    assert.equal(data.production?.number, 1, `${appId} production`);
    assert.equal(data.production.note, DEMO_VERSION_NOTE);
    assert.deepEqual(data.versions.map((v: { number: number }) => v.number), [1], `${appId} versions`);
    assert.equal(data.draftChanged, false, `${appId}: the draft is what was published`);
  }
  const enterprise = (await call(t.http, 'GET', `/api/v1/apps/${APP}/publishing`, { token: admin })).body.data;
  assert.ok(enterprise.production.intents > 2, 'version 1 holds the demo knowledge base, not only the default intents');
  assert.equal(enterprise.productionChangedByEmail, 'system');
});

test('production of every demo app on the built-in engine trains at start, without waiting for a question', async () => {
  const list = async () => (await call(t.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token: admin })).body.data.apps as EngineRow[];
  const demo = new Set(DEMO_APPS.map((app) => app.appId));
  const builtIn = (await list()).filter((app) => demo.has(app.appId) && app.configs.some((c) => c.environment === 'production' && c.engine === 'CIVIC_DIALOG_ENGINE')).map((app) => app.appId);
  assert.ok(builtIn.length >= 4, `demo apps on the built-in engine: ${builtIn.join(', ')}`);
  for (const appId of builtIn) {
    const rows = await t.server.db.db.select({ id: jobs.id, payload: jobs.payload }).from(jobs).where(and(eq(jobs.appId, appId), eq(jobs.kind, 'training')));
    const production = rows.filter((row) => (row.payload as { environment?: string }).environment === 'production');
    assert.equal(production.length, 1, `${appId}: one production training queued at start`);
    const job = await waitForJob(t.http, admin, appId, production[0].id, 60_000);
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
  }
  const trained = (await list()).filter((app) => builtIn.includes(app.appId)).map((app) => [app.appId, app.training.production.state]);
  assert.deepEqual(trained, builtIn.map((appId) => [appId, 'trained']));
});

test('the public chat API answers a demo question from production at once', async () => {
  const headers = { origin: CONSOLE };
  const started = await call(t.http, 'POST', `/api/v1/chat/${APP}/sessions`, { json: {}, headers });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const answered = await call(t.http, 'POST', `/api/v1/chat/${APP}/sessions/${started.body.data.sessionId}/messages`, { json: { text: 'How do I renew my passport?' }, headers });
  assert.equal(answered.status, 200, JSON.stringify(answered.body));
  assert.equal(answered.body.data.intentName, 'Renew passport');
  assert.equal(answered.body.data.fallback, false);
  assert.deepEqual(answered.body.data.messages[0], { type: 'text', text: ['You can renew your passport online with your digital identity. It takes about 10 minutes.'] });
});
