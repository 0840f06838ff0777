import { CoreApi } from '@civic/core/common/api-paths';
import type { PluginManifest, PluginRoute } from '@civic/core/common/plugins';
import type { PluginCatalog } from '../plugins/plugin-catalog';
import { LayoutCode } from './layout-code';
import { startPageEarly } from './start-page-early';

jest.mock('./layout-code', () => ({ LayoutCode: { main: jest.fn(() => Promise.resolve({ default: () => null })), bare: jest.fn(() => Promise.resolve({ default: () => null })) } }));

type RouteSpec = Pick<PluginRoute, 'path' | 'appParam'> & { layout?: PluginRoute['layout'] };

/** As the catalog gives routes with plugin modules: each route's load waits for its module, then imports the page (`pageLoads`). */
function catalogOf(routes: RouteSpec[]) {
  const pageLoads = routes.map(() => jest.fn(() => Promise.resolve({ default: () => null })));
  const loads = routes.map(() => jest.fn(() => Promise.resolve({ default: () => null })));
  const own = routes.map((route, i) => ({ layout: 'main', ...route, title: route.path, load: pageLoads[i] }) as PluginRoute);
  const plugin = { id: 'p', routes: own } as unknown as PluginManifest;
  const contributions = own.map((route, i) => ({ plugin, item: { ...route, load: loads[i] } }));
  return { catalog: { routes: () => contributions } as unknown as PluginCatalog, loads, pageLoads };
}

beforeEach(() => jest.clearAllMocks());

test('the page the URL names starts loading, and its app is the one the app list opens', async () => {
  const { catalog, loads } = catalogOf([{ path: '/dashboard' }, { path: '/intents/:appId', appParam: 'appId' }]);
  const apps = { preferApp: jest.fn() };
  await startPageEarly(catalog, apps, '/intents/demo-plus');
  expect(loads[0]).not.toHaveBeenCalled();
  expect(loads[1]).toHaveBeenCalledTimes(1);
  expect(apps.preferApp).toHaveBeenCalledWith('demo-plus');
});

test("the page's own chunk and its layout's code load beside its plugin's module", async () => {
  const { catalog, pageLoads } = catalogOf([{ path: '/dashboard' }, { path: '/setup', layout: 'bare' }]);
  await startPageEarly(catalog, { preferApp: jest.fn() }, '/dashboard');
  expect(pageLoads[0]).toHaveBeenCalledTimes(1);
  expect(pageLoads[1]).not.toHaveBeenCalled();
  expect(LayoutCode.main).toHaveBeenCalledTimes(1);
  expect(LayoutCode.bare).not.toHaveBeenCalled();
  await startPageEarly(catalog, { preferApp: jest.fn() }, '/setup');
  expect(LayoutCode.bare).toHaveBeenCalledTimes(1);
});

test("the URL's app has its settings call started; a page without an app starts none", async () => {
  const { catalog } = catalogOf([{ path: '/dashboard' }, { path: '/intents/:appId', appParam: 'appId' }]);
  const startCall = jest.fn();
  await startPageEarly(catalog, { preferApp: jest.fn() }, '/dashboard', startCall);
  expect(startCall).not.toHaveBeenCalled();
  await startPageEarly(catalog, { preferApp: jest.fn() }, '/intents/demo plus', startCall);
  expect(startCall).toHaveBeenCalledWith(CoreApi.appSettings('demo plus'));
});

test('a page without an app, or no page at all, prefers no app', async () => {
  const { catalog, loads } = catalogOf([{ path: '/dashboard' }]);
  const apps = { preferApp: jest.fn() };
  await startPageEarly(catalog, apps, '/dashboard');
  await startPageEarly(catalog, apps, '/nowhere');
  expect(loads[0]).toHaveBeenCalledTimes(1);
  expect(apps.preferApp).not.toHaveBeenCalled();
});
