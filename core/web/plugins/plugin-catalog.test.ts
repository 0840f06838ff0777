/** @jest-environment node */
import { anyone } from '@civic/core/common/access';
import { contribute, defineExtensionPoint, definePlugin, defineSlot, defineTabStrip, slotPanel } from '@civic/core/common/plugins';
import { PluginCatalogImpl } from './plugin-catalog';

const load = async () => ({ default: () => null });
const Checks = defineExtensionPoint<{ name: string }>('host.checks');
const Side = defineSlot('host.side');
const Tabs = defineTabStrip('host.tabs', { first: 10, second: 20 });
const OtherTabs = defineTabStrip('host.other-tabs', {});

const host = definePlugin({
  id: 'host',
  title: 'Host',
  canAccess: anyone,
  routes: [
    { path: '/home/:appId', layout: 'main', appParam: 'appId', title: 'Home', landmark: 'home', load },
    { path: '/settings/:appId', layout: 'main', appParam: 'appId', title: 'Settings', landmark: 'settings', load },
  ],
  tabs: [{ id: 'own', strip: Tabs, title: 'Own', order: Tabs.order.first, load }],
  extensions: [contribute(Checks, { name: 'own check' })],
});
const guest = definePlugin({
  id: 'guest',
  title: 'Guest',
  canAccess: anyone,
  requires: ['host'],
  routes: [],
  tabs: [
    { id: 'late', strip: Tabs, title: 'Late', order: Tabs.order.second, load },
    { id: 'early', strip: Tabs, title: 'Early', order: 5, load },
    { id: 'elsewhere', strip: OtherTabs, title: 'Elsewhere', order: 1, load },
  ],
  panels: [slotPanel(Side, { id: 'p', title: 'P', order: 1, load })],
  extensions: [contribute(Checks, { name: 'guest check' })],
});

describe('PluginCatalog', () => {
  const catalog = new PluginCatalogImpl([host, guest]);

  it("gives a page the tabs contributed to its strip, in order, with their plugin", () => {
    expect(catalog.tabs(Tabs).map(({ plugin, item }) => `${plugin.id}:${item.id}`)).toEqual(['guest:early', 'host:own', 'guest:late']);
    expect(catalog.tabs(OtherTabs).map(({ item }) => item.id)).toEqual(['elsewhere']);
  });

  it('gives the panels of a slot and the values of a data point', () => {
    expect(catalog.panels(Side).map(({ item }) => item.id)).toEqual(['p']);
    expect(catalog.extensions(Checks).map(({ plugin, item }) => `${plugin.id}:${item.name}`)).toEqual(['host:own check', 'guest:guest check']);
  });

  it('finds the routes that declare the app landmarks', () => {
    expect(catalog.landmark('home')?.path).toBe('/home/:appId');
    expect(catalog.landmark('settings')?.path).toBe('/settings/:appId');
    expect(new PluginCatalogImpl([guest]).landmark('home')).toBeNull();
  });
});
