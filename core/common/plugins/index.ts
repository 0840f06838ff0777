/** The plugin contract, shared by core (which reads manifests) and the sdk (which plugins use). */
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
} from './plugin-manifest';
export { inRequiresOrder, PluginRegistryError, validatePluginSet } from './plugin-registry';
