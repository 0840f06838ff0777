import profileBundles from 'virtual:civic/profile-manifests';
import type { ConsoleConfig } from '@civic/core/common/model';
import type { ManifestImporters } from '@civic/core/web/plugins/load-enabled-plugins';
import { manifestImporters } from '@civic/core/web/plugins/profile-manifest-bundles';

/**
 * The enabled plugins' manifests: the deployment profile's bundle, one lazy chunk made at build time
 * (host/web/profile-manifests.vite.ts). Pages and bindings are further lazy chunks.
 */
export function enabledManifestImporters(config: ConsoleConfig): ManifestImporters {
  return manifestImporters(profileBundles, config);
}
