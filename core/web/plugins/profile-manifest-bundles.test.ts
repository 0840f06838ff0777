import { anyone } from '@civic/core/common/access';
import { definePlugin, PluginRegistryError, type PluginManifest } from '@civic/core/common/plugins';
import { loadEnabledPlugins } from './load-enabled-plugins';
import { manifestImporters, type ProfileManifestBundles } from './profile-manifest-bundles';

const manifest = (id: string): PluginManifest => definePlugin({ id, title: id, canAccess: anyone, routes: [] });

/** Two profiles as the build lists them, counting which bundles were fetched. */
function bundles() {
  const fetched: string[] = [];
  const bundle = (name: string, ids: string[]) => ({
    plugins: ids,
    load: async () => {
      fetched.push(name);
      return Object.fromEntries(ids.map((id) => [id, { default: manifest(id) }]));
    },
  });
  const list: ProfileManifestBundles = { default: bundle('default', ['workspace', 'app-settings', 'users']), minimal: bundle('minimal', ['workspace']) };
  return { list, fetched };
}

describe('manifestImporters', () => {
  it("loads the manifests from the server's profile's bundle, and no other bundle", async () => {
    const { list, fetched } = bundles();
    const loaded = await loadEnabledPlugins(manifestImporters(list, { profile: 'minimal', plugins: ['workspace'] }), ['workspace']);
    expect(loaded.manifests.map((m) => m.id)).toEqual(['workspace']);
    expect(fetched).toEqual(['minimal']);
  });

  it('imports the bundle once for all its plugins', async () => {
    const { list, fetched } = bundles();
    const ids = ['workspace', 'app-settings', 'users'];
    await loadEnabledPlugins(manifestImporters(list, { profile: 'default', plugins: ids }), ids);
    expect(fetched).toEqual(['default']);
  });

  it('takes the profile order from the server, whatever the order in the bundle', async () => {
    const { list } = bundles();
    const ids = ['users', 'workspace', 'app-settings'];
    const loaded = await loadEnabledPlugins(manifestImporters(list, { profile: 'default', plugins: ids }), ids);
    expect(loaded.manifests.map((m) => m.id)).toEqual(ids);
  });

  it('fails loudly for a profile the build made no bundle for', () => {
    const { list, fetched } = bundles();
    expect(() => manifestImporters(list, { profile: 'later', plugins: ['workspace'] })).toThrow(PluginRegistryError);
    expect(() => manifestImporters(list, { profile: 'toString', plugins: [] })).toThrow(/no manifests for the profile "toString"/);
    expect(fetched).toEqual([]);
  });

  it('fails loudly when the profile enables other plugins than the build saw', () => {
    const { list } = bundles();
    expect(() => manifestImporters(list, { profile: 'minimal', plugins: ['workspace', 'users'] })).toThrow(/build again/);
    expect(() => manifestImporters(list, { profile: 'default', plugins: ['workspace', 'users'] })).toThrow(/build again/);
  });
});
