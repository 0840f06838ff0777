import { appEditor, appViewer, definePermission } from '@civic/sdk/common/access';

export const canViewAppSettings = definePermission({
  id: 'app-settings.view',
  description: 'Anyone holding a role on the app; viewers see the settings read-only.',
  predicate: appViewer,
});
export const canEditAppSettings = definePermission({
  id: 'app-settings.edit',
  description: 'Editors and admins change the thresholds (§7 PATCH settings).',
  predicate: appEditor,
});
