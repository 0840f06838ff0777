import { observer } from '../mobx/observer';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { RouteLayout } from '@civic/core/common/plugins';
import { AuthService } from '../auth/auth-service';
import { isCoreRoute } from '../auth/identity-routes';
import { ConsoleConfigService } from '../config/console-config-service';
import { useService } from '../di/container-context';
import { PluginCatalog } from '../plugins/plugin-catalog';
import { GuardPaths, guardRedirect } from './guard-rules';
import { LoadingScreen } from './loading-screen';
import { CurrentShellFrame } from './shell-frame';

/** Where a redirect to /login came from, so signing in returns there. */
export interface FromState {
  from?: { pathname: string; search?: string };
}

/** Applies the §2 guard rules to every route of one layout before rendering it. */
export const LayoutGate = observer(function LayoutGate(props: { layout: RouteLayout; children: ReactNode }) {
  const auth = useService<AuthService>(AuthService);
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const { config } = useService<ConsoleConfigService>(ConsoleConfigService);
  const location = useLocation();

  // The main layout's frame, with the page's title and description where the page document drew them.
  if (auth.status === 'unknown') return props.layout === 'main' ? <CurrentShellFrame /> : <LoadingScreen />;
  const target = guardRedirect({
    user: auth.user,
    pathname: location.pathname,
    layout: props.layout,
    twoFactorEnabled: config.switches.twoFactor,
    hasRoute: (pattern) => isCoreRoute(pattern) || catalog.hasRoute(pattern),
  });
  if (!target) return <>{props.children}</>;

  if (target === GuardPaths.login) {
    // After a chosen logout the next person starts afresh; after an expiry or a deep link, come back here.
    const state: FromState | null =
      auth.signOutCause === 'logout' ? null : { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to={GuardPaths.login} state={state} replace />;
  }
  // Just signed in: back to the page that sent them to /login, if it was a signed-in page.
  const from = (location.state as FromState | null)?.from;
  const back =
    target === GuardPaths.landing && from && !(GuardPaths.signedOutOnly as readonly string[]).includes(from.pathname)
      ? `${from.pathname}${from.search ?? ''}`
      : target;
  // A step still owed (one-time code, first password change) carries the deep link along, so the
  // last step returns there rather than to the dashboard (issue 21).
  const carried: FromState | null = back === target && target !== GuardPaths.landing && from ? { from } : null;
  return <Navigate to={back} state={carried} replace />;
});
