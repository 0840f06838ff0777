import type { ComponentType } from 'react';
import type { AccessPredicate } from '../access/access-context';

/**
 * Seams a plugin offers to others (STYLE rule 14). The offering plugin declares the point in its
 * `contract/` and owns its name; a contributor imports the descriptor from there and lists the
 * offering plugin in `requires` (definePlugin checks it). Core only carries contributions to the
 * page that asked for them and names no point itself.
 */
export interface ExtensionPointRef {
  /** `<owner plugin id>.<name>`, e.g. `knowledge-base.intent-editor`. */
  readonly id: string;
  /** The id of the plugin that offers the point (the part of `id` before the first dot). */
  readonly owner: string;
}

/** A point others contribute plain data to (the offering plugin reads the values). */
export interface ExtensionPoint<T> extends ExtensionPointRef {
  readonly kind: 'data';
  /** Type only: what a contribution carries. Never set. */
  readonly contributionType?: T;
}

/** What a page tells the panels in one of its slots, besides the app: the page's own facts. */
export type PanelContext = Readonly<Record<string, string | undefined>>;

/** A place on a page where other plugins' panels appear, telling them `C`. */
export interface Slot<C extends PanelContext = PanelContext> extends ExtensionPointRef {
  readonly kind: 'slot';
  /** Type only: the context the page passes. Never set. */
  readonly contextType?: C;
}

/** A strip of tabs on a page that other plugins add tabs to, lined up by the offered `order`. */
export interface TabStrip<O extends Readonly<Record<string, number>> = Readonly<Record<string, number>>> extends ExtensionPointRef {
  readonly kind: 'tabs';
  /** Named `order` values, so tabs from different plugins line up as the page's owner wants. */
  readonly order: O;
}

/** One data contribution: made with `contribute(point, value)`, listed in the manifest's `extensions`. */
export interface Extension<T = unknown> {
  readonly point: ExtensionPoint<T>;
  readonly value: T;
}

/** What a slot tells its panels: the app, and the page's own facts (e.g. `intentId`). */
export interface PanelProps<C extends PanelContext = PanelContext> {
  appId: string;
  context?: C;
}

/**
 * A panel one plugin puts on another plugin's page, in a slot that page offers: the web chat's
 * "Try it" chat beside the intent editor, for one. The page names neither the panel nor its plugin;
 * a panel whose plugin is disabled, or whose predicate refuses the user, is not shown.
 */
export interface PagePanel {
  id: string;
  /** A slot of any context (`slotPanel` types the component by it). */
  slot: ExtensionPointRef & { readonly kind: 'slot' };
  title: string;
  order: number;
  canAccess?: AccessPredicate;
  load: () => Promise<{ default: ComponentType<PanelProps> }>;
}

/** A tab a plugin adds to a tab strip another plugin (or itself) offers. */
export interface TabContribution {
  id: string;
  strip: TabStrip;
  title: string;
  order: number;
  canAccess?: AccessPredicate;
  load: () => Promise<{ default: ComponentType<{ appId: string }> }>;
}

const POINT_ID = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\.[a-z][a-z0-9]*(?:[-.][a-z0-9]+)*$/;

function pointRef(id: string): ExtensionPointRef {
  const match = POINT_ID.exec(id);
  if (!match) throw new Error(`Extension point id "${id}" must be "<plugin id>.<name>" in kebab-case`);
  return { id, owner: match[1] };
}

/** Declares a point that takes plain data contributions of type `T`. */
export function defineExtensionPoint<T>(id: string): ExtensionPoint<T> {
  return Object.freeze({ ...pointRef(id), kind: 'data' as const });
}

/** Declares a slot for other plugins' panels; `C` is the context the page passes to them. */
export function defineSlot<C extends PanelContext = PanelContext>(id: string): Slot<C> {
  return Object.freeze({ ...pointRef(id), kind: 'slot' as const });
}

/** Declares a tab strip with its named tab orders. */
export function defineTabStrip<const O extends Readonly<Record<string, number>>>(id: string, order: O): TabStrip<O> {
  return Object.freeze({ ...pointRef(id), kind: 'tabs' as const, order: Object.freeze({ ...order }) });
}

/** One contribution of `value` to `point`, typed by the point. */
export function contribute<T>(point: ExtensionPoint<T>, value: T): Extension<T> {
  return Object.freeze({ point, value });
}

/**
 * A panel for `slot`, its component typed by the slot's context (a manifest lists it in `panels`).
 */
export function slotPanel<C extends PanelContext>(
  slot: Slot<C>,
  panel: Omit<PagePanel, 'slot' | 'load'> & { load: () => Promise<{ default: ComponentType<PanelProps<C>> }> },
): PagePanel {
  return { ...panel, slot, load: panel.load as PagePanel['load'] };
}
