/**
 * Extension points (web-visible seams): a plugin declares its slots, tab strips and data points in
 * its `contract/`; others contribute through their manifests. One copy, from core.
 */
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
