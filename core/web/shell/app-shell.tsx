import { Button, Callout } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { AppContextService } from '../apps/app-context-service';
import { AuthService } from '../auth/auth-service';
import { InactivityDialog } from '../auth/inactivity-dialog';
import { useService } from '../di/container-context';
import { FeatureFlagService } from '../flags/feature-flag-service';
import { Footer } from './footer';
import { Header, PAGE_TITLE_ID } from './header';
import { LoadingScreen } from './loading-screen';
import { Sidebar } from './sidebar/sidebar';
import { SkipLink } from './skip-link';
import { useFocusOnNavigate } from './use-focus-on-navigate';

/** The main layout (§9): sidebar 320, header 113, footer 80, the page in between. */
export const AppShell = observer(function AppShell() {
  useFocusOnNavigate(PAGE_TITLE_ID);
  return (
    <div className="civic-shell">
      <SkipLink />
      <Sidebar />
      <div className="civic-shell-body">
        <Header />
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

/** The first load of a session shows the §2 loading screen until the apps and flags are in. */
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
  if (apps.status !== 'ready' || !flags.loaded) return <LoadingScreen />;
  return <>{props.children}</>;
});
