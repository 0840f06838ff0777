import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DECOMMISSIONED_APP_ID, OTHER_APP_ID, OUTSIDER_EMAIL } from './support/fixtures';
import { call, type ApiResponse } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let admin: string;

before(async () => {
  t = await startTestServer();
  admin = await signIn(t.http, 'admin@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

const ids = (body: ApiResponse['body']): string[] => body.data.apps.map((app: { appId: string }) => app.appId);

test('my apps: the apps I hold a role on, by tier then appId, decommissioned left out', async () => {
  const appAdmin = await signIn(t.http, 'appadmin@demo.gov.sg');
  const response = await call(t.http, 'GET', '/api/v1/apps', { token: appAdmin });
  assert.equal(response.status, 200);
  assert.deepEqual(ids(response.body), ['demo-enterprise', 'demo-superbot', 'demo-external', 'demo-plus', 'demo-starter', 'demo-internal']);
  const viewer = await signIn(t.http, 'viewer@demo.gov.sg');
  assert.deepEqual(ids((await call(t.http, 'GET', '/api/v1/apps', { token: viewer })).body), ['demo-enterprise', 'demo-plus', 'demo-starter']);
  const outsider = await signIn(t.http, OUTSIDER_EMAIL);
  assert.deepEqual(ids((await call(t.http, 'GET', '/api/v1/apps', { token: outsider })).body), [OTHER_APP_ID]);
});

test('app summaries carry the §7 fields', async () => {
  const response = await call(t.http, 'GET', '/api/v1/admin/apps', { token: admin, searchParams: { search: 'demo-external' } });
  assert.deepEqual(response.body.data.apps, [
    {
      appId: 'demo-external',
      appName: 'Demo External Engine Bot',
      agency: { name: 'Demo Agency' },
      nlpEngine: { service: 'CIVIC_X' },
      projectId: 'civic-demo-external',
      isPlaygroundEnabled: false,
      subscriptionTier: 'Plus',
      civicChuMode: null,
      isDecommissioned: false,
    },
  ]);
  assert.equal(response.body.data.total, 1);
});

test('admin apps: all apps, paged, sorted by tier then appId', async () => {
  const all = await call(t.http, 'GET', '/api/v1/admin/apps', { token: admin, searchParams: { page_size: 100 } });
  assert.equal(all.body.data.total, 7);
  assert.deepEqual(ids(all.body), ['demo-enterprise', 'demo-superbot', 'demo-external', 'demo-plus', OTHER_APP_ID, 'demo-starter', 'demo-internal']);
  const page1 = await call(t.http, 'GET', '/api/v1/admin/apps', { token: admin, searchParams: { page_num: 1, page_size: 3 } });
  assert.deepEqual(ids(page1.body), ['demo-plus', OTHER_APP_ID, 'demo-starter']);
  assert.equal(page1.body.data.total, 7);
  const beyond = await call(t.http, 'GET', '/api/v1/admin/apps', { token: admin, searchParams: { page_num: 9, page_size: 3 } });
  assert.deepEqual(beyond.body.data, { apps: [], total: 7 });
});

test('admin apps: search over appId, appName and agency name, case-insensitive, wildcards literal', async () => {
  const search = async (text: string) => ids((await call(t.http, 'GET', '/api/v1/admin/apps', { token: admin, searchParams: { search: text } })).body);
  assert.deepEqual(await search('SUPERBOT'), ['demo-superbot']);
  assert.deepEqual(await search('other agency'), [OTHER_APP_ID]);
  assert.deepEqual(await search('Starter Bot'), ['demo-starter']);
  assert.deepEqual(await search('%'), []);
  assert.deepEqual(await search('_'), []);
});

test('admin apps: decommissioned apps only on request', async () => {
  const without = await call(t.http, 'GET', '/api/v1/admin/apps', { token: admin, searchParams: { search: 'retired' } });
  assert.deepEqual(without.body.data, { apps: [], total: 0 });
  const withThem = await call(t.http, 'GET', '/api/v1/admin/apps', { token: admin, searchParams: { search: 'retired', include_decommissioned: true } });
  assert.deepEqual(ids(withThem.body), [DECOMMISSIONED_APP_ID]);
  assert.equal(withThem.body.data.apps[0].isDecommissioned, true);
});

test('admin apps: bad query parameters are a 422 naming them', async () => {
  const response = await call(t.http, 'GET', '/api/v1/admin/apps', { token: admin, searchParams: { page_size: 0, page_num: 'x', sort: 'name' } });
  assert.equal(response.status, 422);
  assert.ok(response.body.info.includes('page_size must be from 1 to 500'));
  assert.ok(response.body.info.includes('page_num must be a whole number'));
  assert.ok(response.body.info.includes('sort is not an accepted field'));
  assert.equal(response.body.message, response.body.info[0]);
});

test('tier limits: the four tiers in order, Starter restricting everything', async () => {
  const token = await signIn(t.http, 'viewer@demo.gov.sg');
  const response = await call(t.http, 'GET', '/api/v1/subscription-tier-limit', { token });
  assert.deepEqual(response.body.data.map((limit: { tier: string }) => limit.tier), ['Enterprise', 'Plus', 'Starter', 'Internal']);
  assert.deepEqual(response.body.data[2].restrictions, { analytics: false, categories: false, labels: false, trainingHub: false });
  assert.equal(response.body.data[0].restrictions.analytics, true);
});

test('feature flags: Unleash frontend shape, enabled toggles only, not wrapped', async () => {
  const response = await call(t.http, 'GET', '/api/v1/feature-flags/frontend');
  assert.deepEqual(response.body, {
    toggles: [{ name: 'helpdesk', enabled: true, variant: { name: 'disabled', enabled: false }, impressionData: false }],
  });
});

test('console config: the deployment profile as the browser needs it', async () => {
  const response = await call(t.http, 'GET', '/api/v1/console-config');
  assert.equal(response.status, 200);
  assert.equal(response.body.data.version, '1.41.3');
  assert.equal(response.body.data.profile, 'default');
  assert.deepEqual(response.body.data.plugins, ['workspace', 'app-settings', 'users', 'publishing']);
  // The test harness switches two-factor and captcha off unless a test is about them.
  assert.deepEqual(response.body.data.switches, { twoFactor: false, captcha: false, history: false, fileResponses: false });
  // §4 inactivity timings and the lock time, from the profile (defaults 25, 5 and 30 minutes).
  assert.equal(response.body.data.inactivityPromptMinutes, 25);
  assert.equal(response.body.data.autoLogoffMinutes, 5);
  assert.equal(response.body.data.lockMinutes, 30);
});

test('console config: the inactivity timings and lock time follow the profile', async () => {
  const { identity, lockout } = t.config.profile;
  const saved = { prompt: identity.inactivityPromptMinutes, logoff: identity.autoLogoffMinutes, lock: lockout.lockMinutes };
  Object.assign(identity, { inactivityPromptMinutes: 12, autoLogoffMinutes: 3 });
  lockout.lockMinutes = 45;
  try {
    const { data } = (await call(t.http, 'GET', '/api/v1/console-config')).body;
    assert.deepEqual([data.inactivityPromptMinutes, data.autoLogoffMinutes, data.lockMinutes], [12, 3, 45]);
  } finally {
    Object.assign(identity, { inactivityPromptMinutes: saved.prompt, autoLogoffMinutes: saved.logoff });
    lockout.lockMinutes = saved.lock;
  }
});
