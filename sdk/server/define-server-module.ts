import type { ServerModule } from '@civic/core/server/plugins/server-module';

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * Declares a plugin's server module: the default export of `plugins/<id>/server/index.ts`. The
 * host imports it only when the plugin is enabled and its manifest says `server: true`, then calls
 * `register` once at start with an API to add routes.
 */
export function defineServerModule(module: ServerModule): ServerModule {
  if (!PLUGIN_ID.test(module.pluginId)) throw new Error(`Server module id "${module.pluginId}" must be kebab-case`);
  if (typeof module.register !== 'function') throw new Error(`Server module "${module.pluginId}" has no register function`);
  return Object.freeze({ ...module });
}
