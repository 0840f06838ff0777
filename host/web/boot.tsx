import { when } from 'mobx';
import { startTransition, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import type { ConsoleConfig } from '@civic/core/common/model';
// File by file, not through core's barrel: the barrel reaches every page-level module, and the
// bundler would keep them all on the login page's path.
import { CoreApi } from '@civic/core/common/api-paths';
import { EarlyRequests } from '@civic/core/web/api/early-requests';
import { withQuery } from '@civic/core/web/api/api-client';
import { AppContextService, appListCall } from '@civic/core/web/apps/app-context-service';
import { AuthService } from '@civic/core/web/auth/auth-service';
import { FeatureFlagService } from '@civic/core/web/flags/feature-flag-service';
import { decodeTokenClaims, isTokenExpired } from '@civic/core/web/auth/decode-token';
import { identityRoutes, IdentityPaths } from '@civic/core/web/auth/identity-routes';
import { loadConsoleConfig } from '@civic/core/web/config/load-console-config';
import { TOKEN_STORAGE_KEY } from '@civic/core/common/constants';
import { ConsoleRoot } from '@civic/core/web/console-root';
import { createWebContainer } from '@civic/core/web/di/create-web-container';
import { loadEnabledPlugins, type LoadedPlugins } from '@civic/core/web/plugins/load-enabled-plugins';
import { PluginCatalog } from '@civic/core/web/plugins/plugin-catalog';
import { buildRouteObjects, type RouteBuildOptions } from '@civic/core/web/routing/build-route-objects';
import { startPageEarly } from '@civic/core/web/routing/start-page-early';
import { yieldToMain } from '@civic/core/web/scheduling/yield-to-main';
import { SessionCoordinator } from '@civic/core/web/session/session-coordinator';
import { BootFailure } from './boot-failure';
import { enabledManifestImporters } from './plugin-importers';

/**
 * The browser's composition root (ARCHITECTURE "host algorithm"): read the enabled plugin ids →
 * import and validate their manifests → load their modules into the container → build the router
 * and the sidebar from their data → render. A broken deployment fails loudly, on screen.
 */
export async function boot(element: HTMLElement): Promise<void> {
  // Start-up runs as a few short tasks rather than one long one (the scripts' evaluation, then
  // each stage below), so a phone's browser can paint and take input in between.
  await yieldToMain();
  const configLoading = loadConsoleConfig();
  // Awaited below, after a yield: handled already, so a quick failure is not reported as unhandled.
  configLoading.catch(() => undefined);
  const root = createRoot(element);
  // A returning user's first calls leave now, beside the configuration and the plugins' code: each
  // `fetch` costs a few milliseconds, and the first read of storage and of the token more, so they
  // go in tasks of their own.
  await yieldToMain();
  const token = sessionToken();
  const early = await startEarlyRequests(token);
  // The first page's app settings, once the plugins say which route (and so which app) the URL names.
  const startCall = token ? (path: string) => early.start(path, token) : undefined;
  const signedOutEntry = startsSignedOutOnIdentityPage();
  // On /login the page's code loads beside the configuration, and React's first render is the whole
  // page, taking over from the static shell the server sent (host/web/page-shells.tsx). If it
  // fails to load, the route loads it lazily and shows its own error. (A task of its own: asking for
  // it adds a preload tag for each of its chunks.)
  const onLogin = signedOutEntry && currentPath() === IdentityPaths.login;
  if (onLogin) await yieldToMain();
  const loginPage = onLogin ? loadLoginPage().catch(() => undefined) : undefined;
  try {
    const config = await configLoading;
    if (signedOutEntry) {
      // A visitor on /login (or sign-up, reset …) needs no plugin: start without them and restart
      // with them once fully signed in (every factor done), so the login page's JavaScript does not
      // grow with each plugin.
      const first = await start(root, config, { manifests: [], moduleLoaders: new Map() }, { pluginsPending: true, loginPage: await loginPage });
      await when(() => first.auth.isFullySignedIn);
      first.dispose();
    }
    await start(root, config, await loadEnabledPlugins(enabledManifestImporters(config), config.plugins), { pluginsPending: false, early, startCall });
  } catch (error) {
    renderFailure(root, error);
  }
}

interface StartOptions extends RouteBuildOptions {
  pluginsPending: boolean;
  early?: EarlyRequests;
  startCall?: (path: string) => void;
}

async function start(root: Root, config: ConsoleConfig, plugins: LoadedPlugins, options: StartOptions): Promise<{ auth: AuthService; dispose(): void }> {
  await yieldToMain();
  const container = createWebContainer({ config, plugins: plugins.manifests, moduleLoaders: plugins.moduleLoaders, earlyRequests: options.early });
  // The first resolution of a service builds it and all it needs: the larger ones a task each.
  for (const service of [AuthService, AppContextService, FeatureFlagService]) {
    await yieldToMain();
    container.get(service);
  }
  await yieldToMain();
  const coordinator = container.get<SessionCoordinator>(SessionCoordinator);
  coordinator.start();
  const auth = container.get<AuthService>(AuthService);
  // The router renders the loading screen while the stored session is checked.
  void auth.restore();
  await yieldToMain();
  const catalog = container.get<PluginCatalog>(PluginCatalog);
  if (!options.pluginsPending) {
    const apps = container.get<AppContextService>(AppContextService);
    await yieldToMain();
    await startPageEarly(catalog, apps, window.location.pathname, options.startCall);
  }
  await yieldToMain();
  const routes = buildRouteObjects(catalog, options);
  await yieldToMain();
  const router = createBrowserRouter(routes);
  startTransition(() => root.render(<ConsoleRoot container={container} router={router} />));
  return {
    auth,
    dispose() {
      coordinator.dispose();
      router.dispose();
    },
  };
}

const IDENTITY_ENTRY_PATHS = new Set<string>([IdentityPaths.login, ...identityRoutes.filter((route) => route.layout !== 'main').map((route) => route.path)]);

function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage disabled: nobody can be signed in from an earlier visit.
    return null;
  }
}

function currentPath(): string {
  return window.location.pathname.replace(/\/+$/, '') || '/';
}

function startsSignedOutOnIdentityPage(): boolean {
  return !storedToken() && IDENTITY_ENTRY_PATHS.has(currentPath());
}

async function loadLoginPage(): Promise<ComponentType> {
  return (await import('@civic/core/web/auth/login-page')).LoginPage;
}

/** The stored token, if it can open a session without signing in again (not expired, not half signed in). */
function sessionToken(): string | null {
  const token = storedToken();
  if (!token || isTokenExpired(token) || decodeTokenClaims(token)?.typ === 'otp-step') return null;
  return token;
}

/**
 * Who the stored token belongs to, the flags, the tier limits and the user's app list (by the
 * token's own claim of platform admin; a stale claim only leaves the call unclaimed): every
 * signed-in page asks for them first.
 */
async function startEarlyRequests(token: string | null): Promise<EarlyRequests> {
  const early = new EarlyRequests();
  if (!token) return early;
  const appList = appListCall(decodeTokenClaims(token)?.isPlatformAdmin === true);
  for (const path of [CoreApi.me, CoreApi.featureFlags, CoreApi.tierLimits, withQuery(appList.path, appList.query)]) {
    await yieldToMain();
    early.start(path, token);
  }
  return early;
}

function renderFailure(root: Root, error: unknown): void {
  console.error('Civic Console could not start', error);
  root.render(<BootFailure message={error instanceof Error ? error.message : String(error)} />);
}
