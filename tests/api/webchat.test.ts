import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { Messages } from '@civic/core/common/messages';
import { apps, auditLog, webchatSettings } from './support/tables';
import { WebChatMessages } from '../../plugins/webchat/common/messages';
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
  assert.equal(s.allowedOrigins, undefined, 'the sites are not a widget setting');
  // The app's allowedDomains, shown read only: the one list of sites that may use the chat.
  const [app] = await t.server.db.db.select({ allowedDomains: apps.allowedDomains }).from(apps).where(eq(apps.appId, APP));
  assert.deepEqual(res.body.data.allowedDomains, app.allowedDomains);

  const playground = await call(t.http, 'GET', SETTINGS, { token: viewer, searchParams: { isForPlayground: true } });
  assert.equal(playground.body.data.isForPlayground, true);
  assert.equal(playground.body.data.webchatSettings.appEnvironmentOverride, 'draft');
  const bad = await call(t.http, 'GET', SETTINGS, { token: viewer, searchParams: { isForPlayground: 'maybe' } });
  assert.equal(bad.status, 422);
});

test('PUT persists, bumps the version, fills gaps with defaults and writes one audit row naming the fields', async () => {
  const json = { version: 0, appName: 'Ask MOM', appColor: '#0B5394', positionRight: 12, enableCsat: false };
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
    [{ allowedOrigins: ['https://www.mom.gov.sg'] }, 'allowedOrigins', WebChatMessages.originsMoved],
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

test('the public widget settings need no sign-in, and 404 for unknown apps', async () => {
  await call(t.http, 'PUT', SETTINGS, { token: editor, json: { appName: 'Public name' } });
  const res = await call(t.http, 'GET', PUBLIC);
  assert.equal(res.status, 200);
  assert.equal(res.body.data.appId, APP);
  assert.equal(res.body.data.webchatSettings.appName, 'Public name');
  assert.equal(res.body.data.webchatSettings.positionBottom, 40);
  const missing = await call(t.http, 'GET', '/api/v1/webchat/no-such-app/widget-settings');
  assert.equal(missing.status, 404);
});

test("the public widget settings are cacheable and readable cross-origin only by the app's allowed domains, like the chat API", async () => {
  await t.server.db.db.update(apps).set({ allowedDomains: ['agency.gov.sg', 'http://127.0.0.1:5555'] }).where(eq(apps.appId, APP));
  const allowed = await call(t.http, 'GET', PUBLIC, { headers: { origin: 'https://www.agency.gov.sg' } });
  assert.equal(allowed.status, 200);
  assert.equal(allowed.headers['access-control-allow-origin'], 'https://www.agency.gov.sg');
  assert.match(String(allowed.headers['cache-control']), /public, max-age=60/);
  assert.match(String(allowed.headers.vary), /Origin/i);
  const refused = await call(t.http, 'GET', PUBLIC, { headers: { origin: 'https://evil.example' } });
  assert.equal(refused.status, 403);
  assert.match(refused.body.message, /not allowed to embed/);
  // The same list and the same answer as the chat API: a loopback origin entry, another port refused.
  for (const [origin, status] of [['http://127.0.0.1:5555', [200, 201]], ['http://127.0.0.1:5556', [403, 403]]] as const) {
    assert.equal((await call(t.http, 'GET', PUBLIC, { headers: { origin } })).status, status[0], origin);
    assert.equal((await call(t.http, 'POST', `/api/v1/chat/${APP}/sessions`, { json: { environment: 'draft' }, token: editor, headers: { origin } })).status, status[1], origin);
  }
  // The session API stays uncacheable.
  const own = await call(t.http, 'GET', SETTINGS, { token: viewer });
  assert.equal(own.headers['cache-control'], 'no-store');
  assert.equal(own.headers['access-control-allow-origin'], undefined);
});

test("the Web Chat tab lists the sites recently refused the widget, most recent first, with their attempts", async () => {
  const refusedList = `/api/v1/apps/${APP}/webchat-refused-origins`;
  await call(t.http, 'GET', PUBLIC, { headers: { origin: 'https://evil.example' } });
  t.clock.advance(60_000);
  assert.equal((await call(t.http, 'GET', PUBLIC, { headers: { origin: 'https://copycat.example' } })).status, 403);
  const listed = await call(t.http, 'GET', refusedList, { token: viewer });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  const origins = listed.body.data.origins as { origin: string; attempts: number }[];
  assert.equal(origins[0].origin, 'https://copycat.example');
  assert.equal(origins.find((o) => o.origin === 'https://evil.example')?.attempts, 2, 'the earlier test was refused once too');
  assert.ok(!origins.some((o) => o.origin === 'https://www.agency.gov.sg'), 'allowed sites are not listed');
  assert.equal((await call(t.http, 'GET', `/api/v1/apps/demo-enterprise/webchat-refused-origins`, { token: viewer })).body.data?.origins?.length ?? 0, 0);
});

test('a same-origin read of the cached public settings still varies by Origin (the browser cache must not reuse it cross-origin)', async () => {
  const res = await call(t.http, 'GET', PUBLIC);
  assert.equal(res.status, 200);
  assert.match(String(res.headers.vary), /Origin/i);
});

test("platform admins set the sites in the app's allowedDomains (domains or exact site origins); the Web Chat tab reads them", async () => {
  const admin = await signIn(t.http, 'admin@demo.gov.sg');
  const patch = (allowedDomains: string[]) => call(t.http, 'PATCH', `/api/v1/admin/apps/${APP}`, { token: admin, json: { allowedDomains } });
  for (const bad of ['https://www.agency.gov.sg/path', 'http://www.agency.gov.sg', 'ftp://agency.gov.sg', 'not a domain']) {
    const refused = await patch([bad]);
    assert.equal(refused.status, 422, bad);
    assert.match(refused.body.message, /domain name such as gov\.sg, or a site such as https:\/\/www\.agency\.gov\.sg/);
  }
  const ok = await patch(['gov.sg', 'https://www.partner.com.sg', 'http://127.0.0.1:5777']);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  const settings = await call(t.http, 'GET', SETTINGS, { token: viewer });
  assert.deepEqual(settings.body.data.allowedDomains, ['gov.sg', 'https://www.partner.com.sg', 'http://127.0.0.1:5777']);
  assert.equal((await call(t.http, 'GET', PUBLIC, { headers: { origin: 'https://www.partner.com.sg' } })).status, 200);
  assert.equal((await call(t.http, 'GET', PUBLIC, { headers: { origin: 'https://shop.partner.com.sg' } })).status, 403);
  assert.equal((await call(t.http, 'GET', PUBLIC, { headers: { origin: 'http://127.0.0.1:5777' } })).status, 200);
});
