import type { AccessContext } from '@civic/core/common/access';
import type { NavEntry, PluginManifest } from '@civic/core/common/plugins';
import { contributionAccess } from '../../plugins/plugin-access';

export interface NavLinkModel {
  kind: 'link';
  id: string;
  label: string;
  /** Resolved: `:appId` replaced by the current app. */
  to: string;
  external: boolean;
  fullPageLoad: boolean;
  order: number;
  /** Set when the entry shows but may not be used (§6 Starter tier). */
  disabledReason?: string;
  badge?: string;
  /** The plugin the entry belongs to (its module provides the badge's counter). */
  pluginId: string;
}

export interface NavGroupModel {
  kind: 'group';
  id: string;
  label: string;
  order: number;
  links: NavLinkModel[];
}

export type NavNode = NavLinkModel | NavGroupModel;

/** `{helpdeskUrl}/x` with the deployment's links filled in; null when one of them is not configured. */
function withDeploymentLinks(to: string, links: Readonly<Record<string, string>>): string | null {
  let missing = false;
  const filled = to.replace(/\{(\w+)\}/g, (_token, name: string) => {
    const value = links[name]?.trim() ?? '';
    if (!value) missing = true;
    return value.replace(/\/+$/, '');
  });
  return missing ? null : filled;
}

/**
 * The sidebar of one section from nav data and predicates, without running plugin code: hidden
 * entries dropped, disabled ones kept with their reason, `group`s gathered under one heading that
 * takes the smallest order of its entries.
 */
export function buildNav(
  contributions: ReadonlyArray<{ plugin: PluginManifest; item: NavEntry }>,
  ctx: AccessContext,
  deploymentLinks: Readonly<Record<string, string>> = {},
): NavNode[] {
  const nodes: NavNode[] = [];
  const groups = new Map<string, NavGroupModel>();
  for (const { plugin, item: declared } of contributions) {
    const to = withDeploymentLinks(declared.to, deploymentLinks);
    if (to === null) continue;
    const item = { ...declared, to };
    const usesApp = item.to.includes(':appId');
    if (usesApp && !ctx.app) continue;
    const access = contributionAccess(plugin, item)(ctx);
    if (access === false) continue;
    const link: NavLinkModel = {
      kind: 'link',
      id: `${plugin.id}.${item.id}`,
      label: item.label,
      to: ctx.app ? item.to.replace(/:appId\b/g, encodeURIComponent(ctx.app.appId)) : item.to,
      external: item.external === true,
      fullPageLoad: item.fullPageLoad === true || item.external === true,
      order: item.order,
      disabledReason: access === true ? undefined : access.disabledReason,
      badge: item.badge,
      pluginId: plugin.id,
    };
    if (!item.group) {
      nodes.push(link);
      continue;
    }
    let group = groups.get(item.group);
    if (!group) {
      group = { kind: 'group', id: `group.${item.group}`, label: item.group, order: item.order, links: [] };
      groups.set(item.group, group);
      nodes.push(group);
    }
    group.order = Math.min(group.order, item.order);
    group.links.push(link);
  }
  for (const group of groups.values()) group.links.sort(byOrder);
  return nodes.sort(byOrder);
}

/** By order, then label (by code point: `localeCompare` would read ICU's collation data on every page load). */
function byOrder(a: { order: number; label: string }, b: { order: number; label: string }): number {
  return a.order - b.order || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

/**
 * The entry for the page at `pathname`: an exact match, else one in the same area (same first
 * path segment, e.g. Settings for /app-settings/knowledge-base/{appId}).
 */
export function activeLinkId(nodes: readonly NavNode[], pathname: string): string | undefined {
  const links = nodes.flatMap((node) => (node.kind === 'group' ? node.links : [node])).filter((l) => !l.fullPageLoad);
  const area = (path: string) => path.split('/')[1] ?? '';
  return (links.find((l) => l.to === pathname) ?? links.find((l) => area(l.to) === area(pathname)))?.id;
}
