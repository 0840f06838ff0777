import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq, notLike } from 'drizzle-orm';
import { Messages } from '@civic/core/common/messages';
import { verifyAuditChain } from '@civic/core/server/audit/verify-audit-chain';
import { auditLog } from './support/tables';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let editor: string;
const SETTINGS = '/api/v1/apps/demo-plus/settings';

before(async () => {
  t = await startTestServer();
  editor = await signIn(t.http, 'editor@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

test('settings carry every §3 field; superbot and external engine are flagged', async () => {
  const plus = (await call(t.http, 'GET', SETTINGS, { token: editor })).body.data.appSettings;
  assert.deepEqual(Object.keys(plus).sort(), [
    'agency', 'appId', 'appName', 'civicChuMode', 'description', 'dialogHandler', 'hosting', 'isCivicX', 'isGenerative',
    'isPlaygroundEnabled', 'isSuperbot', 'mlConfidenceThreshold', 'nlpEngine', 'projectId', 'qnaConfidenceThreshold',
    'qnaHandler', 'restrictions', 'subscriptionTier',
  ]);
  assert.equal(plus.isSuperbot, false);
  const superbot = (await call(t.http, 'GET', '/api/v1/apps/demo-superbot/settings', { token: editor })).body.data.appSettings;
  assert.equal(superbot.isSuperbot, true);
  const external = (await call(t.http, 'GET', '/api/v1/apps/demo-external/settings', { token: editor })).body.data.appSettings;
  assert.equal(external.isCivicX, true);
  assert.match(external.qnaHandler, /^https:\/\//);
  assert.match(external.dialogHandler, /^https:\/\//);
  const starter = (await call(t.http, 'GET', '/api/v1/apps/demo-starter/settings', { token: editor })).body.data.appSettings;
  assert.deepEqual(starter.restrictions, { analytics: false, categories: false, labels: false, trainingHub: false });
});

test('PATCH persists, answers the new settings and writes one audit row', async () => {
  const patched = await call(t.http, 'PATCH', SETTINGS, { token: editor, json: { mlConfidenceThreshold: 0.8, qnaConfidenceThreshold: 0.65 } });
  assert.equal(patched.status, 200);
  assert.equal(patched.body.data.appSettings.mlConfidenceThreshold, 0.8);
  const reread = await call(t.http, 'GET', SETTINGS, { token: editor });
  assert.equal(reread.body.data.appSettings.mlConfidenceThreshold, 0.8);
  assert.equal(reread.body.data.appSettings.qnaConfidenceThreshold, 0.65);

  const [row] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'app-settings.update')).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(row.actorEmail, 'editor@demo.gov.sg');
  assert.equal(row.appId, 'demo-plus');
  assert.equal(row.target, 'demo-plus');
  assert.equal(row.summary, 'mlConfidenceThreshold automatic → 0.8, qnaConfidenceThreshold automatic → 0.65');
  assert.equal(row.ip, '127.0.0.1');
});

test('a refused or invalid PATCH changes nothing and writes no change to the audit trail (the refusal is a security event)', async () => {
  const viewer = await signIn(t.http, 'viewer@demo.gov.sg');
  const changes = async () => (await t.server.db.db.select().from(auditLog).where(notLike(auditLog.action, 'security.%'))).length;
  const before = await changes();
  const invalid = await call(t.http, 'PATCH', SETTINGS, { token: editor, json: { mlConfidenceThreshold: 1.5 } });
  assert.equal(invalid.status, 422);
  assert.deepEqual(invalid.body.info, [Messages.thresholdRange]);
  assert.equal(invalid.body.message, Messages.thresholdRange);
  const missing = await call(t.http, 'PATCH', SETTINGS, { token: editor, json: { qnaConfidenceThreshold: 0.5 } });
  assert.equal(missing.status, 422);
  assert.equal((await call(t.http, 'PATCH', SETTINGS, { token: viewer, json: { mlConfidenceThreshold: 0.1 } })).status, 403);
  assert.equal(await changes(), before);
  const [refusal] = await t.server.db.db.select().from(auditLog).where(and(eq(auditLog.action, 'security.forbidden'), eq(auditLog.actorEmail, 'viewer@demo.gov.sg'))).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(refusal?.appId, 'demo-plus', 'the 403 is audited as a security event');
  assert.equal((await call(t.http, 'GET', SETTINGS, { token: editor })).body.data.appSettings.mlConfidenceThreshold, 0.8);
});

test('the workspace shows the change as recent activity', async () => {
  const response = await call(t.http, 'GET', '/api/v1/apps/demo-plus/workspace', { token: editor });
  assert.equal(response.status, 200);
  const { app, role, members, recentActivity } = response.body.data;
  assert.equal(app.appId, 'demo-plus');
  assert.equal(role, '1');
  assert.deepEqual(members, { total: 3, admins: 1, editors: 1, viewers: 1 });
  assert.equal(recentActivity[0].action, 'app-settings.update');
  assert.equal(recentActivity[0].actor, 'editor@demo.gov.sg');
});

test('concurrent changes keep the audit chain unbroken', async () => {
  const admin = await signIn(t.http, 'appadmin@demo.gov.sg');
  const values = Array.from({ length: 12 }, (_, i) => 0.5 + i / 100);
  const responses = await Promise.all(
    values.map((value, i) => call(t.http, 'PATCH', i % 2 ? SETTINGS : '/api/v1/apps/demo-enterprise/settings', { token: i % 3 ? admin : editor, json: { mlConfidenceThreshold: value } })),
  );
  assert.deepEqual(responses.map((r) => r.status), values.map(() => 200));
  const report = await verifyAuditChain(t.server.db.db, { auditKey: t.config.keys.auditKey });
  assert.equal(report.ok, true);
  assert.ok(report.rows >= 14);
});

test('sign-in, logout and extend-session are audited too', async () => {
  const token = await signIn(t.http, 'viewer@demo.gov.sg');
  await call(t.http, 'POST', '/api/v1/auth/extend-session', { token });
  await call(t.http, 'POST', '/api/v1/auth/logout', { token });
  const rows = await t.server.db.db.select().from(auditLog).where(eq(auditLog.actorEmail, 'viewer@demo.gov.sg')).orderBy(desc(auditLog.id)).limit(3);
  assert.deepEqual(rows.map((r) => r.action), ['auth.logout', 'auth.extend-session', 'auth.login']);
  assert.deepEqual(await verifyAuditChain(t.server.db.db, { auditKey: t.config.keys.auditKey }), { ok: true, rows: (await t.server.db.db.select().from(auditLog)).length });
});
