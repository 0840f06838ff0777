import { appAdmin, appViewer, anyone, definePermission, type AccessContext, type AccessPredicate } from '@civic/sdk/common/access';

/** The app is one of the deployment profile's `subscriberAppIds` (§6 "Subscriber appears only for two specific apps"). */
export function isSubscriberApp(ctx: AccessContext): boolean {
  return ctx.app !== null && ctx.subscriberAppIds.includes(ctx.app.appId);
}

/**
 * On the server an app without the subscriber page is a 404 for everyone (the routes check it), so
 * the role is judged only on the listed apps: a role alone never turns that 404 into a 403.
 */
const onListedApps = (role: AccessPredicate): AccessPredicate => (ctx) => (ctx.app !== null && !isSubscriberApp(ctx) ? true : role(ctx));

/** The plugin's own predicate: its public opt-in routes are for everyone; each route says more. */
export const canUseSubscriptions = definePermission({
  id: 'subscribers.public',
  description: 'The public opt-in and unsubscribe routes (origin-guarded and rate-limited); the console routes check roles.',
  predicate: anyone,
});
/** The page and its nav entry: listed apps only, anyone with a role on the app. */
export const canOpenSubscriberPage = definePermission({
  id: 'subscribers.page',
  description: 'The Subscriber page: only on the apps of the profile’s subscriberAppIds, for anyone with a role on the app.',
  predicate: (ctx) => isSubscriberApp(ctx) && appViewer(ctx),
});
export const canViewSubscribers = definePermission({
  id: 'subscribers.view',
  description: 'Viewers, editors and admins of a listed app (and platform admins) see its subscribers, contacts masked.',
  predicate: onListedApps(appViewer),
});
export const canManageSubscribers = definePermission({
  id: 'subscribers.manage',
  description: 'Admins of a listed app (and platform admins) reveal a contact, unsubscribe someone and export the list; each is audited.',
  predicate: onListedApps(appAdmin),
});
