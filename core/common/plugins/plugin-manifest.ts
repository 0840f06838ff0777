import type { ComponentType } from 'react';
import type { ContainerModule } from 'inversify';
import type { AccessPredicate } from '../access/access-context';
import type { Extension, ExtensionPointRef, PagePanel, TabContribution } from './extension-point';

/**
 * The plugin contract. A plugin is one declarative object, default-exported from
 * `plugins/<id>/plugin.ts`: its table of contents. Everything the host needs to build the router
 * and the sidebar is data; code (pages, web bindings, server routes) is loaded lazily, so a disabled
 * plugin costs no bytes and the server can read the manifest without loading any browser code.
 */
export interface PluginManifest {
  /** kebab-case; also the folder name, config key, permission prefix and token namespace. */
  id: string;
  title: string;
  /** A Blueprint icon name, for places that show the plugin. */
  icon?: string;
  /** The plugin exists only while this feature flag is on. */
  featureFlag?: string;
  /** Applies to every route and nav entry of the plugin (each may narrow it further). */
  canAccess: AccessPredicate;
  routes: PluginRoute[];
  nav?: NavEntry[];
  /** Tabs on tab strips that plugins offer (App settings' tabs: `AppSettingsTabs`). */
  tabs?: TabContribution[];
  /** Panels shown on plugins' pages, at the slots those pages offer (`defineSlot`). */
  panels?: PagePanel[];
  /** Plain data contributions to plugins' extension points (`contribute(point, value)`). */
  extensions?: Extension[];
  /** Web DI bindings (an inversify ContainerModule), loaded when the plugin is enabled. */
  module?: () => Promise<{ default: ContainerModuleLike }>;
  /** True when `plugins/<id>/server/index.ts` default-exports a server module. */
  server?: boolean;
  /** Ids of plugins this one needs enabled; every plugin whose contract or points it uses. */
  requires?: string[];
  /**
   * Ids of plugins this one works with when a profile enables them, and does without otherwise: it
   * may import their contracts, consume their services through `api.services.find` (undefined when
   * absent) and contribute to their points, and it mounts after them when they are there.
   */
  uses?: string[];
}

/** Type only: `common` never imports inversify at run time. */
export type ContainerModuleLike = ContainerModule;

/** `main`: inside the shell; `bare`: signed in, no sidebar or footer; `public`: signed out allowed. */
export type RouteLayout = 'main' | 'bare' | 'public';

export interface PluginRoute {
  /** react-router pattern, as §2 writes it: `/app-settings/:tabId/:appId`. */
  path: string;
  layout: RouteLayout;
  /** Name of the path parameter that carries the app id; the shell makes it the current app. */
  appParam?: string;
  /** Narrows the plugin's predicate for this route. */
  canAccess?: AccessPredicate;
  /** Page title for the document and the header. */
  title: string;
  /**
   * The page's one-line description (UX.md page anatomy), when it does not depend on data: the page
   * shows it (`Page` takes it unless given its own), and so do the page's loading states and the
   * page document the build writes for the route's first path segment, which paints it before any
   * JavaScript has run.
   */
  description?: string;
  /** What switching app does on this route (§2 "App switching"); only for routes with `appParam`. */
  onAppSwitch?: AppSwitchBehaviour;
  /** A page of an app the shell itself links to or lands on (one route per landmark). */
  landmark?: AppLandmark;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * `same` (the default): the same page with the new app id — unless the page refuses a Starter-tier
 * app, which lands on the app's `home`. `{ goTo }`: another route of the new app instead (an editor
 * goes to its list), or the app's `home` when no enabled plugin serves that route.
 */
export type AppSwitchBehaviour = 'same' | { goTo: string };

/**
 * `home`: an app's landing page (§2: Starter-tier switches land there; My Workspace);
 * `settings`: an app's settings (the gear beside the app switcher opens it).
 */
export type AppLandmark = 'home' | 'settings';

export type NavSection = 'platform' | 'app';

export interface NavEntry {
  id: string;
  section: NavSection;
  label: string;
  /** Sidebar order within the section; groups take the smallest order of their entries. */
  order: number;
  /** Entries with the same group are shown under one collapsible heading (§2 sidebar). */
  group?: string;
  /**
   * Path with `:appId` standing for the current app, or an absolute URL when `external`. A
   * `{name}` token stands for a link of the deployment (console config: `{helpdeskUrl}`,
   * `{nextGenConsoleUrl}`, `{helpGuideUrl}`); an entry whose link is not configured is not shown.
   */
  to: string;
  external?: boolean;
  /** Opens by a full page load (e.g. the next-generation console, §2). */
  fullPageLoad?: boolean;
  icon?: string;
  canAccess?: AccessPredicate;
  /** Key of a badge counter service (e.g. pending questions). */
  badge?: string;
}

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Declares a plugin; checks what can be checked without the others (ids, duplicate paths). */
export function definePlugin(manifest: PluginManifest): PluginManifest {
  if (!PLUGIN_ID.test(manifest.id)) {
    throw new Error(`Plugin id "${manifest.id}" must be kebab-case`);
  }
  const seen = new Set<string>();
  for (const route of manifest.routes) {
    if (seen.has(route.path)) {
      throw new Error(`Plugin "${manifest.id}" declares the route ${route.path} twice`);
    }
    seen.add(route.path);
  }
  const navIds = new Set<string>();
  for (const entry of manifest.nav ?? []) {
    if (navIds.has(entry.id)) {
      throw new Error(`Plugin "${manifest.id}" declares the nav entry ${entry.id} twice`);
    }
    navIds.add(entry.id);
  }
  const points: ExtensionPointRef[] = [
    ...(manifest.tabs ?? []).map((tab) => tab.strip),
    ...(manifest.panels ?? []).map((panel) => panel.slot),
    ...(manifest.extensions ?? []).map((extension) => extension.point),
  ];
  for (const point of points) {
    if (point.owner !== manifest.id && !dependsOn(manifest, point.owner)) {
      throw new Error(`Plugin "${manifest.id}" contributes to ${point.id} but does not list "${point.owner}" in requires or uses`);
    }
  }
  return Object.freeze(manifest);
}

/** True when the plugin lists `owner` in `requires` or `uses`: it may build on that plugin's contract. */
export function dependsOn(manifest: Pick<PluginManifest, 'requires' | 'uses'>, owner: string): boolean {
  return (manifest.requires ?? []).includes(owner) || (manifest.uses ?? []).includes(owner);
}
