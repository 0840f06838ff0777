import { matchPath } from 'react-router-dom';
import { CoreApi } from '@civic/core/common/api-paths';
import type { AppContextService } from '../apps/app-context-service';
import type { PluginCatalog } from '../plugins/plugin-catalog';
import { LayoutCode } from './layout-code';
import { preload } from './loaded-code';
import { yieldToMain } from '../scheduling/yield-to-main';

/**
 * What the first page needs, started as soon as the plugins are known instead of after sign-in,
 * the app list and the shell: the page's code (its plugin module and its chunk, side by side) and
 * its layout's code begin to load, kept so the router renders them without a fallback once they are
 * in (loaded-code.ts); the app the URL names is the one the app list opens (not the remembered one,
 * then this one), and `startCall`, when given, starts that app's settings call. Each start is a
 * task of its own (asking for a module adds its chunks' preload tags to the document); the returned
 * promise settles once all have started, not loaded.
 */
export async function startPageEarly(
  catalog: PluginCatalog,
  apps: Pick<AppContextService, 'preferApp'>,
  pathname: string,
  startCall?: (path: string) => void,
): Promise<void> {
  for (const { plugin, item: route } of catalog.routes()) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    const appId = route.appParam ? match.params[route.appParam] : undefined;
    if (appId) {
      apps.preferApp(appId);
      startCall?.(CoreApi.appSettings(appId));
    }
    // Only warm-ups: what fails loads again through React.lazy, which shows its own error then.
    // route.load imports the page once its plugin's module is in; its own chunk need not wait.
    await yieldToMain();
    plugin.routes.find((own) => own.path === route.path && own.load !== route.load)?.load().catch(() => undefined);
    preload(route, route.load).catch(() => undefined);
    if (route.layout !== 'public') {
      await yieldToMain();
      preload(LayoutCode[route.layout], LayoutCode[route.layout]).catch(() => undefined);
    }
    return;
  }
}
