import { isAllowed, type AccessContext, type AccessPredicate } from '@civic/core/common/access';
import { SubscriptionTier } from '@civic/core/common/model';
import type { AppSwitchBehaviour } from '@civic/core/common/plugins';
import { generatePath } from 'react-router-dom';
import { GuardPaths } from '../guard-rules';

export interface AppSwitchInput {
  /** The plugin route the user is on, if any. */
  current: {
    path: string;
    appParam?: string;
    params: Readonly<Record<string, string | undefined>>;
    canAccess: AccessPredicate;
    /** What the route declares (`onAppSwitch`); `same` when it says nothing. */
    onAppSwitch?: AppSwitchBehaviour;
  } | null;
  newAppId: string;
  /** The AccessContext with the new app current. */
  ctx: AccessContext;
  /** The route that declares itself an app's home (My Workspace), when some plugin serves one. */
  home: AppRoute | null;
  /** The enabled route with this exact pattern, if any. */
  route(pattern: string): AppRoute | null;
}

/** A route as the rules need it: its pattern and the parameter that holds the app id. */
export interface AppRoute {
  path: string;
  appParam?: string;
}

/**
 * Where switching app takes the user (§2 "App switching"), as the current route declares it: the
 * same page with the new app id (`same`), or another route of the new app (`{ goTo }`: editors go
 * to their list); a page that refuses a Starter-tier app lands on the app's home. `null`: stay (the
 * page does not depend on the app). Core names no route of a plugin: routes say it themselves.
 */
export function appSwitchTarget(input: AppSwitchInput): string | null {
  const { current, newAppId, ctx } = input;
  if (!current?.appParam) return null;
  const landing = (route: AppRoute | null) => (route?.appParam ? generatePath(route.path, { [route.appParam]: newAppId }) : null);
  const fallback = () => landing(input.home) ?? GuardPaths.landing;
  const behaviour = current.onAppSwitch ?? 'same';

  if (behaviour !== 'same') return landing(input.route(behaviour.goTo)) ?? fallback();
  if (ctx.app?.subscriptionTier === SubscriptionTier.STARTER && !isAllowed(current.canAccess(ctx))) {
    return fallback();
  }
  return generatePath(current.path, { ...current.params, [current.appParam]: newAppId });
}
