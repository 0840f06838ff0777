import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inRequiresOrder, PluginRegistryError, validatePluginSet, type PluginManifest } from '@civic/sdk/common';
import type { MigrationOwner } from '@civic/core/server/db/migration-runner';
import type { ServerModule, ServerPlugin } from '@civic/core/server/plugins/server-module';

/**
 * The host algorithm on the server (ARCHITECTURE): the profile's enabled ids → each plugin's
 * manifest → validate the set (fail loudly) → import the server modules of those that have one, in
 * `requires` order (the order their migrations run and their modules mount). A plugin owns tables
 * when it has `server/db/migrations/` (drizzle-kit's output for its `server/db/schema.ts`).
 * Paths are computed, so the TypeScript program of the server never includes a manifest's lazy
 * browser imports, and the manifest's `load`/`module` functions are never called here.
 */
export async function loadServerPlugins(enabledIds: readonly string[], pluginsDir: string, importModule: ModuleImporter = importByPath): Promise<ServerPlugin[]> {
  const manifests: PluginManifest[] = [];
  for (const id of enabledIds) {
    const file = path.join(pluginsDir, id, 'plugin.ts');
    if (!fs.existsSync(file)) throw new PluginRegistryError(`The profile enables "${id}", but ${file} does not exist`);
    const manifest = await importDefault<PluginManifest>(importModule, file);
    if (!manifest || manifest.id !== id) {
      throw new PluginRegistryError(`${file} must default-export the manifest of "${id}" (found "${manifest?.id ?? 'nothing'}")`);
    }
    manifests.push(manifest);
  }
  validatePluginSet(enabledIds, manifests);

  const plugins: ServerPlugin[] = [];
  for (const manifest of inRequiresOrder(manifests)) {
    if (!manifest.server) {
      plugins.push({ manifest });
      continue;
    }
    const file = path.join(pluginsDir, manifest.id, 'server', 'index.ts');
    if (!fs.existsSync(file)) throw new PluginRegistryError(`Plugin "${manifest.id}" declares server: true, but ${file} does not exist`);
    const module = await importDefault<ServerModule>(importModule, file);
    if (!module || typeof module.register !== 'function') {
      throw new PluginRegistryError(`${file} must default-export a server module made with defineServerModule`);
    }
    plugins.push({ manifest, module, migrations: migrationsOf(manifest.id, pluginsDir) });
  }
  return plugins;
}

/** The migration owners of the enabled plugins, in the order given (see loadServerPlugins). */
export function pluginMigrations(plugins: readonly ServerPlugin[]): MigrationOwner[] {
  return plugins.flatMap((plugin) => (plugin.migrations ? [plugin.migrations] : []));
}

function migrationsOf(id: string, pluginsDir: string): MigrationOwner | undefined {
  const folder = path.join(pluginsDir, id, 'server', 'db', 'migrations');
  return fs.existsSync(path.join(folder, 'meta', '_journal.json')) ? { id, folder } : undefined;
}

/** Imports a module of a plugin (its `plugin.ts` or `server/index.ts`) given its absolute path. */
export type ModuleImporter = (file: string) => Promise<unknown>;

/** Node's own import: the server runs from its TypeScript sources (under tsx). */
export const importByPath: ModuleImporter = (file) => import(pathToFileURL(file).href);

async function importDefault<T>(importModule: ModuleImporter, file: string): Promise<T | undefined> {
  const imported = (await importModule(file)) as { default?: T };
  return imported.default;
}
