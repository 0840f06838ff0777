import type { Plugin } from 'vite';

const REGISTRY = 'virtual:civic/profile-manifests';
const BUNDLE = `${REGISTRY}/`;
/** The chunk of one profile's manifests has this module as its facade (see PROFILE_BUNDLE_ID). */
export const PROFILE_BUNDLE_ID = /^\0virtual:civic\/profile-manifests\/[^/]+$/;

/**
 * One chunk of manifests per deployment profile (config/profiles/<name>.json), rather than a chunk per
 * manifest: an enabled plugin's manifest is on every signed-in page's path, and 25 files of ~0.8 KiB
 * gzip each cost more than their bytes (a request each, with its header, and a name in the entry's
 * lists); as one file they and the small modules only they import (permissions, credential tests)
 * come in one request, compressed together.
 *
 * `virtual:civic/profile-manifests` lists each profile's plugin ids and a lazy import of its bundle,
 * a module importing those plugins' `plugin.ts` statically. Each bundle imports its own copy of a
 * manifest (`?profile=<name>`), so a manifest two profiles enable is not split off into a chunk they
 * share; and a bundle holds its own profile's manifests and no other: a disabled plugin's manifest
 * is never downloaded. The browser takes the bundle of the profile the server names
 * (core/web/plugins/profile-manifest-bundles.ts).
 */
export function profileManifestBundles(repo: string): Plugin {
  const profilesDir = `${repo}/config/profiles`;
  return {
    name: 'civic:profile-manifest-bundles',
    resolveId: {
      filter: { id: /^virtual:civic\/profile-manifests/ },
      handler(id) {
        return `\0${id}`;
      },
    },
    load: {
      filter: { id: /^\0virtual:civic\/profile-manifests/ },
      async handler(id) {
        const name = id.slice(1);
        const profiles = await readProfiles(this.fs, profilesDir);
        if (name === REGISTRY) {
          for (const file of profiles.keys()) this.addWatchFile(`${profilesDir}/${file}.json`);
          const entries = [...profiles].map(([profile, plugins]) => `  ${JSON.stringify(profile)}: { plugins: ${JSON.stringify(plugins)}, load: () => import(${JSON.stringify(BUNDLE + profile)}).then((m) => m.default) },`);
          return `export default {\n${entries.join('\n')}\n};\n`;
        }
        const profile = name.slice(BUNDLE.length);
        const plugins = profiles.get(profile);
        if (!plugins) this.error(`No deployment profile "${profile}" in config/profiles`);
        const imports = plugins.map((plugin, i) => `import * as m${i} from ${JSON.stringify(`${repo}/plugins/${plugin}/plugin.ts?profile=${profile}`)};`);
        const byId = plugins.map((plugin, i) => `  ${JSON.stringify(plugin)}: m${i},`);
        return `${imports.join('\n')}\nexport default {\n${byId.join('\n')}\n};\n`;
      },
    },
  };
}

interface ProfileFiles {
  readdir(path: string): Promise<string[]>;
  readFile(path: string, options: { encoding: 'utf8' }): Promise<string>;
}

/** Each profile's plugin ids, by profile name (the server validates the files; here only `plugins` is read). */
async function readProfiles(fs: ProfileFiles, dir: string): Promise<Map<string, string[]>> {
  const profiles = new Map<string, string[]>();
  for (const file of (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort()) {
    const { plugins } = JSON.parse(await fs.readFile(`${dir}/${file}`, { encoding: 'utf8' })) as { plugins?: unknown };
    if (!Array.isArray(plugins) || !plugins.every((id) => typeof id === 'string' && /^[a-z0-9-]+$/.test(id))) {
      throw new Error(`config/profiles/${file}: "plugins" must list plugin ids`);
    }
    profiles.set(file.slice(0, -'.json'.length), plugins);
  }
  return profiles;
}
