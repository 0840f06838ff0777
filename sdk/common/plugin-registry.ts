/** Validation of a deployment's plugin set; lives in core beside the contract (see ./plugin). */
export { inRequiresOrder, PluginRegistryError, validatePluginSet } from '@civic/core/common/plugins/plugin-registry';
