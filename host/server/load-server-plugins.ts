import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PluginRegistryError, validatePluginSet, type PluginManifest } from '@civic/sdk/common';
import type { ServerModule, ServerPlugin } from '@civic/core/server/plugins/server-module';

/**
 * The host algorithm on the server (ARCHITECTURE): the profile's enabled ids → each plugin's
 * manifest → validate the set (fail loudly) → import the server modules of those that have one.
 * Paths are computed, so the TypeScript program of the server never includes a manifest's lazy
 * browser imports, and the manifest's `load`/`module` functions are never called here.
 */
export async function loadServerPlugins(enabledIds: readonly string[], pluginsDir: string): Promise<ServerPlugin[]> {
  const manifests: PluginManifest[] = [];
  for (const id of enabledIds) {
    const file = path.join(pluginsDir, id, 'plugin.ts');
    if (!fs.existsSync(file)) throw new PluginRegistryError(`The profile enables "${id}", but ${file} does not exist`);
    const manifest = await importDefault<PluginManifest>(file);
    if (!manifest || manifest.id !== id) {
      throw new PluginRegistryError(`${file} must default-export the manifest of "${id}" (found "${manifest?.id ?? 'nothing'}")`);
    }
    manifests.push(manifest);
  }
  validatePluginSet(enabledIds, manifests);

  const plugins: ServerPlugin[] = [];
  for (const manifest of manifests) {
    if (!manifest.server) {
      plugins.push({ manifest });
      continue;
    }
    const file = path.join(pluginsDir, manifest.id, 'server', 'index.ts');
    if (!fs.existsSync(file)) throw new PluginRegistryError(`Plugin "${manifest.id}" declares server: true, but ${file} does not exist`);
    const module = await importDefault<ServerModule>(file);
    if (!module || typeof module.register !== 'function') {
      throw new PluginRegistryError(`${file} must default-export a server module made with defineServerModule`);
    }
    plugins.push({ manifest, module });
  }
  return plugins;
}

async function importDefault<T>(file: string): Promise<T | undefined> {
  const imported = (await import(pathToFileURL(file).href)) as { default?: T };
  return imported.default;
}
