import { observer } from '../../mobx/observer';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { CONSOLE_NAME } from '@civic/core/common/constants';
import { AppContextService } from '../../apps/app-context-service';
import { ConsoleConfigService } from '../../config/console-config-service';
import { useService } from '../../di/container-context';
import { PluginCatalog } from '../../plugins/plugin-catalog';
import { AppSwitcher } from './app-switcher';
import { activeLinkId, buildNav, type NavNode } from './nav-model';
import { NavList } from './nav-list';
import { UserMenu } from './user-menu';

/** The sidebar's id: the header's Menu button controls it on narrow screens. */
export const SIDEBAR_ID = 'civic-sidebar';

export interface SidebarProps {
  /** Open as a drawer (narrow screens; on wide ones the sidebar always shows). */
  open?: boolean;
  /** Escape inside the open drawer: close it, focus back on the Menu button. */
  onClose?(returnFocus: boolean): void;
}

/**
 * The sidebar (§2, §9: 320 px): the user menu, the platform section, the app switcher and the app
 * menu — every entry comes from plugin nav data filtered by its predicates.
 */
export const Sidebar = observer(function Sidebar(props: SidebarProps) {
  const { open = false, onClose } = props;
  const navRef = useRef<HTMLElement>(null);
  // Opened from the header's button, which comes after the sidebar: the first entry takes focus.
  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  }, [open]);
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const apps = useService<AppContextService>(AppContextService);
  const { config } = useService<ConsoleConfigService>(ConsoleConfigService);
  const ctx = apps.accessContext;
  const links = { helpdeskUrl: config.helpdeskUrl, nextGenConsoleUrl: config.nextGenConsoleUrl, helpGuideUrl: config.helpGuideUrl };
  const platform = buildNav(catalog.nav('platform'), ctx, links);
  const app = buildNav(catalog.nav('app'), ctx, links);
  const { pathname } = useLocation();
  const activeId = activeLinkId([...platform, ...app], pathname);

  return (
    <nav
      ref={navRef}
      id={SIDEBAR_ID}
      className="civic-sidebar"
      aria-label="Main navigation"
      onKeyDown={(event) => {
        // A popover inside (user menu, app picker) closes first: it stops the event.
        if (open && event.key === 'Escape' && !event.defaultPrevented) onClose?.(true);
      }}
    >
      <div className="civic-sidebar-brand">{CONSOLE_NAME}</div>
      <UserMenu />
      {platform.length > 0 && <NavSection title="Platform" nodes={platform} activeId={activeId} />}
      <AppSwitcher />
      {app.length > 0 && <NavSection title="App menu" nodes={app} activeId={activeId} />}
    </nav>
  );
});

function NavSection(props: { title: string; nodes: NavNode[]; activeId: string | undefined }) {
  const headingId = useId();
  return (
    <section className="civic-nav-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="civic-sidebar-heading">
        {props.title}
      </h2>
      <NavList nodes={props.nodes} activeId={props.activeId} />
    </section>
  );
}
