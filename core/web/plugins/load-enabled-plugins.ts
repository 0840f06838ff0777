import type { ModuleLoader } from './plugin-modules';
import { PluginRegistryError, validatePluginSet, type PluginManifest } from '@civic/core/common/plugins';

/** Manifest importers by file path (`…/plugins/<id>/plugin.ts`): see profile-manifest-bundles.ts. */
export type ManifestImporters = Record<string, () => Promise<unknown>>;

export interface LoadedPlugins {
  manifests: PluginManifest[];
  /** Each plugin's web module, by plugin id, loaded on first use (see PluginModules). */
  moduleLoaders: Map<string, ModuleLoader>;
}

const PLUGIN_FILE = /plugins\/([^/]+)\/plugin\.[tj]sx?$/;

/**
 * The host algorithm in the browser: import only the enabled plugins' manifests (a disabled
 * plugin's code is never downloaded) and validate the set (fail loudly). Their web modules load
 * later, each when first needed.
 */
export async function loadEnabledPlugins(
  importers: ManifestImporters,
  enabledIds: readonly string[],
): Promise<LoadedPlugins> {
  const byId = new Map<string, () => Promise<unknown>>();
  for (const [path, importer] of Object.entries(importers)) {
    const id = PLUGIN_FILE.exec(path)?.[1];
    if (id) byId.set(id, importer);
  }

  const manifests = await Promise.all(
    enabledIds.map(async (id) => {
      const importer = byId.get(id);
      if (!importer) throw new PluginRegistryError(`The profile enables "${id}", but no such plugin exists`);
      const manifest = ((await importer()) as { default?: PluginManifest }).default;
      if (!manifest || manifest.id !== id) {
        throw new PluginRegistryError(`plugins/${id}/plugin.ts must default-export a plugin with the id "${id}"`);
      }
      return manifest;
    }),
  );
  validatePluginSet(enabledIds, manifests);

  const moduleLoaders = new Map<string, ModuleLoader>();
  for (const manifest of manifests) {
    const load = manifest.module;
    if (load) moduleLoaders.set(manifest.id, async () => (await load()).default);
  }
  return { manifests, moduleLoaders };
}
