import { OverlaysProvider } from '@blueprintjs/core';
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import type { Container, ContainerModule } from 'inversify';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { CoreApi } from '@civic/core/common/api-paths';
import type { AppSettings, AppSummary, ConsoleConfig, SessionUser, TierLimit } from '@civic/core/common/model';
import type { PluginManifest } from '@civic/core/common/plugins';
import { ApiClient } from '../api/api-client';
import { TokenStore } from '../api/token-store';
import { AppContextService } from '../apps/app-context-service';
import { AuthService } from '../auth/auth-service';
import { ContainerProvider } from '../di/container-context';
import { createWebContainer } from '../di/create-web-container';
import { PluginCatalog } from '../plugins/plugin-catalog';
import { buildRouteObjects } from '../routing/build-route-objects';
import { SessionCoordinator } from '../session/session-coordinator';
import { Header } from '../shell/header';
import { ToastHost } from '../toasts/toast-host';
import { FakeApiClient, type FakeHandler } from './fake-api-client';
import { testConfig, testSettings } from './fixtures';

export interface TestAppOptions {
  /** Services replacing the real ones: `[[ToastService, fakeToasts]]` (Backstage's `apis`). */
  services?: ReadonlyArray<readonly [symbol, unknown]>;
  /** Extra or replacing API answers, by 'METHOD /path/:param'. */
  api?: Record<string, FakeHandler>;
  /** The URL to start at. */
  route?: string;
  /** The route pattern the element is mounted at, so `useParams` works (default: every path). */
  path?: string;
  /** The signed-in user; `null` for signed out. Default: nobody. */
  user?: SessionUser | null;
  /** The token kept from an earlier visit, read back at start (a reload); default: one for `user`. */
  storedToken?: string;
  /** The user's apps (the first is current unless `route` names another); or one app. */
  app?: AppSummary | AppSummary[];
  /** App settings by app id; default built from each app. */
  settings?: Record<string, Partial<AppSettings>>;
  flags?: Record<string, boolean>;
  tierLimits?: TierLimit[];
  plugins?: PluginManifest[];
  /** Plugin web modules to load (e.g. the plugin under test's bindings). */
  modules?: ContainerModule[];
  config?: Partial<ConsoleConfig>;
}

export interface TestApp extends RenderResult {
  /** The DI container the console runs on. */
  services: Container;
  api: FakeApiClient;
  router: ReturnType<typeof createMemoryRouter>;
  /** The current path, as the router sees it. */
  pathname(): string;
}

/**
 * Renders `element` the way the console would: a DI container with the core services (and
 * `services` overriding them), a signed-in session loaded through a fake API, a memory router.
 */
export async function renderInTestApp(element: ReactElement, options: TestAppOptions = {}): Promise<TestApp> {
  const routes: RouteObject[] = [
    { path: options.path ?? '*', element: <TestFrame>{element}</TestFrame> },
    { path: '*', element: <LocationProbe /> },
  ];
  return mount(options, () => routes);
}

/** Renders the whole console router (guards, layouts, plugin routes) at `route`. */
export async function renderConsoleInTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return mount(options, (container) => buildRouteObjects(container.get<PluginCatalog>(PluginCatalog)));
}

async function mount(options: TestAppOptions, routesFor: (container: Container) => RouteObject[]): Promise<TestApp> {
  const apps = options.app === undefined ? [] : Array.isArray(options.app) ? options.app : [options.app];
  const plugins = options.plugins ?? [];
  const config = testConfig({ plugins: plugins.map((p) => p.id), ...options.config });
  const api = defaultApi(options, apps);
  const container = createWebContainer({ config, plugins, modules: options.modules });
  container.rebind<ApiClient>(ApiClient).toConstantValue(api);
  for (const [token, value] of options.services ?? []) container.rebind(token).toConstantValue(value);

  const user = options.user ?? null;
  if (options.storedToken) container.get<TokenStore>(TokenStore).set(options.storedToken);
  else if (user) container.get<TokenStore>(TokenStore).set('test-token');
  else container.get<TokenStore>(TokenStore).clear();
  sessionStorage.clear();
  const auth = container.get<AuthService>(AuthService);
  await auth.restore();
  container.get<SessionCoordinator>(SessionCoordinator).start();
  const appContext = container.get<AppContextService>(AppContextService);
  if (user && user.authLevel === 2) await waitFor(() => expect(appContext.status).toBe('ready'));

  const router = createMemoryRouter(routesFor(container), { initialEntries: [options.route ?? '/'] });
  const result = render(
    <OverlaysProvider>
      <ContainerProvider container={container}>
        <RouterProvider router={router} />
      </ContainerProvider>
    </OverlaysProvider>,
  );
  await settle();
  return {
    ...result,
    services: container,
    api,
    router,
    pathname: () => router.state.location.pathname,
  };
}

/**
 * Lets pending work finish inside React's act(): the fake API's answers, the store updates and
 * the re-renders they cause. Await it after an action whose consequences the test checks next.
 */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function defaultApi(options: TestAppOptions, apps: AppSummary[]): FakeApiClient {
  const settingsOf = (appId: string): AppSettings | undefined => {
    const app = apps.find((a) => a.appId === appId);
    return app ? testSettings(app, options.settings?.[appId]) : undefined;
  };
  const api = new FakeApiClient({
    [`GET ${CoreApi.version}`]: { version: '1.41.3' },
    [`GET ${CoreApi.me}`]: () => options.user,
    [`GET ${CoreApi.myApps}`]: { apps },
    [`GET ${CoreApi.adminApps}`]: { apps, total: apps.length },
    [`GET ${CoreApi.featureFlags}`]: {
      toggles: Object.entries(options.flags ?? {}).map(([name, enabled]) => ({
        name,
        enabled,
        variant: { name: 'disabled', enabled: false },
        impressionData: false,
      })),
    },
    [`GET ${CoreApi.tierLimits}`]: options.tierLimits ?? [],
    'GET /api/v1/apps/:appId/settings': ({ params }: { params: Record<string, string | undefined> }) => {
      const appSettings = settingsOf(params.appId ?? '');
      if (!appSettings) throw new Error(`no such app ${params.appId}`);
      return { appSettings };
    },
  });
  for (const [key, handler] of Object.entries(options.api ?? {})) api.on(key, handler);
  return api;
}

/** What a page sees in the shell: the header with its title, the page, the toasts. */
function TestFrame(props: { children: ReactElement }) {
  return (
    <>
      <Header />
      <main id="main-content">{props.children}</main>
      <ToastHost />
    </>
  );
}

/** Where navigation away from the page under test lands. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}
