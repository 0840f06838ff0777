/** The plugin contract and its extension points, as plugins import them (one copy, from core). */
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
} from './plugin';
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
} from '@civic/core/common/plugins/extension-point';
export { inRequiresOrder, PluginRegistryError, validatePluginSet } from './plugin-registry';
