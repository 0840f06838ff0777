import { injectable } from 'inversify';
import { matchPath } from 'react-router-dom';
import type {
  AppLandmark,
  ExtensionPoint,
  ExtensionPointRef,
  NavEntry,
  NavSection,
  PagePanel,
  PluginManifest,
  PluginRoute,
  TabContribution,
} from '@civic/core/common/plugins';
import type { PluginModules } from './plugin-modules';

export interface PluginContribution<T> {
  plugin: PluginManifest;
  item: T;
}

export interface RouteMatch {
  plugin: PluginManifest;
  route: PluginRoute;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * The enabled plugins' manifests, validated, as the rest of the shell reads them: routes, nav
 * entries, and the contributions to extension points (tabs, panels, data). Core names no plugin and
 * no point; pages ask for the points their plugin offers.
 */
export const PluginCatalog = Symbol('PluginCatalog');
export interface PluginCatalog {
  readonly plugins: readonly PluginManifest[];
  routes(): PluginContribution<PluginRoute>[];
  nav(section: NavSection): PluginContribution<NavEntry>[];
  /** The tabs plugins contribute to a tab strip, in `order`. */
  tabs(strip: ExtensionPointRef): PluginContribution<TabContribution>[];
  /** The panels plugins contribute to a page's slot, in `order`. */
  panels(slot: ExtensionPointRef): PluginContribution<PagePanel>[];
  /** The values plugins contribute to a data extension point, in plugin order. */
  extensions<T>(point: ExtensionPoint<T>): PluginContribution<T>[];
  /** The route that serves an app landmark (its home, its settings), if any enabled plugin has one. */
  landmark(name: AppLandmark): PluginRoute | null;
  /** Whether some enabled plugin declares this exact route pattern (e.g. '/twofa-otp'). */
  hasRoute(pattern: string): boolean;
  /** The plugin route a browser path belongs to. */
  match(pathname: string): RouteMatch | null;
}

@injectable()
export class PluginCatalogImpl implements PluginCatalog {
  readonly #routes: PluginContribution<PluginRoute>[];
  readonly #tabs: PluginContribution<TabContribution>[];
  readonly #panels: PluginContribution<PagePanel>[];

  /**
   * With `modules`, every page and settings tab loads its plugin's web module before its own code,
   * so a plugin's stores are bound by the time its screens ask for them.
   */
  constructor(
    readonly plugins: readonly PluginManifest[],
    modules?: PluginModules,
  ) {
    const withModule = <T extends { load: () => Promise<unknown> }>(plugin: PluginManifest, item: T): T =>
      modules ? { ...item, load: () => modules.ensure(plugin.id).then(() => item.load()) } : item;
    this.#routes = plugins.flatMap((plugin) => plugin.routes.map((item) => ({ plugin, item: withModule(plugin, item) })));
    this.#tabs = plugins
      .flatMap((plugin) => (plugin.tabs ?? []).map((item) => ({ plugin, item: withModule(plugin, item) })))
      .sort((a, b) => a.item.order - b.item.order);
    this.#panels = plugins
      .flatMap((plugin) => (plugin.panels ?? []).map((item) => ({ plugin, item: withModule(plugin, item) })))
      .sort((a, b) => a.item.order - b.item.order);
  }

  routes(): PluginContribution<PluginRoute>[] {
    return this.#routes;
  }

  nav(section: NavSection): PluginContribution<NavEntry>[] {
    return this.plugins
      .flatMap((plugin) => (plugin.nav ?? []).map((item) => ({ plugin, item })))
      .filter((c) => c.item.section === section)
      .sort((a, b) => a.item.order - b.item.order);
  }

  tabs(strip: ExtensionPointRef): PluginContribution<TabContribution>[] {
    return this.#tabs.filter((c) => c.item.strip.id === strip.id);
  }

  panels(slot: ExtensionPointRef): PluginContribution<PagePanel>[] {
    return this.#panels.filter((c) => c.item.slot.id === slot.id);
  }

  extensions<T>(point: ExtensionPoint<T>): PluginContribution<T>[] {
    return this.plugins.flatMap((plugin) =>
      (plugin.extensions ?? []).filter((e) => e.point.id === point.id).map((e) => ({ plugin, item: e.value as T })),
    );
  }

  landmark(name: AppLandmark): PluginRoute | null {
    return this.#routes.find(({ item }) => item.landmark === name)?.item ?? null;
  }

  hasRoute(pattern: string): boolean {
    return this.plugins.some((plugin) => plugin.routes.some((route) => route.path === pattern));
  }

  match(pathname: string): RouteMatch | null {
    // Static segments outrank parameters, as in the router: '/app-settings/:tabId/:appId' vs others.
    let best: (RouteMatch & { score: number }) | null = null;
    for (const { plugin, item: route } of this.routes()) {
      const found = matchPath({ path: route.path, end: true }, pathname);
      if (!found) continue;
      const score = route.path.split('/').filter((s) => s && !s.startsWith(':')).length;
      if (!best || score > best.score) best = { plugin, route, params: found.params, score };
    }
    return best ? { plugin: best.plugin, route: best.route, params: best.params } : null;
  }
}
