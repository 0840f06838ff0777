export {
  definePlugin,
  PanelSlots,
  SettingsTabOrder,
  type ContainerModuleLike,
  type NavEntry,
  type NavSection,
  type PagePanel,
  type PanelProps,
  type PluginManifest,
  type PluginRoute,
  type RouteLayout,
  type SettingsTab,
} from './plugin';
export { inRequiresOrder, PluginRegistryError, validatePluginSet } from './plugin-registry';
