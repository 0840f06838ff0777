import type { ManifestImporters } from '@civic/core/web/plugins/load-enabled-plugins';

/**
 * Every plugin's manifest, as a lazy import each: the build makes one small chunk per manifest,
 * and only the enabled ones are ever fetched. Pages and bindings are further lazy chunks.
 */
export const pluginImporters: ManifestImporters = import.meta.glob('../../plugins/*/plugin.ts');
