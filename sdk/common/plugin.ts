/**
 * The plugin contract, as plugins import it. It lives in core (core reads manifests, and core never
 * imports the sdk); the sdk hands plugins this one copy.
 */
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
} from '@civic/core/common/plugins/plugin-manifest';
