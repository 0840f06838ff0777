/** The plugin contract, shared by core (which reads manifests) and the sdk (which plugins use). */
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
} from './plugin-manifest';
export {
  contribute,
  defineExtensionPoint,
  defineSlot,
  defineTabStrip,
  slotPanel,
  type Extension,
  type ExtensionPoint,
  type ExtensionPointRef,
  type PagePanel,
  type PanelContext,
  type PanelProps,
  type Slot,
  type TabContribution,
  type TabStrip,
} from './extension-point';
export { inRequiresOrder, PluginRegistryError, validatePluginSet } from './plugin-registry';
