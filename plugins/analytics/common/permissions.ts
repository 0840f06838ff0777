import { allOf, appAdmin, appViewer, definePermission, platformAdmin, signedIn, superbotApp, tierRestricted } from '@civic/sdk/common/access';

/** §6: anyone on the app, but a Starter-tier app needs the analytics restriction flag (platform admins pass). */
export const canViewAnalytics = definePermission({
  id: 'analytics.view',
  description: 'Anyone with a role on the app; on a Starter-tier app only when its analytics restriction flag allows it.',
  predicate: allOf(appViewer, tierRestricted('analytics')),
});

/** The Superbot page: only superbot apps route to linked apps. */
export const canViewSuperbotAnalytics = definePermission({
  id: 'analytics.superbot.view',
  description: 'As analytics.view, on a superbot app.',
  predicate: allOf(appViewer, tierRestricted('analytics'), superbotApp),
});

/** Scheduled report e-mails of the app (App settings, Reports). */
export const canManageReports = definePermission({
  id: 'analytics.reports.manage',
  description: 'App admins (and platform admins), when the tier allows analytics.',
  predicate: allOf(appAdmin, tierRestricted('analytics')),
});

/** /feature-analytics. */
export const canViewFeatureAnalytics = definePermission({
  id: 'analytics.features.view',
  description: 'Platform admins only.',
  predicate: platformAdmin,
});

/** The plugin as a whole: its app pages, feature analytics and the feature-usage call narrow it. */
export const canUseAnalyticsPlugin = definePermission({
  id: 'analytics.plugin',
  description: 'Any signed-in user; each route and entry narrows it.',
  predicate: signedIn,
});

/** §7: every signed-in user's console reports the features they use. */
export const canRecordFeatureUsage = definePermission({
  id: 'analytics.features.record',
  description: 'Any signed-in user (about an app they hold a role on, or none).',
  predicate: signedIn,
});
