import assert from 'node:assert/strict';
import { test } from 'node:test';
import { anyone } from '@civic/core/common/access';
import type { AccessPredicate } from '@civic/core/common/access';
import { RouteDefinitionError, RouteRegistry } from './route-registry';

const handler = () => ({});

test('a route without an access predicate fails at registration', () => {
  const routes = new RouteRegistry().for({ owner: 'core' });
  assert.throws(
    () => routes.add({ method: 'GET', url: '/api/v1/x', handler, access: undefined as unknown as AccessPredicate }),
    (error: unknown) => error instanceof RouteDefinitionError && /declares no access predicate/.test(error.message),
  );
});

test('a mutating route without an audit action fails at registration', () => {
  const routes = new RouteRegistry().for({ owner: 'core' });
  assert.throws(() => routes.add({ method: 'PATCH', url: '/api/v1/x', access: anyone, handler }), /declares no audit action/);
});

test('a mutating route may go unaudited only by saying why, and not while also audited', () => {
  const routes = new RouteRegistry().for({ owner: 'core' });
  assert.throws(() => routes.add({ method: 'POST', url: '/api/v1/a', access: anyone, unaudited: '  ', handler }), /declares no audit action/);
  assert.throws(() => routes.add({ method: 'POST', url: '/api/v1/b', access: anyone, unaudited: 'a search', audit: { action: 'core.search' }, handler }), /both audited and unaudited/);
  assert.doesNotThrow(() => routes.add({ method: 'POST', url: '/api/v1/c', access: anyone, unaudited: 'a search sent as POST', handler }));
});

test('plugin audit actions carry the plugin id', () => {
  const routes = new RouteRegistry().for({ owner: 'app-settings' });
  assert.throws(
    () => routes.add({ method: 'POST', url: '/api/v1/x', access: anyone, audit: { action: 'settings.update' }, handler }),
    /must start with "app-settings\."/,
  );
  routes.add({ method: 'POST', url: '/api/v1/x', access: anyone, audit: { action: 'app-settings.update' }, handler });
});

test('urls outside /api, unknown app parameters and duplicates are refused', () => {
  const routes = new RouteRegistry().for({ owner: 'core' });
  assert.throws(() => routes.add({ method: 'GET', url: '/x', access: anyone, handler }), /must start with \/api\//);
  assert.throws(() => routes.add({ method: 'GET', url: '/api/v1/apps/:id', app: 'appId', access: anyone, handler }), /not in the url/);
  routes.add({ method: 'GET', url: '/api/v1/apps/:appId', app: 'appId', access: anyone, handler });
  assert.throws(() => routes.add({ method: 'GET', url: '/api/v1/apps/:other', access: anyone, handler }), /registered twice/);
});

test('valid routes are listed with their origin', () => {
  const registry = new RouteRegistry();
  registry.for({ owner: 'workspace', featureFlag: 'x' }).add({ method: 'GET', url: '/api/v1/y', access: anyone, handler });
  assert.equal(registry.list().length, 1);
  assert.deepEqual(registry.list()[0].origin, { owner: 'workspace', featureFlag: 'x' });
});

test('only GET download routes may live outside /api', () => {
  const routes = new RouteRegistry().for({ owner: 'core' });
  const file = () => ({ fileName: 'guide.pdf', contentType: 'application/pdf', data: '%PDF' });
  routes.add({ method: 'GET', url: '/help/guide.pdf', access: anyone, download: true, handler: file });
  assert.throws(() => routes.add({ method: 'GET', url: '/help/other.pdf', access: anyone, handler: file }), /must start with \/api\//);
  assert.throws(() => routes.add({ method: 'POST', url: '/help/upload', access: anyone, download: true, audit: { action: 'core.upload' }, handler: file }), /must start with \/api\//);
  assert.throws(() => routes.add({ method: 'GET', url: 'help.pdf', access: anyone, download: true, handler: file }), /must start with \/api\//);
  assert.throws(() => routes.add({ method: 'GET', url: '/api/v1/x', access: anyone, download: true, redirect: true, handler: file }), /both a download and a redirect/);
});
