import { allOf, anyOf, appEditor, appViewer, tierRestricted, type AccessPredicate } from '@civic/sdk/common/access';

/**
 * §6: Classification is disabled for non-platform-admins on Starter-tier apps unless the app's
 * restriction flag (categories, labels) allows it; the sidebar shows the reason, the server refuses.
 */
export const categoriesAllowed: AccessPredicate = tierRestricted('categories');
export const labelsAllowed: AccessPredicate = tierRestricted('labels');

/** classification (the plugin): anyone holding a role on the app; each screen narrows it. */
export const canUseClassification: AccessPredicate = appViewer;

export const canViewCategories: AccessPredicate = allOf(appViewer, categoriesAllowed);
export const canEditCategories: AccessPredicate = allOf(appEditor, categoriesAllowed);
export const canViewLabels: AccessPredicate = allOf(appViewer, labelsAllowed);
export const canEditLabels: AccessPredicate = allOf(appEditor, labelsAllowed);
/** Bulk assignment: editors, when at least one of the two is allowed (the handler checks each). */
export const canClassifyIntents: AccessPredicate = allOf(appEditor, anyOf(categoriesAllowed, labelsAllowed));
