import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anyone, platformAdmin, type AccessContext, type AccessPredicate } from '@civic/core/common/access';
import { PendingWrites, StartTasks } from '../app/pending-writes';
import { AppLifecycle } from '../apps/app-lifecycle';
import type { ServerConfig } from '../config/server-config';
import type { AuditTrail } from '../audit/audit-trail';
import type { DbExecutor } from '../db/database';
import { EventBus } from '../events';
import { RouteRegistry } from '../http/route-registry';
import { createLogger } from '../logging/logger';
import { mountPlugins } from './mount-plugins';
import type { JobService } from '../jobs/job-service';
import type { UserAdmin } from '../users/user-admin';
import type { ServerModule } from './server-module';
import crypto from 'node:crypto';
import { SecretSealer } from '../secrets/secret-sealer';

const config = { profileName: 'test', publicUrl: 'http://localhost', switches: { twoFactor: true, captcha: true, history: false, fileResponses: false }, profile: { allowedEmailDomains: ['gov.sg'], plugins: [], flags: {} }, env: {} } as unknown as ServerConfig;
const log = createLogger('silent');
/** Never called by these tests: they only mount routes. */
const users = {} as UserAdmin;
const services = { config, log, users, apps: new AppLifecycle(), jobs: {} as JobService, events: new EventBus(log), db: {} as DbExecutor, audit: {} as AuditTrail, secrets: new SecretSealer([crypto.randomBytes(32)]), mail: { delivers: false, send: async () => undefined }, pendingWrites: new PendingWrites(log), startTasks: new StartTasks(log) };
const module = (pluginId: string, register: ServerModule['register']): ServerModule => ({ pluginId, register });
const ctx = (isPlatformAdmin: boolean): AccessContext => ({
  user: { id: 'u', isPlatformAdmin, permissions: {}, authLevel: 2 },
  app: null,
  flags: {},
  switches: config.switches,
  subscriberAppIds: [],
});

test("a plugin's own predicate guards each of its routes too", async () => {
  const registry = new RouteRegistry();
  await mountPlugins(
    registry,
    [{ manifest: { id: 'ops', canAccess: platformAdmin, featureFlag: 'ops-flag' }, module: module('ops', (api) => api.routes.add({ method: 'GET', url: '/api/v1/ops', access: anyone, handler: () => ({}) })) }],
    services,
  );
  const [route] = registry.list();
  assert.deepEqual(route.origin, { owner: 'ops', featureFlag: 'ops-flag' });
  assert.equal(route.definition.access(ctx(true)), true);
  assert.equal(route.definition.access(ctx(false)), false);
});

test('a plugin route without an access predicate fails startup', async () => {
  await assert.rejects(
    mountPlugins(
      new RouteRegistry(),
      [{ manifest: { id: 'ops', canAccess: anyone }, module: module('ops', (api) => api.routes.add({ method: 'GET', url: '/api/v1/ops', access: undefined as unknown as AccessPredicate, handler: () => ({}) })) }],
      services,
    ),
    /declares no access predicate/,
  );
});

test('a server module must belong to its manifest', async () => {
  await assert.rejects(
    mountPlugins(new RouteRegistry(), [{ manifest: { id: 'ops', canAccess: anyone }, module: module('other', () => undefined) }], services),
    /exports the server module of "other"/,
  );
});

test('plugins without a server module mount nothing', async () => {
  const registry = new RouteRegistry();
  await mountPlugins(registry, [{ manifest: { id: 'docs', canAccess: anyone } }], services);
  assert.equal(registry.list().length, 0);
});

test("apps.onCreated handlers run, in mount order, when whoever creates an app calls apps.created", async () => {
  const apps = new AppLifecycle();
  const seen: string[] = [];
  const tx = {} as Parameters<AppLifecycle['created']>[0];
  await mountPlugins(
    new RouteRegistry(),
    [
      { manifest: { id: 'kb', canAccess: anyone }, module: module('kb', (api) => api.apps.onCreated(async (_tx, appId) => void seen.push(`kb:${appId}`))) },
      { manifest: { id: 'mgmt', canAccess: anyone }, module: module('mgmt', (api) => api.apps.onCreated(async (_tx, appId) => void seen.push(`mgmt:${appId}`))) },
    ],
    { ...services, apps },
  );
  await apps.created(tx, 'new-app');
  assert.deepEqual(seen, ['kb:new-app', 'mgmt:new-app']);
});

test('a plugin reads the contributions to its own extension points, and only those', async () => {
  const point = { id: 'ops.kinds', owner: 'ops', kind: 'data' as const };
  let seen: unknown[] = [];
  await mountPlugins(
    new RouteRegistry(),
    [
      { manifest: { id: 'ops', canAccess: anyone }, module: module('ops', (api) => { seen = api.extensions(point); }) },
      { manifest: { id: 'ops-a', canAccess: anyone, requires: ['ops'], extensions: [{ point, value: 'a' }] } },
      { manifest: { id: 'ops-b', canAccess: anyone, requires: ['ops'], extensions: [{ point, value: 'b' }] } },
    ],
    services,
  );
  assert.deepEqual(seen, ['a', 'b']);
  await assert.rejects(
    mountPlugins(new RouteRegistry(), [{ manifest: { id: 'other', canAccess: anyone }, module: module('other', (api) => void api.extensions(point)) }], services),
    /reads the extension point ops.kinds/,
  );
});
