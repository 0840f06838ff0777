import { appAdmin, appEditor, appViewer, type AccessPredicate } from '@civic/sdk/common/access';

/** publishing.view: anyone with a role on the app sees jobs, versions, the diff and can download exports. */
export const canViewPublishing: AccessPredicate = appViewer;
/** publishing.edit: editors and admins publish (or request it), import, run conflict detection, fix phrases, cancel jobs. */
export const canEditPublishing: AccessPredicate = appEditor;
/** publishing.admin: admins roll production back, approve requests and decide whether approval is needed. */
export const canAdminPublishing: AccessPredicate = appAdmin;
