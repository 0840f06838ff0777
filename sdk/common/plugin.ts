/**
 * The plugin contract, as plugins import it. It lives in core (core reads manifests, and core never
 * imports the sdk); the sdk hands plugins this one copy.
 */
export {
  definePlugin,
  type AppLandmark,
  type AppSwitchBehaviour,
  type ContainerModuleLike,
  type NavEntry,
  type NavSection,
  type PluginManifest,
  type PluginRoute,
  type RouteLayout,
} from '@civic/core/common/plugins/plugin-manifest';
