import { allOf, anyone, type AccessContext, type AccessPredicate } from '@civic/core/common/access';
import type { NavEntry, PagePanel, PluginManifest, PluginRoute, TabContribution } from '@civic/core/common/plugins';

/**
 * The full predicate of a contribution: the plugin's feature flag, then the plugin's predicate,
 * then the contribution's own (Grafana's order: enabled → access → each entry).
 */
export function contributionAccess(
  plugin: PluginManifest,
  own: PluginRoute | NavEntry | TabContribution | PagePanel | undefined,
): AccessPredicate {
  const flag: AccessPredicate = plugin.featureFlag
    ? (ctx: AccessContext) => ctx.flags[plugin.featureFlag as string] === true
    : anyone;
  return allOf(flag, plugin.canAccess, own?.canAccess ?? anyone);
}
