import { matchPath } from 'react-router-dom';
import type { AppContextService } from '../apps/app-context-service';
import type { PluginCatalog } from '../plugins/plugin-catalog';

/**
 * What the first page needs, started as soon as the plugins are known instead of after sign-in,
 * the app list and the shell: the page's code (its plugin module and chunk) begins to load, and the
 * app the URL names is the one the app list opens (not the remembered one, then this one).
 */
export function startPageEarly(catalog: PluginCatalog, apps: Pick<AppContextService, 'preferApp'>, pathname: string): void {
  for (const { item: route } of catalog.routes()) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    // Only a warm-up: the page loads it again through React.lazy, and shows its own error then.
    route.load().catch(() => undefined);
    const appId = route.appParam ? match.params[route.appParam] : undefined;
    if (appId) apps.preferApp(appId);
    return;
  }
}
