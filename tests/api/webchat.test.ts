import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { Messages } from '@civic/core/common/messages';
import { auditLog, webchatSettings } from '@civic/core/server/db/schema';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let editor: string;
let viewer: string;
const APP = 'demo-plus';
const SETTINGS = `/api/v1/apps/${APP}/webchat-settings`;
const PUBLIC = `/api/v1/webchat/${APP}/widget-settings`;

before(async () => {
  t = await startTestServer();
  editor = await signIn(t.http, 'editor@demo.gov.sg');
  viewer = await signIn(t.http, 'viewer@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

test('an app never saved reads as the §9 defaults, titled with the app name', async () => {
  const res = await call(t.http, 'GET', SETTINGS, { token: viewer });
  assert.equal(res.status, 200);
  const { webchatSettings: s, version, isForPlayground } = res.body.data;
  assert.equal(version, 0);
  assert.equal(isForPlayground, false);
  assert.equal(s.appColor, '#67BFE2');
  assert.equal(s.appBaseFontSize, 16);
  assert.equal(s.appOrchestratorTimeout, 30000);
  assert.equal(s.appQuickLaunchEvent, 'welcome');
  assert.equal(s.appAlternateCopyVault, 'NA');
  assert.equal(s.appLauncherAnimationIteration, 0);
  assert.equal(s.positionRight, 60);
  assert.equal(s.positionBottom, 40);
  assert.equal(s.appForegroundColor1, '#FFFFFF');
  assert.ok(s.appName.length > 0, 'the app name fills an empty title');
  assert.deepEqual(s.allowedOrigins, []);

  const playground = await call(t.http, 'GET', SETTINGS, { token: viewer, searchParams: { isForPlayground: true } });
  assert.equal(playground.body.data.isForPlayground, true);
  assert.equal(playground.body.data.webchatSettings.appEnvironmentOverride, 'draft');
  const bad = await call(t.http, 'GET', SETTINGS, { token: viewer, searchParams: { isForPlayground: 'maybe' } });
  assert.equal(bad.status, 422);
});

test('PUT persists, bumps the version, fills gaps with defaults and writes one audit row naming the fields', async () => {
  const json = { version: 0, appName: 'Ask MOM', appColor: '#0B5394', positionRight: 12, allowedOrigins: ['https://www.mom.gov.sg', 'http://127.0.0.1:5555'], enableCsat: false };
  const res = await call(t.http, 'PUT', SETTINGS, { token: editor, json });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.data.version, 1);
  const reread = (await call(t.http, 'GET', SETTINGS, { token: viewer })).body.data;
  assert.equal(reread.version, 1);
  assert.equal(reread.webchatSettings.appName, 'Ask MOM');
  assert.equal(reread.webchatSettings.appColor, '#0B5394');
  assert.equal(reread.webchatSettings.positionRight, 12);
  assert.equal(reread.webchatSettings.positionBottom, 40);
  assert.equal(reread.webchatSettings.enableCsat, false);
  assert.deepEqual(reread.webchatSettings.allowedOrigins, ['https://www.mom.gov.sg', 'http://127.0.0.1:5555']);

  const [row] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'webchat.settings-update')).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(row.actorEmail, 'editor@demo.gov.sg');
  assert.equal(row.appId, APP);
  assert.match(row.summary, /appName/);
  assert.match(row.summary, /appColor/);
  assert.doesNotMatch(row.summary, /appBaseFontSize/);
});

test('a stale version is a 409 and changes nothing', async () => {
  const before = (await call(t.http, 'GET', SETTINGS, { token: viewer })).body.data;
  const res = await call(t.http, 'PUT', SETTINGS, { token: editor, json: { version: before.version - 1, appColor: '#000000' } });
  assert.equal(res.status, 409);
  const after = (await call(t.http, 'GET', SETTINGS, { token: viewer })).body.data;
  assert.deepEqual(after, before);
});

test('invalid values are 422 with field messages; nothing is written', async () => {
  const rowsBefore = await t.server.db.db.select().from(webchatSettings).where(eq(webchatSettings.appId, APP));
  const cases: Array<[Record<string, unknown>, string, RegExp | string]> = [
    [{ appColor: 'blue' }, 'appColor', /#RRGGBB/],
    [{ appIcon: 'http://insecure.example/logo.png' }, 'appIcon', Messages.invalidHttpsUrl],
    [{ positionRight: 900 }, 'positionRight', /0 to 400/],
    [{ appBaseFontSize: 16.5 }, 'appBaseFontSize', /whole number/],
    [{ allowedOrigins: ['https://ok.gov.sg/path'] }, 'allowedOrigins', /allowed origin/],
    [{ allowedOrigins: ['http://evil.example'] }, 'allowedOrigins', /allowed origin/],
    [{ appEnvironmentOverride: 'staging' }, 'appEnvironmentOverride', /draft or production/],
    [{ appFontFamily: 'x;}body{display:none' }, 'appFontFamily', /Font family/],
    [{ appWelcomeMessage: 'x'.repeat(501) }, 'appWelcomeMessage', /500/],
  ];
  for (const [json, field, message] of cases) {
    const res = await call(t.http, 'PUT', SETTINGS, { token: editor, json });
    assert.equal(res.status, 422, `${field}: ${JSON.stringify(res.body)}`);
    const fieldMessage = res.body.fields?.[field]?.[0] ?? '';
    if (typeof message === 'string') assert.equal(fieldMessage, message);
    else assert.match(fieldMessage, message, field);
  }
  const unknown = await call(t.http, 'PUT', SETTINGS, { token: editor, json: { notASetting: 1 } });
  assert.equal(unknown.status, 422);
  const rowsAfter = await t.server.db.db.select().from(webchatSettings).where(eq(webchatSettings.appId, APP));
  assert.deepEqual(rowsAfter, rowsBefore);
});

test('a colour pair below 4.5:1 is refused with a message naming the pair', async () => {
  const res = await call(t.http, 'PUT', SETTINGS, { token: editor, json: { appForegroundColor1: '#FFFFFF', appBackgroundColor2: '#CCCCCC' } });
  assert.equal(res.status, 422);
  assert.match(res.body.message, /Foreground colour 1 on background colour 2/);
  assert.match(res.body.message, /below 4\.5:1/);
  assert.ok(res.body.fields.appForegroundColor1[0].includes('contrast'));
  const ok = await call(t.http, 'PUT', SETTINGS, { token: editor, json: { appForegroundColor1: '#FFFFFF', appBackgroundColor2: '#333333' } });
  assert.equal(ok.status, 200);
});

test('viewers cannot save', async () => {
  const res = await call(t.http, 'PUT', SETTINGS, { token: viewer, json: { appColor: '#000000' } });
  assert.equal(res.status, 403);
});

test('the public widget settings need no sign-in, leave out the origin list, and 404 for unknown apps', async () => {
  await call(t.http, 'PUT', SETTINGS, { token: editor, json: { appName: 'Public name', allowedOrigins: ['https://a.gov.sg'] } });
  const res = await call(t.http, 'GET', PUBLIC);
  assert.equal(res.status, 200);
  assert.equal(res.body.data.appId, APP);
  assert.equal(res.body.data.webchatSettings.appName, 'Public name');
  assert.equal(res.body.data.webchatSettings.allowedOrigins, undefined);
  assert.equal(res.body.data.webchatSettings.positionBottom, 40);
  const missing = await call(t.http, 'GET', '/api/v1/webchat/no-such-app/widget-settings');
  assert.equal(missing.status, 404);
});

test('the public widget settings are cacheable and readable cross-origin only by allowed origins', async () => {
  await call(t.http, 'PUT', SETTINGS, { token: editor, json: { allowedOrigins: ['https://www.agency.gov.sg'] } });
  const allowed = await call(t.http, 'GET', PUBLIC, { headers: { origin: 'https://www.agency.gov.sg' } });
  assert.equal(allowed.status, 200);
  assert.equal(allowed.headers['access-control-allow-origin'], 'https://www.agency.gov.sg');
  assert.match(String(allowed.headers['cache-control']), /public, max-age=60/);
  assert.match(String(allowed.headers.vary), /Origin/i);
  const refused = await call(t.http, 'GET', PUBLIC, { headers: { origin: 'https://evil.example' } });
  assert.equal(refused.status, 403);
  assert.match(refused.body.message, /not allowed to embed/);
  // The session API stays uncacheable.
  const own = await call(t.http, 'GET', SETTINGS, { token: viewer });
  assert.equal(own.headers['cache-control'], 'no-store');
  assert.equal(own.headers['access-control-allow-origin'], undefined);
});

test('a same-origin read of the cached public settings still varies by Origin (the browser cache must not reuse it cross-origin)', async () => {
  const res = await call(t.http, 'GET', PUBLIC);
  assert.equal(res.status, 200);
  assert.match(String(res.headers.vary), /Origin/i);
});
