import { ContainerModule } from 'inversify';
import { anyone } from '@civic/core/common/access';
import { definePlugin, PluginRegistryError, type PluginManifest } from '@civic/core/common/plugins';
import { loadEnabledPlugins, type ManifestImporters } from './load-enabled-plugins';

const page = () => Promise.resolve({ default: () => null });
const manifest = (id: string, extra: Partial<PluginManifest> = {}) =>
  definePlugin({ id, title: id, canAccess: anyone, routes: [{ path: `/${id}`, layout: 'main', title: id, load: page }], ...extra });

/** Importers as the glob gives them, counting which manifests were actually fetched. */
function importers(manifests: PluginManifest[]) {
  const fetched: string[] = [];
  const map: ManifestImporters = {};
  for (const m of manifests) {
    map[`../../plugins/${m.id}/plugin.ts`] = async () => {
      fetched.push(m.id);
      return { default: m };
    };
  }
  return { map, fetched };
}

describe('loadEnabledPlugins', () => {
  it("imports only the enabled plugins' manifests, in profile order, and hands over their module loaders unopened", async () => {
    const module = new ContainerModule(() => undefined);
    let moduleImported = 0;
    const { map, fetched } = importers([
      manifest('alpha', { module: async () => ((moduleImported += 1), { default: module }) }),
      manifest('beta'),
      manifest('disabled-one'),
    ]);
    const loaded = await loadEnabledPlugins(map, ['beta', 'alpha']);
    expect(loaded.manifests.map((m) => m.id)).toEqual(['beta', 'alpha']);
    expect([...loaded.moduleLoaders.keys()]).toEqual(['alpha']);
    expect(moduleImported).toBe(0);
    await expect(loaded.moduleLoaders.get('alpha')?.()).resolves.toBe(module);
    expect(fetched.sort()).toEqual(['alpha', 'beta']);
  });

  it('fails loudly on an unknown plugin id', async () => {
    const { map } = importers([manifest('alpha')]);
    await expect(loadEnabledPlugins(map, ['alpha', 'ghost'])).rejects.toThrow(new PluginRegistryError('The profile enables "ghost", but no such plugin exists'));
  });

  it('fails when a folder exports a plugin with another id', async () => {
    const map: ManifestImporters = { '../../plugins/alpha/plugin.ts': async () => ({ default: manifest('beta') }) };
    await expect(loadEnabledPlugins(map, ['alpha'])).rejects.toThrow(/must default-export a plugin with the id "alpha"/);
  });

  it('validates the set: requirements met and no route declared twice', async () => {
    const needy = importers([manifest('alpha', { requires: ['beta'] }), manifest('beta')]);
    await expect(loadEnabledPlugins(needy.map, ['alpha'])).rejects.toThrow(/requires "beta"/);
    const clash = importers([
      manifest('alpha'),
      definePlugin({ id: 'beta', title: 'b', canAccess: anyone, routes: [{ path: '/alpha', layout: 'main', title: 'x', load: page }] }),
    ]);
    await expect(loadEnabledPlugins(clash.map, ['alpha', 'beta'])).rejects.toThrow(/declared by both/);
  });
});
