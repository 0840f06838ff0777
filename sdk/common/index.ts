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
} from './plugin';
export { PluginRegistryError, validatePluginSet } from './plugin-registry';
