import { allOf, anyOf, appEditor, appViewer, definePermission, tierRestricted, type AccessPredicate } from '@civic/sdk/common/access';

/**
 * §6: Classification is disabled for non-platform-admins on Starter-tier apps unless the app's
 * restriction flag (categories, labels) allows it; the sidebar shows the reason, the server refuses.
 */
export const categoriesAllowed: AccessPredicate = tierRestricted('categories');
export const labelsAllowed: AccessPredicate = tierRestricted('labels');

export const canUseClassification = definePermission({
  id: 'classification.use',
  description: 'Anyone holding a role on the app; each screen narrows it.',
  predicate: appViewer,
});
export const canViewCategories = definePermission({
  id: 'classification.category.view',
  description: 'Any role on the app, when its tier allows categories.',
  predicate: allOf(appViewer, categoriesAllowed),
});
export const canEditCategories = definePermission({
  id: 'classification.category.edit',
  description: 'Editors and admins, when the tier allows categories.',
  predicate: allOf(appEditor, categoriesAllowed),
});
export const canViewLabels = definePermission({
  id: 'classification.label.view',
  description: 'Any role on the app, when its tier allows labels.',
  predicate: allOf(appViewer, labelsAllowed),
});
export const canEditLabels = definePermission({
  id: 'classification.label.edit',
  description: 'Editors and admins, when the tier allows labels.',
  predicate: allOf(appEditor, labelsAllowed),
});
export const canClassifyIntents = definePermission({
  id: 'classification.intent.classify',
  description: 'Bulk assignment: editors, when categories or labels are allowed (the handler checks each).',
  predicate: allOf(appEditor, anyOf(categoriesAllowed, labelsAllowed)),
});
