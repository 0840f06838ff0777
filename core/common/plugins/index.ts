/** The plugin contract, shared by core (which reads manifests) and the sdk (which plugins use). */
export {
  definePlugin,
  SettingsTabOrder,
  type ContainerModuleLike,
  type NavEntry,
  type NavSection,
  type PluginManifest,
  type PluginRoute,
  type RouteLayout,
  type SettingsTab,
} from './plugin-manifest';
export { PluginRegistryError, validatePluginSet } from './plugin-registry';
