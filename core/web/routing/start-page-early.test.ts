import type { PluginManifest, PluginRoute } from '@civic/core/common/plugins';
import type { PluginCatalog } from '../plugins/plugin-catalog';
import { startPageEarly } from './start-page-early';

function catalogOf(routes: Array<Pick<PluginRoute, 'path' | 'appParam'>>) {
  const loads = routes.map(() => jest.fn(() => Promise.resolve({ default: () => null })));
  const contributions = routes.map((route, i) => ({ plugin: { id: 'p' } as PluginManifest, item: { ...route, layout: 'main', title: route.path, load: loads[i] } as PluginRoute }));
  return { catalog: { routes: () => contributions } as unknown as PluginCatalog, loads };
}

test('the page the URL names starts loading, and its app is the one the app list opens', () => {
  const { catalog, loads } = catalogOf([{ path: '/dashboard' }, { path: '/intents/:appId', appParam: 'appId' }]);
  const apps = { preferApp: jest.fn() };
  startPageEarly(catalog, apps, '/intents/demo-plus');
  expect(loads[0]).not.toHaveBeenCalled();
  expect(loads[1]).toHaveBeenCalledTimes(1);
  expect(apps.preferApp).toHaveBeenCalledWith('demo-plus');
});

test('a page without an app, or no page at all, prefers no app', () => {
  const { catalog, loads } = catalogOf([{ path: '/dashboard' }]);
  const apps = { preferApp: jest.fn() };
  startPageEarly(catalog, apps, '/dashboard');
  startPageEarly(catalog, apps, '/nowhere');
  expect(loads[0]).toHaveBeenCalledTimes(1);
  expect(apps.preferApp).not.toHaveBeenCalled();
});
