import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { anyone } from '@civic/core/common/access';
import { Messages } from '@civic/core/common/messages';
import { appMembers, apps, auditLog, users } from './support/tables';
import { defineServerModule, OutboundMessages } from '@civic/sdk/server';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let admin: string;
const createdHook: string[] = [];

before(async () => {
  t = await startTestServer({
    // The local webhooks below listen on loopback, which outbound calls reach only when allowed.
    env: { CIVIC_OUTBOUND_ALLOW: '127.0.0.1' },
    extraPlugins: [
      {
        manifest: { id: 'hook-probe', canAccess: anyone, server: true },
        module: defineServerModule({
          pluginId: 'hook-probe',
          register(api) {
            api.apps.onCreated(async (tx, appId) => {
              // Runs in the creating transaction: the app row is already visible here.
              const [row] = await tx.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, appId));
              createdHook.push(row.appId);
              if (appId === 'hook-fails') throw new Error('plugin default failed');
            });
          },
        }),
      },
    ],
  });
  admin = await signIn(t.http, 'admin@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const api = (method: Method, path: string, json?: unknown, token = admin) => call(t.http, method, path, { token, json });

test('agencies: create, duplicate, invalid name, rename, list with apps and users', async () => {
  const created = await api('POST', '/api/v1/admin/agencies', { name: 'Ministry of Examples' });
  assert.equal(created.status, 201);
  assert.equal((await api('POST', '/api/v1/admin/agencies', { name: 'Ministry of Examples' })).status, 409);
  for (const name of ['', ' Leading space', '1 Starts with digit', 'Bad<script>', 'x']) {
    const invalid = await api('POST', '/api/v1/admin/agencies', { name });
    assert.equal(invalid.status, 422, name);
    assert.equal(invalid.body.message, Messages.invalidAgencyName);
  }
  const renamed = await api('PATCH', `/api/v1/admin/agencies/${created.body.data.id}`, { name: 'Ministry of Samples' });
  assert.equal(renamed.status, 200);
  assert.equal((await api('PATCH', `/api/v1/admin/agencies/${created.body.data.id}`, { name: 'Demo Agency' })).status, 409);
  assert.equal((await api('PATCH', '/api/v1/admin/agencies/not-a-uuid', { name: 'Whatever Name' })).status, 404);

  const list = await api('GET', '/api/v1/admin/agencies');
  const names = list.body.data.agencies.map((a: { name: string }) => a.name);
  assert.ok(names.includes('Ministry of Samples') && !names.includes('Ministry of Examples'));
  const demo = list.body.data.agencies.find((a: { name: string }) => a.name === 'Demo Agency');
  assert.ok(demo.apps.some((a: { appId: string }) => a.appId === 'demo-enterprise'));
  assert.ok(demo.users.some((u: { email: string }) => u.email === 'editor@demo.gov.sg'));
});

test('agency names are unique regardless of case; an unused agency can be deleted, a used one merged', async () => {
  const first = await api('POST', '/api/v1/admin/agencies', { name: 'Ministry of Trade' });
  assert.equal(first.status, 201);
  const clash = await api('POST', '/api/v1/admin/agencies', { name: 'MINISTRY OF TRADE' });
  assert.equal(clash.status, 409);
  assert.match(clash.body.message, /Ministry of Trade/);
  const demoClash = await api('POST', '/api/v1/admin/agencies', { name: 'demo agency' });
  assert.equal(demoClash.status, 409);
  // A change of case of the agency's own name is a rename, not a clash.
  assert.equal((await api('PATCH', `/api/v1/admin/agencies/${first.body.data.id}`, { name: 'Ministry Of Trade' })).status, 200);

  // Unused: deleted, and audited.
  const spare = await api('POST', '/api/v1/admin/agencies', { name: 'Spare Agency' });
  assert.equal((await api('DELETE', `/api/v1/admin/agencies/${spare.body.data.id}`)).status, 200);
  assert.equal((await api('DELETE', `/api/v1/admin/agencies/${spare.body.data.id}`)).status, 404);
  const [deleted] = await t.server.db.db.select().from(auditLog).where(and(eq(auditLog.action, 'platform-admin.agency-delete'), eq(auditLog.target, 'Spare Agency')));
  assert.ok(deleted);

  // In use: refused with what uses it; merged instead, which moves the apps and people.
  const list = async () => (await api('GET', '/api/v1/admin/agencies')).body.data.agencies as Array<{ id: string; name: string; apps: Array<{ appId: string }>; users: Array<{ email: string }> }>;
  const demo = (await list()).find((a) => a.name === 'Demo Agency')!;
  const inUse = await api('DELETE', `/api/v1/admin/agencies/${demo.id}`);
  assert.equal(inUse.status, 409);
  assert.match(inUse.body.message, /^Demo Agency still has \d+ apps and \d+ users: merge it into another agency instead\.$/);
  assert.equal((await api('POST', `/api/v1/admin/agencies/${demo.id}/merge`, { intoAgencyId: demo.id })).status, 422);
  assert.equal((await api('POST', `/api/v1/admin/agencies/${demo.id}/merge`, { intoAgencyId: 'nope' })).status, 422);
  assert.equal((await api('POST', `/api/v1/admin/agencies/${demo.id}/merge`, {})).status, 422);
  const merged = await api('POST', `/api/v1/admin/agencies/${demo.id}/merge`, { intoAgencyId: first.body.data.id });
  assert.equal(merged.status, 200, JSON.stringify(merged.body));
  assert.equal(merged.body.data.apps, demo.apps.length);
  assert.equal(merged.body.data.users, demo.users.length);
  const after = await list();
  assert.ok(!after.some((a) => a.id === demo.id));
  const trade = after.find((a) => a.id === first.body.data.id)!;
  assert.deepEqual(trade.apps.map((a) => a.appId).sort(), demo.apps.map((a) => a.appId).sort());
  assert.ok(trade.users.some((u) => u.email === 'editor@demo.gov.sg'));
  const [audit] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'platform-admin.agency-merge'));
  assert.deepEqual(audit.details, { before: { agency: 'Demo Agency' }, after: { agency: 'Ministry Of Trade', apps: demo.apps.length, users: demo.users.length } });
  // Put things back for the tests after this one, which expect the demo agency.
  assert.equal((await api('PATCH', `/api/v1/admin/agencies/${first.body.data.id}`, { name: 'Demo Agency' })).status, 200);
});

test('GET /api/v1/admin/apps (core) answers §7: search, paging, include_decommissioned → data.apps', async () => {
  const page = await api('GET', '/api/v1/admin/apps?search=demo&page_num=0&page_size=2');
  assert.equal(page.status, 200);
  assert.equal(page.body.data.apps.length, 2);
  assert.deepEqual(
    Object.keys(page.body.data.apps[0]).sort(),
    ['agency', 'appId', 'appName', 'civicChuMode', 'isDecommissioned', 'isPlaygroundEnabled', 'nlpEngine', 'projectId', 'subscriptionTier'].sort(),
  );
  const without = await api('GET', '/api/v1/admin/apps?page_size=100');
  const withRetired = await api('GET', '/api/v1/admin/apps?page_size=100&include_decommissioned=true');
  assert.ok(!without.body.data.apps.some((a: { appId: string }) => a.appId === 'test-retired'));
  assert.ok(withRetired.body.data.apps.some((a: { appId: string }) => a.appId === 'test-retired'));
});

test('chat app management: table filter AND/OR, date range, sort, paging of 150, include_decommissioned', async () => {
  const mgmt = (json: unknown) => api('POST', '/api/v1/admin/chatapp-mgmt', json);
  const all = await mgmt({});
  assert.equal(all.status, 200);
  assert.equal(all.body.data.page_size, 150);
  assert.ok(!all.body.data.apps.some((a: { appId: string }) => a.appId === 'test-retired'));
  const enterprise = all.body.data.apps.find((a: { appId: string }) => a.appId === 'demo-enterprise');
  assert.equal(enterprise.agency.name, 'Demo Agency');
  assert.equal(enterprise.memberCount, 3);

  const and_ = await mgmt({ filters: { link: 'AND', items: [{ field: 'appId', operator: 'startsWith', value: 'demo-' }, { field: 'subscriptionTier', operator: 'equals', value: 'plus' }] } });
  assert.deepEqual(and_.body.data.apps.map((a: { appId: string }) => a.appId), ['demo-external', 'demo-plus']);
  const or_ = await mgmt({ filters: { link: 'OR', items: [{ field: 'appId', operator: 'equals', value: 'demo-plus' }, { field: 'agencyName', operator: 'contains', value: 'other' }] }, sortBy: 'appId', sortOrder: 'desc' });
  assert.deepEqual(or_.body.data.apps.map((a: { appId: string }) => a.appId), ['test-other', 'demo-plus']);
  assert.equal(or_.body.data.total, 2);

  const paged = await mgmt({ page_size: 2, page_num: 1, sortBy: 'appId' });
  assert.deepEqual(paged.body.data.apps.map((a: { appId: string }) => a.appId), all.body.data.apps.map((a: { appId: string }) => a.appId).sort().slice(2, 4));
  const retired = await mgmt({ include_decommissioned: true, filters: { link: 'AND', items: [{ field: 'decommissionAt', operator: 'isNotEmpty' }] } });
  assert.deepEqual(retired.body.data.apps.map((a: { appId: string }) => a.appId), ['test-retired']);

  const today = t.clock.now().toISOString().slice(0, 10);
  const inRange = await mgmt({ dateRange: { field: 'createdAt', startDate: today, endDate: today } });
  assert.ok(inRange.body.data.total >= 6);
  const outOfRange = await mgmt({ dateRange: { field: 'createdAt', startDate: '2001-01-01', endDate: '2001-12-31' } });
  assert.equal(outOfRange.body.data.total, 0);

  for (const bad of [
    { filters: { link: 'XOR', items: [] } },
    { filters: { link: 'AND', items: [{ field: 'password', operator: 'equals', value: 'x' }] } },
    { filters: { link: 'AND', items: [{ field: 'appId', operator: 'after', value: '2020-01-01' }] } },
    { filters: { link: 'AND', items: [{ field: 'createdAt', operator: 'after', value: 'yesterday' }] } },
    { filters: { link: 'AND', items: [{ field: 'appName', operator: 'contains' }] } },
    { sortBy: 'app_id; drop table apps' },
    { page_size: 501 },
  ]) {
    const refused = await mgmt(bad);
    assert.equal(refused.status, 422, JSON.stringify(bad));
    assert.equal(typeof refused.body.message, 'string');
  }
  // Wildcards are literal.
  assert.equal((await mgmt({ filters: { link: 'AND', items: [{ field: 'appName', operator: 'contains', value: '%' }] } })).body.data.total, 0);
});

test('create an app: defaults, the creator as admin, onCreated hooks in the same transaction', async () => {
  const created = await api('POST', '/api/v1/admin/apps', { appId: 'new-bot', appName: 'New Bot', agencyName: 'Demo Agency', subscriptionTier: 'Plus' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.data.nlpEngine.service, 'CIVIC_DIALOG_ENGINE');
  // No site may embed the chat until the admin names it (issue 15): not every government domain.
  assert.deepEqual(created.body.data.allowedDomains, []);
  assert.ok(createdHook.includes('new-bot'));
  const [adminRow] = await t.server.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.gov.sg'));
  const [member] = await t.server.db.db.select().from(appMembers).where(and(eq(appMembers.appId, 'new-bot'), eq(appMembers.userId, adminRow.id)));
  assert.equal(member.role, '2');

  assert.equal((await api('POST', '/api/v1/admin/apps', { appId: 'new-bot', appName: 'Again', agencyName: 'Demo Agency', subscriptionTier: 'Plus' })).status, 409);
  const noAgency = await api('POST', '/api/v1/admin/apps', { appId: 'bot-two', appName: 'Two', agencyName: 'Nobody Agency', subscriptionTier: 'Plus' });
  assert.equal(noAgency.status, 422);
  assert.equal(noAgency.body.message, Messages.invalidAgencyName);
  const external = await api('POST', '/api/v1/admin/apps', { appId: 'bot-three', appName: 'Three', agencyName: 'Demo Agency', subscriptionTier: 'Plus', nlpEngine: { service: 'CIVIC_X', qnaHandler: 'https://engine.example.gov.sg/qna' } });
  assert.equal(external.status, 422);
  assert.equal(external.body.message, Messages.externalEngineHandlers);

  // A failing plugin hook rolls the whole creation back.
  const failed = await api('POST', '/api/v1/admin/apps', { appId: 'hook-fails', appName: 'Fails', agencyName: 'Demo Agency', subscriptionTier: 'Plus' });
  assert.equal(failed.status, 500);
  assert.equal((await t.server.db.db.select().from(apps).where(eq(apps.appId, 'hook-fails'))).length, 0);
});

test('an app patch is audited with only the fields it changed, before and after', async () => {
  const before = (await api('GET', '/api/v1/admin/apps/demo-internal')).body.data;
  assert.equal((await api('PATCH', '/api/v1/admin/apps/demo-internal', { appName: 'Renamed Internal Bot', projectId: before.projectId })).status, 200);
  const [row] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'platform-admin.app-patch')).orderBy(desc(auditLog.id)).limit(1);
  assert.deepEqual(row.details, { before: { appName: before.appName }, after: { appName: 'Renamed Internal Bot' } });
  assert.equal((await api('PATCH', '/api/v1/admin/apps/demo-internal', { appName: before.appName })).status, 200);
});

test('patch an app: every §3 field, read back', async () => {
  const patch = {
    projectId: 'proj-42',
    agencyName: 'Other Agency',
    nlpEngine: { service: 'CIVIC_X', qnaHandler: 'https://engine.example.gov.sg/q', dialogHandler: 'https://engine.example.gov.sg/d' },
    systemClassification: 'RESTRICTED',
    hosting: 'GCC+',
    description: 'Patched',
    isPrivate: true,
    isGenerative: true,
    isPlaygroundEnabled: true,
    skipBackupResponse: true,
    liveChatService: 'LIVECHAT_A',
    authenticationService: 'SINGPASS',
    goLiveAt: '2027-01-15T00:00:00.000Z',
    appName: 'Renamed Bot',
    civicChuMode: 'PLAYGROUND',
    allowedDomains: ['gov.sg', 'Example.edu.sg'],
    subscriptionTier: 'Enterprise',
  };
  const patched = await api('PATCH', '/api/v1/admin/apps/new-bot', patch);
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  const read = await api('GET', '/api/v1/admin/apps/new-bot');
  const { agencyName, allowedDomains: _domains, ...rest } = patch;
  assert.equal(read.body.data.agencyName, agencyName);
  assert.deepEqual(read.body.data.allowedDomains, ['gov.sg', 'example.edu.sg']);
  for (const [key, value] of Object.entries(rest)) assert.deepEqual(read.body.data[key], value, key);

  // The app's own restriction flags (§6) reach its settings as seen by access checks.
  const starter = await api('PATCH', '/api/v1/admin/apps/demo-starter', { restrictions: { labels: true } });
  assert.deepEqual(starter.body.data.restrictions, { analytics: false, categories: false, labels: true, trainingHub: false });
  const settings = await api('GET', '/api/v1/apps/demo-starter/settings');
  assert.equal(settings.body.data.appSettings.restrictions.labels, true);
  assert.equal(settings.body.data.appSettings.restrictions.categories, false);
  await api('PATCH', '/api/v1/admin/apps/demo-starter', { restrictions: { labels: false } });
  const bad = await api('PATCH', '/api/v1/admin/apps/new-bot', { nlpEngine: { service: 'CIVIC_X', qnaHandler: 'http://insecure.example/q', dialogHandler: 'https://x.example/d' } });
  assert.equal(bad.status, 422);
  assert.equal(bad.body.message, Messages.invalidHttpsUrl);
  assert.equal((await api('PATCH', '/api/v1/admin/apps/new-bot', { allowedDomains: ['not a domain'] })).status, 422);
  assert.equal((await api('PATCH', '/api/v1/admin/apps/new-bot', { isPrivate: 'yes' })).status, 422);
});

test('§5 unsets: empty services and goLiveAt are unset; empty strings and set-and-unset are refused', async () => {
  const unset = await api('PATCH', '/api/v1/admin/apps/new-bot', { unsets: ['liveChatService', 'authenticationService', 'goLiveAt'], description: 'kept' });
  assert.equal(unset.status, 200);
  assert.equal(unset.body.data.liveChatService, null);
  assert.equal(unset.body.data.authenticationService, null);
  assert.equal(unset.body.data.goLiveAt, null);
  assert.equal(unset.body.data.description, 'kept');
  const [row] = await t.server.db.db.select().from(apps).where(eq(apps.appId, 'new-bot'));
  assert.equal(row.liveChatService, null);

  for (const field of ['liveChatService', 'authenticationService', 'goLiveAt']) {
    const empty = await api('PATCH', '/api/v1/admin/apps/new-bot', { [field]: '' });
    assert.equal(empty.status, 422, field);
    assert.match(empty.body.message, /send it in unsets/);
  }
  assert.equal((await api('PATCH', '/api/v1/admin/apps/new-bot', { liveChatService: 'X', unsets: ['liveChatService'] })).status, 422);
  assert.equal((await api('PATCH', '/api/v1/admin/apps/new-bot', { unsets: ['appName'] })).status, 422);
});

test('§5 external engine: refused without both handlers, also when the handler is taken away later', async () => {
  const noDialog = await api('PATCH', '/api/v1/admin/apps/demo-plus', { nlpEngine: { service: 'CIVIC_X', qnaHandler: 'https://engine.example.gov.sg/q' } });
  assert.equal(noDialog.status, 422);
  assert.equal(noDialog.body.message, Messages.externalEngineHandlers);
  const clearOne = await api('PATCH', '/api/v1/admin/apps/demo-external', { nlpEngine: { service: 'CIVIC_X', dialogHandler: null } });
  assert.equal(clearOne.status, 422);
  assert.equal(clearOne.body.message, Messages.externalEngineHandlers);
  const [row] = await t.server.db.db.select().from(apps).where(eq(apps.appId, 'demo-plus'));
  assert.equal(row.nlpEngineService, 'CIVIC_DIALOG_ENGINE', 'nothing changed');
  assert.equal((await api('PATCH', '/api/v1/admin/apps/demo-external', { nlpEngine: { service: 'CIVIC_DIALOG_ENGINE' } })).status, 200);
});

test('decommission: gone from lists, back with include_decommissioned, restorable', async () => {
  const when = new Date(t.clock.now().getTime() - 1000).toISOString();
  assert.equal((await api('PATCH', '/api/v1/admin/apps/new-bot', { decommissionAt: when })).status, 200);
  const list = await api('POST', '/api/v1/admin/chatapp-mgmt', {});
  assert.ok(!list.body.data.apps.some((a: { appId: string }) => a.appId === 'new-bot'));
  const withRetired = await api('POST', '/api/v1/admin/chatapp-mgmt', { include_decommissioned: true });
  assert.equal(withRetired.body.data.apps.find((a: { appId: string }) => a.appId === 'new-bot').isDecommissioned, true);
  const mine = await api('GET', '/api/v1/apps');
  assert.ok(!mine.body.data.apps.some((a: { appId: string }) => a.appId === 'new-bot'));
  assert.equal((await api('PATCH', '/api/v1/admin/apps/new-bot', { unsets: ['decommissionAt'] })).body.data.decommissionAt, null);
});

test('tier limits: platform admins edit, everyone reads the new values, bad shapes refused', async () => {
  const body = { maxIntents: 150, maxMembers: 12, maxMonthlySessions: 20000, analytics: true, categories: false, labels: true, trainingHub: false };
  const put = await api('PUT', '/api/v1/admin/subscription-tier-limit/Starter', body);
  assert.equal(put.status, 200);
  const viewer = await signIn(t.http, 'viewer@demo.gov.sg');
  const read = await api('GET', '/api/v1/subscription-tier-limit', undefined, viewer);
  const starter = read.body.data.find((tier: { tier: string }) => tier.tier === 'Starter');
  assert.deepEqual(starter, { tier: 'Starter', maxIntents: 150, maxMembers: 12, maxMonthlySessions: 20000, restrictions: { analytics: true, categories: false, labels: true, trainingHub: false } });
  // The restriction flag reaches access decisions: the Starter app's settings show analytics allowed now.
  const settings = await api('GET', '/api/v1/apps/demo-starter/settings', undefined, viewer);
  assert.equal(settings.body.data.appSettings.restrictions.analytics, true);
  // Messages name the fields by their labels on the tiers page, never by property names.
  const noMembers = await api('PUT', '/api/v1/admin/subscription-tier-limit/Starter', { ...body, maxMembers: 0 });
  assert.equal(noMembers.status, 422);
  assert.equal(noMembers.body.message, 'Max members must be at least 1');
  const many = await api('PUT', '/api/v1/admin/subscription-tier-limit/Starter', { ...body, maxIntents: 'many', maxMonthlySessions: -1 });
  assert.equal(many.status, 422);
  assert.ok(many.body.info.includes('Max intents must be a whole number') && many.body.info.includes('Max monthly sessions must be 0 or more'), many.body.info.join('; '));
  assert.ok(many.body.info.every((message: string) => !/max[A-Z]/.test(message)), many.body.info.join('; '));
  assert.equal((await api('PATCH', '/api/v1/admin/feature-flags/helpdesk', { enabled: 'on' })).body.message, 'Enabled must be on or off');
  assert.equal((await api('PUT', '/api/v1/admin/subscription-tier-limit/Starter', { maxIntents: 1 })).status, 422);
});

test('feature flags: list, toggle, served by the flag service', async () => {
  const list = await api('GET', '/api/v1/admin/feature-flags');
  const names = list.body.data.flags.map((f: { name: string }) => f.name);
  assert.ok(names.includes('next-gen-console') && names.includes('helpdesk'));
  const sourceOf = async (name: string) => (await api('GET', '/api/v1/admin/feature-flags')).body.data.flags.find((f: { name: string }) => f.name === name).source;
  assert.deepEqual(await sourceOf('helpdesk'), { kind: 'profile', profileName: 'default' });
  assert.equal((await api('PATCH', '/api/v1/admin/feature-flags/next-gen-console', { enabled: true })).status, 200);
  // After a switch, the page says who switched it and what the profile would have it be.
  const switched = await sourceOf('next-gen-console');
  assert.equal(switched.kind, 'switched');
  assert.equal(switched.byEmail, 'admin@demo.gov.sg');
  assert.equal(switched.profileValue, false);
  const served = await call(t.http, 'GET', '/api/v1/feature-flags/frontend');
  assert.ok(served.body.toggles.some((toggle: { name: string }) => toggle.name === 'next-gen-console'));
  assert.equal((await api('PATCH', '/api/v1/admin/feature-flags/next-gen-console', { enabled: false })).status, 200);
  const after_ = await call(t.http, 'GET', '/api/v1/feature-flags/frontend');
  assert.ok(!after_.body.toggles.some((toggle: { name: string }) => toggle.name === 'next-gen-console'));
  assert.equal((await api('PATCH', '/api/v1/admin/feature-flags/helpdesk', { enabled: 'on' })).status, 422);
});

/** A local HTTPS webhook with a self-signed certificate the test trusts through the global agent. */
async function startWebhook(handler: (path: string) => number): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });
  const hits: string[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hits.push(`${req.method} ${req.url} ${body}`);
      res.statusCode = handler(req.url ?? '/');
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => {
      https.globalAgent.options.ca = previousCa;
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

test('adaptors: create, https only, link apps, edit, connection test against a local server, delete', async () => {
  const webhook = await startWebhook((path) => (path === '/broken' ? 503 : 200));
  try {
    const http = await api('POST', '/api/v1/admin/adaptors', { type: 'TELEGRAM', name: 'Telegram', webhookUrl: 'http://hooks.example.gov.sg/telegram' });
    assert.equal(http.status, 422);
    assert.equal(http.body.message, Messages.invalidHttpsUrl);
    assert.equal((await api('POST', '/api/v1/admin/adaptors', { type: 'FAX', name: 'Fax', webhookUrl: 'https://x.example' })).status, 422);
    const unknownApp = await api('POST', '/api/v1/admin/adaptors', { type: 'TELEGRAM', name: 'Telegram', webhookUrl: `${webhook.url}/hook`, appIds: ['nope'] });
    assert.equal(unknownApp.status, 422);

    const created = await api('POST', '/api/v1/admin/adaptors', { type: 'TELEGRAM', name: 'Telegram', webhookUrl: `${webhook.url}/hook`, appIds: ['demo-plus', 'demo-enterprise'] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.data.appIds, ['demo-enterprise', 'demo-plus']);
    assert.equal(created.body.data.enabled, true);
    const id = created.body.data.id as string;
    assert.equal((await api('POST', '/api/v1/admin/adaptors', { type: 'LINE', name: 'Telegram', webhookUrl: `${webhook.url}/x` })).status, 409);

    const ok = await api('POST', `/api/v1/admin/adaptors/${id}/test`);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.ok, true);
    assert.equal(ok.body.data.status, 200);
    assert.equal(ok.body.data.error, null);
    assert.ok(ok.body.data.latencyMs >= 0);
    assert.match(webhook.hits.at(-1) ?? '', /^POST \/hook .*civic\.connection-test/);

    const edited = await api('PATCH', `/api/v1/admin/adaptors/${id}`, { webhookUrl: `${webhook.url}/broken`, appIds: ['demo-starter'], enabled: false });
    assert.equal(edited.status, 200);
    assert.deepEqual(edited.body.data.appIds, ['demo-starter']);
    assert.equal(edited.body.data.enabled, false);
    // The audit entry holds only what changed (the name and type did not).
    const [adaptorAudit] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'platform-admin.adaptor-update')).orderBy(desc(auditLog.id)).limit(1);
    assert.deepEqual(Object.keys((adaptorAudit.details as { after: object }).after).sort(), ['appIds', 'enabled', 'webhookUrl']);
    assert.equal((adaptorAudit.details as { before: { enabled: boolean } }).before.enabled, true);
    const broken = await api('POST', `/api/v1/admin/adaptors/${id}/test`);
    assert.deepEqual({ ok: broken.body.data.ok, status: broken.body.data.status, error: broken.body.data.error }, { ok: false, status: 503, error: 'The webhook answered 503' });

    // Nothing listening: an outcome, not a 500, worded like a silent webhook (no port scanning).
    const closedPort = webhook.url.replace(/:\d+$/, ':1');
    await api('PATCH', `/api/v1/admin/adaptors/${id}`, { webhookUrl: `${closedPort}/hook` });
    const refused = await api('POST', `/api/v1/admin/adaptors/${id}/test`);
    assert.equal(refused.status, 200);
    assert.equal(refused.body.data.ok, false);
    assert.equal(refused.body.data.status, null);
    assert.equal(refused.body.data.error, OutboundMessages.unreachable);

    const list = await api('GET', '/api/v1/admin/adaptors');
    const listed = list.body.data.adaptors.find((a: { id: string }) => a.id === id);
    assert.equal(listed.lastTestOk, false);
    assert.ok(listed.lastTestAt);

    assert.equal((await api('DELETE', `/api/v1/admin/adaptors/${id}`)).status, 200);
    assert.equal((await api('DELETE', `/api/v1/admin/adaptors/${id}`)).status, 404);
  } finally {
    await webhook.close();
  }
});

test('an untrusted certificate is reported, not followed', async () => {
  const webhook = await startWebhook(() => 200);
  https.globalAgent.options.ca = undefined;
  try {
    const created = await api('POST', '/api/v1/admin/adaptors', { type: 'SLACK', name: 'Slack', webhookUrl: `${webhook.url}/slack` });
    const result = await api('POST', `/api/v1/admin/adaptors/${created.body.data.id}/test`);
    assert.equal(result.status, 200);
    assert.equal(result.body.data.ok, false);
    assert.match(result.body.data.error, /certificate/i);
    assert.equal(webhook.hits.length, 0);
  } finally {
    await webhook.close();
  }
});
