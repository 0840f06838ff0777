import { Button, Callout } from '@blueprintjs/core';
import { observer } from '../mobx/observer';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppContextService } from '../apps/app-context-service';
import { AuthService } from '../auth/auth-service';
import { InactivityDialog } from '../auth/inactivity-dialog';
import { useService } from '../di/container-context';
import { FeatureFlagService } from '../flags/feature-flag-service';
import { Footer } from './footer';
import { Header, PAGE_TITLE_ID } from './header';
import { CurrentPageLoading } from './shell-frame';
import { Sidebar, SIDEBAR_ID } from './sidebar/sidebar';
import { SkipLink } from './skip-link';
import { useFocusOnNavigate } from './use-focus-on-navigate';

/**
 * The main layout (§9): sidebar 320, header 113, footer 80, the page in between. On a narrow screen
 * (shell.css: ≤ 800 px, where a 320 px sidebar would leave the page a sliver — WCAG 1.4.10 reflow)
 * the sidebar is a drawer the header's Menu button opens; a navigation, Escape or a click beside it
 * closes it.
 */
export const AppShell = observer(function AppShell() {
  useFocusOnNavigate(PAGE_TITLE_ID);
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setNavOpen(false), [pathname]);
  const closeNav = useCallback((returnFocus: boolean) => {
    setNavOpen(false);
    if (returnFocus) document.getElementById(NAV_TOGGLE_ID)?.focus();
  }, []);
  return (
    <div className="civic-shell" data-nav-open={navOpen ? 'true' : undefined}>
      <SkipLink />
      <Sidebar open={navOpen} onClose={closeNav} />
      {navOpen && <div className="civic-nav-backdrop" aria-hidden="true" onClick={() => closeNav(false)} />}
      <div className="civic-shell-body">
        <Header nav={{ id: NAV_TOGGLE_ID, open: navOpen, controls: SIDEBAR_ID, onToggle: () => setNavOpen((open) => !open) }} />
        <main id="main-content" className="civic-main" tabIndex={-1}>
          <SessionDataGate>
            <Outlet />
          </SessionDataGate>
        </main>
        <Footer />
      </div>
      <InactivityDialog />
    </div>
  );
});

/** The header's Menu button (narrow screens only): focus comes back to it when the drawer closes. */
const NAV_TOGGLE_ID = 'civic-nav-toggle';

/** The first load of a session shows the §2 loading screen, under the page's description, until the apps and flags are in. */
export const SessionDataGate = observer(function SessionDataGate(props: { children: ReactNode }) {
  const auth = useService<AuthService>(AuthService);
  const apps = useService<AppContextService>(AppContextService);
  const flags = useService<FeatureFlagService>(FeatureFlagService);
  // Half signed in (one-time code owed): no session data is loaded, the page works without it.
  if (!auth.isFullySignedIn) return <>{props.children}</>;
  if (apps.status === 'error') {
    return (
      <Callout intent="danger" role="alert" title="Your apps could not be loaded">
        <p>{apps.error}</p>
        <Button text="Try again" onClick={() => void apps.loadApps()} />
      </Callout>
    );
  }
  if (apps.status !== 'ready' || !flags.loaded) return <CurrentPageLoading />;
  return <>{props.children}</>;
});
