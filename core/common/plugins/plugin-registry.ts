import type { PluginManifest } from './plugin-manifest';

export class PluginRegistryError extends Error {}

/**
 * Validates a deployment's plugin set, on both tiers (host algorithm in ARCHITECTURE): unique ids,
 * unique route paths and landmarks, `requires` met and acyclic (with the `uses` that are enabled), every
 * enabled id known, no plugin both requiring and using one id. Fails loudly.
 */
export function validatePluginSet(enabledIds: readonly string[], manifests: readonly PluginManifest[]): void {
  const byId = new Map<string, PluginManifest>();
  for (const manifest of manifests) {
    if (byId.has(manifest.id)) throw new PluginRegistryError(`Two plugins have the id "${manifest.id}"`);
    byId.set(manifest.id, manifest);
  }
  const enabled = new Set(enabledIds);
  for (const id of enabledIds) {
    if (!byId.has(id)) throw new PluginRegistryError(`The profile enables "${id}", but no such plugin exists`);
  }
  const paths = new Map<string, string>();
  const landmarks = new Map<string, string>();
  for (const manifest of manifests) {
    if (!enabled.has(manifest.id)) continue;
    for (const required of manifest.requires ?? []) {
      if (!enabled.has(required)) {
        throw new PluginRegistryError(`Plugin "${manifest.id}" requires "${required}", which is not enabled`);
      }
      if ((manifest.uses ?? []).includes(required)) {
        throw new PluginRegistryError(`Plugin "${manifest.id}" lists "${required}" in both requires and uses`);
      }
    }
    for (const route of manifest.routes) {
      const owner = paths.get(route.path);
      if (owner) {
        throw new PluginRegistryError(`Route ${route.path} is declared by both "${owner}" and "${manifest.id}"`);
      }
      paths.set(route.path, manifest.id);
      if (route.landmark) {
        const holder = landmarks.get(route.landmark);
        if (holder) {
          throw new PluginRegistryError(`The app ${route.landmark} page is declared by both ${holder} and ${route.path}`);
        }
        landmarks.set(route.landmark, route.path);
      }
    }
  }
  inRequiresOrder(manifests.filter((manifest) => enabled.has(manifest.id)));
}

/**
 * The plugins ordered so that each comes after every plugin it requires or uses and is given (stable
 * otherwise): the order their migrations run and their server modules mount, so a plugin's foreign
 * keys and the services it consumes exist before it. A cycle fails loudly, naming it.
 */
export function inRequiresOrder<T extends Pick<PluginManifest, 'id' | 'requires' | 'uses'>>(manifests: readonly T[]): T[] {
  const byId = new Map(manifests.map((manifest) => [manifest.id, manifest]));
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (manifest: T, path: readonly string[]) => {
    const seen = state.get(manifest.id);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = [...path.slice(path.indexOf(manifest.id)), manifest.id];
      throw new PluginRegistryError(`Plugins require each other in a cycle: ${cycle.join(' → ')}`);
    }
    state.set(manifest.id, 'visiting');
    for (const required of [...(manifest.requires ?? []), ...(manifest.uses ?? [])]) {
      const dependency = byId.get(required);
      if (dependency) visit(dependency, [...path, manifest.id]);
    }
    state.set(manifest.id, 'done');
    ordered.push(manifest);
  };
  for (const manifest of manifests) visit(manifest, []);
  return ordered;
}
