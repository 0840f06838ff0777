import { isAllowed, type AccessContext, type AccessPredicate } from '@civic/core/common/access';
import { SubscriptionTier } from '@civic/core/common/model';
import { generatePath } from 'react-router-dom';

/** §2 route patterns the switching rules name (routes, not plugins: whoever serves them). */
export const AppSwitchPaths = {
  /** Intent, Q&A and flow editing land on the intents list of the new app. */
  editingRoutePrefixes: ['/intent/', '/QandA/', '/flow/'],
  intents: '/intents/:appId',
  /** A Starter-tier app lands here when the current page is not allowed for it. */
  workspace: '/my-workspace/:appId',
  dashboard: '/dashboard',
} as const;

export interface AppSwitchInput {
  /** The plugin route the user is on, if any. */
  current: {
    path: string;
    appParam?: string;
    params: Readonly<Record<string, string | undefined>>;
    canAccess: AccessPredicate;
  } | null;
  newAppId: string;
  /** The AccessContext with the new app current. */
  ctx: AccessContext;
  hasRoute(pattern: string): boolean;
}

/**
 * Where switching app takes the user (§2 "App switching"): the same page with the new app id;
 * editing routes go to the intents list; for a Starter-tier app, a page it may not use goes to My
 * Workspace. `null`: stay (the page does not depend on the app).
 */
export function appSwitchTarget(input: AppSwitchInput): string | null {
  const { current, newAppId, ctx } = input;
  if (!current?.appParam) return null;
  const landing = (pattern: string) => generatePath(pattern, { appId: newAppId });
  const fallback = () =>
    input.hasRoute(AppSwitchPaths.workspace) ? landing(AppSwitchPaths.workspace) : AppSwitchPaths.dashboard;

  if (AppSwitchPaths.editingRoutePrefixes.some((prefix) => current.path.startsWith(prefix))) {
    return input.hasRoute(AppSwitchPaths.intents) ? landing(AppSwitchPaths.intents) : fallback();
  }
  if (ctx.app?.subscriptionTier === SubscriptionTier.STARTER && !isAllowed(current.canAccess(ctx))) {
    return fallback();
  }
  return generatePath(current.path, { ...current.params, [current.appParam]: newAppId });
}
