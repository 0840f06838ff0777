import type { PluginSettingsDeclaration, PluginSettingValues } from '@civic/core/server/plugins/plugin-settings';
import type { ServerModuleApi } from '@civic/core/server/plugins/server-module';

/**
 * Declares a plugin's settings (give it to the module's `settings`); the identity function, there for
 * the types: `settingsOf(api, it)` then reads the values typed.
 */
export function definePluginSettings<D extends PluginSettingsDeclaration>(declaration: D): D {
  return Object.freeze(declaration);
}

/** The plugin's settings as checked and parsed at start, typed by its declaration. */
export function settingsOf<D extends PluginSettingsDeclaration>(api: Pick<ServerModuleApi, 'settings'>, _declaration: D): PluginSettingValues<D> {
  return api.settings as PluginSettingValues<D>;
}
