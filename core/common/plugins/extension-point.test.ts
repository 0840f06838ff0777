/** @jest-environment node */
import { anyone } from '../access/predicates';
import { contribute, defineExtensionPoint, defineSlot, defineTabStrip, slotPanel } from './extension-point';
import { definePlugin, type PluginManifest } from './plugin-manifest';
import { inRequiresOrder, PluginRegistryError, validatePluginSet } from './plugin-registry';

const Checks = defineExtensionPoint<{ name: string; severity: 'error' | 'warning' }>('publisher.publish-checks');
const Editor = defineSlot<{ intentId?: string }>('publisher.editor');
const Tabs = defineTabStrip('publisher.tabs', { first: 10, second: 20 });

const load = async () => ({ default: () => null });
const base = (id: string, extra: Partial<PluginManifest> = {}): PluginManifest => ({ id, title: id, canAccess: anyone, routes: [], ...extra });

describe('extension points', () => {
  it('belong to the plugin named before the first dot', () => {
    expect(Checks).toMatchObject({ id: 'publisher.publish-checks', owner: 'publisher', kind: 'data' });
    expect(Editor).toMatchObject({ id: 'publisher.editor', owner: 'publisher', kind: 'slot' });
    expect(Tabs).toMatchObject({ id: 'publisher.tabs', owner: 'publisher', kind: 'tabs', order: { first: 10, second: 20 } });
    expect(Object.isFrozen(Tabs.order)).toBe(true);
  });

  it('refuse ids without an owning plugin or not in kebab-case', () => {
    expect(() => defineSlot('editor')).toThrow('"<plugin id>.<name>"');
    expect(() => defineExtensionPoint('Publisher.checks')).toThrow();
    expect(() => defineTabStrip('publisher.Tabs', {})).toThrow();
  });

  it('carry typed contributions', () => {
    const ext = contribute(Checks, { name: 'conflicts', severity: 'error' });
    expect(ext.point).toBe(Checks);
    expect(ext.value.severity).toBe('error');
    const panel = slotPanel(Editor, { id: 'p', title: 'P', order: 1, load });
    expect(panel.slot).toBe(Editor);
  });
});

describe('definePlugin with contributions', () => {
  it("accepts contributions to its own points and to points of plugins it requires", () => {
    expect(() => definePlugin(base('publisher', { extensions: [contribute(Checks, { name: 'x', severity: 'warning' })] }))).not.toThrow();
    expect(() =>
      definePlugin(
        base('helper', {
          requires: ['publisher'],
          tabs: [{ id: 't', strip: Tabs, title: 'T', order: Tabs.order.second, load }],
          panels: [slotPanel(Editor, { id: 'p', title: 'P', order: 1, load })],
        }),
      ),
    ).not.toThrow();
  });

  it('accepts contributions to points of a plugin it uses (read only when that plugin is enabled)', () => {
    expect(() => definePlugin(base('helper', { uses: ['publisher'], extensions: [contribute(Checks, { name: 'x', severity: 'warning' })] }))).not.toThrow();
  });

  it('refuses a contribution to a plugin it does not require', () => {
    expect(() => definePlugin(base('helper', { panels: [slotPanel(Editor, { id: 'p', title: 'P', order: 1, load })] }))).toThrow(
      'Plugin "helper" contributes to publisher.editor but does not list "publisher" in requires or uses',
    );
    expect(() => definePlugin(base('helper', { tabs: [{ id: 't', strip: Tabs, title: 'T', order: 1, load }] }))).toThrow('publisher.tabs');
    expect(() => definePlugin(base('helper', { extensions: [contribute(Checks, { name: 'x', severity: 'error' })] }))).toThrow('publisher.publish-checks');
  });
});

describe('validatePluginSet and route landmarks', () => {
  const home = (id: string, path: string) => base(id, { routes: [{ path, layout: 'main', appParam: 'appId', title: id, landmark: 'home', load }] });

  it('allows one home page per deployment', () => {
    expect(() => validatePluginSet(['a'], [home('a', '/a/:appId'), home('b', '/b/:appId')])).not.toThrow();
    expect(() => validatePluginSet(['a', 'b'], [home('a', '/a/:appId'), home('b', '/b/:appId')])).toThrow(PluginRegistryError);
  });
});

describe('validatePluginSet and optional dependencies (uses)', () => {
  const trainer = base('trainer', { requires: ['kb'], uses: ['llm'] });

  it('runs without a used plugin, and orders after it when it is enabled', () => {
    const all = [trainer, base('kb'), base('llm')];
    expect(() => validatePluginSet(['trainer', 'kb'], all)).not.toThrow();
    expect(inRequiresOrder([trainer, base('kb')]).map((m) => m.id)).toEqual(['kb', 'trainer']);
    expect(inRequiresOrder([trainer, base('kb'), base('llm')]).map((m) => m.id)).toEqual(['kb', 'llm', 'trainer']);
  });

  it('still refuses a missing required plugin, a cycle through uses, and one id in both lists', () => {
    expect(() => validatePluginSet(['trainer', 'llm'], [trainer, base('kb'), base('llm')])).toThrow('requires "kb", which is not enabled');
    expect(() => validatePluginSet(['trainer', 'kb', 'llm'], [trainer, base('kb'), base('llm', { uses: ['trainer'] })])).toThrow('in a cycle: trainer → llm → trainer');
    expect(() => validatePluginSet(['a', 'kb'], [base('a', { requires: ['kb'], uses: ['kb'] }), base('kb')])).toThrow('lists "kb" in both requires and uses');
  });
});
