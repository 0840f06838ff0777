import type { ComponentType } from 'react';
import type { ContainerModule } from 'inversify';
import type { AccessPredicate } from '../access/access-context';

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
  settingsTabs?: SettingsTab[];
  /** Panels shown on other plugins' pages, at the slots those pages offer (`PanelSlots`). */
  panels?: PagePanel[];
  /** Web DI bindings (an inversify ContainerModule), loaded when the plugin is enabled. */
  module?: () => Promise<{ default: ContainerModuleLike }>;
  /** True when `plugins/<id>/server/index.ts` default-exports a server module. */
  server?: boolean;
  /** Ids of plugins this one needs enabled. */
  requires?: string[];
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
  load: () => Promise<{ default: ComponentType }>;
}

export type NavSection = 'platform' | 'app';

export interface NavEntry {
  id: string;
  section: NavSection;
  label: string;
  /** Sidebar order within the section; groups take the smallest order of their entries. */
  order: number;
  /** Entries with the same group are shown under one collapsible heading (§2 sidebar). */
  group?: string;
  /** Path with `:appId` standing for the current app, or an absolute URL when `external`. */
  to: string;
  external?: boolean;
  /** Opens by a full page load (e.g. the next-generation console, §2). */
  fullPageLoad?: boolean;
  icon?: string;
  canAccess?: AccessPredicate;
  /** Key of a badge counter service (e.g. pending questions). */
  badge?: string;
}

/** An App settings tab (§2 "App settings tabs") that any plugin may contribute. */
export interface SettingsTab {
  id: string;
  title: string;
  order: number;
  canAccess?: AccessPredicate;
  load: () => Promise<{ default: ComponentType<{ appId: string }> }>;
}

/**
 * A panel one plugin puts on another plugin's page, where that page offers a slot: the web chat's
 * "Try it" chat on intent pages, for one. The page names neither the panel nor its plugin; a panel
 * whose plugin is disabled, or whose predicate refuses the user, is not shown.
 */
export interface PagePanel {
  id: string;
  /** One of `PanelSlots`. */
  slot: string;
  title: string;
  order: number;
  canAccess?: AccessPredicate;
  load: () => Promise<{ default: ComponentType<PanelProps> }>;
}

/** What a slot tells its panels: the app, and the page's own facts (e.g. `intentId`). */
export interface PanelProps {
  appId: string;
  context?: Readonly<Record<string, string | undefined>>;
}

/** The slots pages offer. */
export const PanelSlots = {
  /** Beside the intent and Q&A editors (knowledge-base): context `intentId`, `mode`. */
  intentEditor: 'intent-editor',
  /** Under the confidence thresholds (App settings, Knowledge base): context `mlConfidenceThreshold`, the form's value as typed. */
  knowledgeBaseSettings: 'knowledge-base-settings',
} as const;

/** `order` of the App settings tabs §2 names, so tabs from different plugins line up as it lists them. */
export const SettingsTabOrder = {
  general: 10,
  webChat: 20,
  knowledgeBase: 30,
  botPublishing: 40,
  genAiBehaviour: 50,
  reports: 60,
} as const;

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
  return Object.freeze(manifest);
}
