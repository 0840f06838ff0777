import { appEditor, appViewer, type AccessPredicate } from '@civic/sdk/common/access';

/** app-settings.view: anyone holding a role on the app; viewers see it read-only. */
export const canViewAppSettings: AccessPredicate = appViewer;
/** app-settings.edit: editors and admins may change the thresholds (§7 PATCH settings). */
export const canEditAppSettings: AccessPredicate = appEditor;
