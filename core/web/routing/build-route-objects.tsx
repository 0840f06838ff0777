import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { RouteLayout } from '@civic/core/common/plugins';
import type { PluginCatalog } from '../plugins/plugin-catalog';
import { GuardPaths } from '../shell/guard-rules';
import { LayoutGate } from '../shell/layout-gate';
import { NotFoundPage } from '../shell/not-found-page';
import { LoadingScreen } from '../shell/loading-screen';
import { PageSkeleton } from '../shell/page-skeleton';
import { PublicLayout } from '../shell/public-layout';
import { CurrentShellFrame } from '../shell/shell-frame';
import { RootLayout } from '../shell/root-layout';
import { RouteErrorPage } from '../shell/route-error-page';
import { identityRoutes } from '../auth/identity-routes';
import { CorePage } from './core-page';
import { LayoutCode } from './layout-code';
import { loadedOr } from './loaded-code';
import { PluginPage } from './plugin-page';

const LoginPage = lazy(() => import('../auth/login-page').then((m) => ({ default: m.LoginPage as ComponentType })));
// The signed-in layouts (sidebar, app switcher, dialogs, popovers) load after sign-in, keeping
// them out of the JavaScript the login page needs; at once if startPageEarly brought them.
const AppShell = lazy(loadedOr(LayoutCode.main, LayoutCode.main));
const BareLayout = lazy(loadedOr(LayoutCode.bare, LayoutCode.bare));

/**
 * The router, built once from route data: the core's identity pages, every enabled plugin's routes
 * under their layout, `/` → /dashboard, and a not-found page inside the shell. Each page has its
 * own error boundary, so a crash leaves the shell working.
 */
export interface RouteBuildOptions {
  /**
   * The plugins are not loaded yet (a signed-out visitor on an identity page): any other path
   * shows the loading screen until the console restarts with them, never a false "not found".
   */
  pluginsPending?: boolean;
  /**
   * The login page, already loaded (boot loads it beside the configuration for a signed-out visitor
   * on /login): the route renders it at once, so React's first commit is the whole page, which
   * replaces the page's static shell without a skeleton in between.
   */
  loginPage?: ComponentType;
}

export function buildRouteObjects(catalog: PluginCatalog, options: RouteBuildOptions = {}): RouteObject[] {
  const byLayout: Record<RouteLayout, RouteObject[]> = { public: [], main: [], bare: [] };
  for (const route of identityRoutes) {
    const Page = lazy(route.load);
    byLayout[route.layout].push({
      path: route.path,
      element: <CorePage title={route.title} Page={Page} />,
      errorElement: <RouteErrorPage />,
    });
  }
  for (const { plugin, item: route } of catalog.routes()) {
    // Rendered at once when startPageEarly brought its code (the first page), else loaded lazily.
    const Page = lazy(loadedOr(route, route.load));
    byLayout[route.layout].push({
      path: route.path,
      element: <PluginPage plugin={plugin} route={route} Page={Page} />,
      errorElement: <RouteErrorPage />,
    });
  }

  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <Navigate to={GuardPaths.landing} replace /> },
        {
          element: (
            <LayoutGate layout="public">
              <PublicLayout />
            </LayoutGate>
          ),
          children: [
            {
              path: GuardPaths.login,
              element: options.loginPage ? (
                <options.loginPage />
              ) : (
                <Suspense fallback={<PageSkeleton />}>
                  <LoginPage />
                </Suspense>
              ),
              errorElement: <RouteErrorPage />,
            },
            ...byLayout.public,
          ],
        },
        {
          element: (
            <LayoutGate layout="bare">
              <Suspense fallback={<LoadingScreen />}>
                <BareLayout />
              </Suspense>
            </LayoutGate>
          ),
          children: byLayout.bare,
        },
        {
          element: (
            <LayoutGate layout="main">
              <Suspense fallback={<CurrentShellFrame />}>
                <AppShell />
              </Suspense>
            </LayoutGate>
          ),
          children: [...byLayout.main, { path: '*', element: options.pluginsPending ? <LoadingScreen /> : <NotFoundPage /> }],
        },
      ],
    },
  ];
}
