import { Tag } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { observer } from '../../mobx/observer';
import { useEffect, useId, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useContainer } from '../../di/container-context';
import { NavBadgeProvider } from '../../apps/nav-badge-provider';
import { PluginModules } from '../../plugins/plugin-modules';
import { deferredPart, useDeferredPart } from '../deferred-part';
import type { NavGroupModel, NavLinkModel, NavNode } from './nav-model';

/** The disabled entries' tooltip: fetched when one is first pointed at or focused (deferred-part.ts). */
const tooltip = deferredPart(() => import('./disabled-reason-tooltip'));

/** The nav entry of the current page, if any (see activeLinkId). */
type Active = { activeId: string | undefined };

/** One sidebar section: links and collapsible groups, all reachable and usable by keyboard. */
export function NavList(props: { nodes: readonly NavNode[] } & Active) {
  return (
    <ul className="civic-nav-list">
      {props.nodes.map((node) =>
        node.kind === 'group' ? (
          <NavGroup key={node.id} group={node} activeId={props.activeId} />
        ) : (
          <NavItem key={node.id} link={node} activeId={props.activeId} />
        ),
      )}
    </ul>
  );
}

function NavGroup(props: { group: NavGroupModel } & Active) {
  const containsCurrent = props.group.links.some((link) => link.id === props.activeId);
  const [open, setOpen] = useState(containsCurrent);
  const listId = useId();
  const Chevron = open ? ChevronDownIcon : ChevronRightIcon;
  return (
    <li className="civic-nav-group">
      <button
        type="button"
        className="civic-nav-entry civic-nav-group-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="civic-nav-label">{props.group.label}</span>
        <Chevron aria-hidden="true" />
      </button>
      {/* Not Blueprint's Collapse: it measures its contents when it mounts, laying out the whole
          page there and then, once per group, while the console starts. */}
      <ul id={listId} className="civic-nav-list civic-nav-sublist" hidden={!open}>
        {open &&
          props.group.links.map((link) => (
            <NavItem key={link.id} link={link} activeId={props.activeId} />
          ))}
      </ul>
    </li>
  );
}

function NavItem(props: { link: NavLinkModel } & Active) {
  const { link } = props;
  const reasonId = useId();
  const content = (
    <>
      <span className="civic-nav-label">{link.label}</span>
      {link.badge && <NavBadge badgeKey={link.badge} pluginId={link.pluginId} />}
    </>
  );

  if (link.disabledReason) {
    return (
      <li>
        <DisabledEntry reason={link.disabledReason} reasonId={reasonId}>
          {content}
        </DisabledEntry>
        <span id={reasonId} className="civic-visually-hidden">
          {link.disabledReason}
        </span>
      </li>
    );
  }
  if (link.fullPageLoad) {
    return (
      <li>
        <a
          className="civic-nav-entry"
          href={link.to}
          {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {content}
          {link.external && <span className="civic-visually-hidden"> (opens in a new tab)</span>}
        </a>
      </li>
    );
  }
  return (
    <li>
      <Link
        className={`civic-nav-entry${link.id === props.activeId ? ' civic-nav-entry-active' : ''}`}
        aria-current={link.id === props.activeId ? 'page' : undefined}
        to={link.to}
      >
        {content}
      </Link>
    </li>
  );
}

/**
 * A disabled entry, focusable so keyboard users reach its tooltip; the reason is also its
 * accessible description. The tooltip's code arrives on first hover or focus; the entry then
 * gives way to the same entry inside the tooltip, which opens at once.
 */
function DisabledEntry(props: { reason: string; reasonId: string; children: ReactNode }) {
  const { module, request } = useDeferredPart(tooltip);
  const [openedBy, setOpenedBy] = useState<'pointer' | 'focus' | null>(null);
  const entry = (handlers: HTMLAttributes<HTMLSpanElement>) => (
    <span
      {...handlers}
      className="civic-nav-entry civic-nav-entry-disabled"
      role="link"
      aria-disabled="true"
      aria-describedby={props.reasonId}
      tabIndex={0}
    >
      {props.children}
    </span>
  );
  if (!module) {
    const want = (by: 'pointer' | 'focus') => () => {
      setOpenedBy(by);
      request();
    };
    // The pointer left before the code arrived: the tooltip then starts closed.
    return entry({ onPointerEnter: want('pointer'), onFocus: want('focus'), onPointerLeave: () => setOpenedBy(null) });
  }
  return <module.DisabledReasonTooltip reason={props.reason} openedBy={openedBy} renderEntry={entry} />;
}

const NavBadge = observer(function NavBadge(props: { badgeKey: string; pluginId: string }) {
  const container = useContainer();
  const modules = container.get<PluginModules>(PluginModules);
  useEffect(() => {
    // The counter lives in the plugin's module; a failed download just leaves the badge off.
    modules.ensure(props.pluginId).catch(() => undefined);
  }, [modules, props.pluginId]);
  // Observed: the badge shows once the plugin's module, which binds its counter, is in.
  if (modules.hasModule(props.pluginId) && !modules.loaded.has(props.pluginId)) return null;
  const providers = container.isBound(NavBadgeProvider) ? container.getAll<NavBadgeProvider>(NavBadgeProvider) : [];
  const provider = providers.find((p) => p.key === props.badgeKey);
  // §2: the count falls back to 0 on failure; nothing to show at 0.
  if (!provider || provider.count <= 0) return null;
  return (
    <Tag intent="danger" round className="civic-nav-badge" aria-label={provider.describe(provider.count)}>
      {provider.count}
    </Tag>
  );
});
