import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
// File by file, not through core's barrel: the barrel reaches every page-level module, and the
// bundler would keep them all on the login page's path.
import { AuthService } from '@civic/core/web/auth/auth-service';
import { loadConsoleConfig } from '@civic/core/web/config/load-console-config';
import { ConsoleRoot } from '@civic/core/web/console-root';
import { createWebContainer } from '@civic/core/web/di/create-web-container';
import { loadEnabledPlugins } from '@civic/core/web/plugins/load-enabled-plugins';
import { PluginCatalog } from '@civic/core/web/plugins/plugin-catalog';
import { buildRouteObjects } from '@civic/core/web/routing/build-route-objects';
import { SessionCoordinator } from '@civic/core/web/session/session-coordinator';
import { BootFailure } from './boot-failure';
import { pluginImporters } from './plugin-importers';

/**
 * The browser's composition root (ARCHITECTURE "host algorithm"): read the enabled plugin ids →
 * import and validate their manifests → load their modules into the container → build the router
 * and the sidebar from their data → render. A broken deployment fails loudly, on screen.
 */
export async function boot(element: HTMLElement): Promise<void> {
  const root = createRoot(element);
  try {
    const config = await loadConsoleConfig();
    const { manifests, modules } = await loadEnabledPlugins(pluginImporters, config.plugins);
    const container = createWebContainer({ config, plugins: manifests, modules });
    container.get<SessionCoordinator>(SessionCoordinator).start();
    // The router renders the loading screen while the stored session is checked.
    void container.get<AuthService>(AuthService).restore();
    const router = createBrowserRouter(buildRouteObjects(container.get<PluginCatalog>(PluginCatalog)));
    root.render(<ConsoleRoot container={container} router={router} />);
  } catch (error) {
    renderFailure(root, error);
  }
}

function renderFailure(root: Root, error: unknown): void {
  console.error('Civic Console could not start', error);
  root.render(<BootFailure message={error instanceof Error ? error.message : String(error)} />);
}
