import { PluginRegistryError } from '@civic/core/common/plugins';
import type { ManifestImporters } from './load-enabled-plugins';

/**
 * One deployment profile's manifests as one chunk, made at build time from config/profiles/<name>.json
 * (host/web/profile-manifests.vite.ts): the plugin ids it was built for, and its loader, which gives
 * each manifest's module by plugin id.
 */
export interface ProfileManifestBundle {
  plugins: readonly string[];
  load(): Promise<Record<string, unknown>>;
}

/** The bundles by profile name, as the virtual module `virtual:civic/profile-manifests` lists them. */
export type ProfileManifestBundles = Readonly<Record<string, ProfileManifestBundle>>;

/**
 * The deployment's manifests: its profile's bundle, one request holding the enabled plugins' manifests
 * and no other plugin's. The build made one for each file in config/profiles, which is where the server
 * reads its profile; a profile added or edited after the build has none, and the console fails loudly
 * rather than fetch manifests the profile does not enable.
 */
export function manifestImporters(bundles: ProfileManifestBundles, config: { profile: string; plugins: readonly string[] }): ManifestImporters {
  const bundle = Object.hasOwn(bundles, config.profile) ? bundles[config.profile] : undefined;
  if (!bundle || !sameIds(bundle.plugins, config.plugins)) {
    throw new PluginRegistryError(
      `This build has no manifests for the profile "${config.profile}" (${config.plugins.join(', ')}): build again (npm run build) after changing config/profiles`,
    );
  }
  // One import for them all: each call of the bundler's import helper walks the chunk's
  // dependencies again, and there is a call per plugin.
  let loading: Promise<Record<string, unknown>> | undefined;
  const load = () => (loading ??= bundle.load());
  const importers: ManifestImporters = {};
  for (const id of bundle.plugins) {
    importers[`plugins/${id}/plugin.ts`] = async () => (await load())[id];
  }
  return importers;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}
