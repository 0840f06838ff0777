import { appAdmin, appEditor, appViewer, definePermission } from '@civic/sdk/common/access';

export const canViewPublishing = definePermission({
  id: 'publishing.view',
  description: 'Anyone with a role on the app sees jobs, versions, the diff and downloads exports.',
  predicate: appViewer,
});
export const canEditPublishing = definePermission({
  id: 'publishing.edit',
  description: 'Editors and admins publish (or request it), import, detect conflicts, fix phrases, cancel jobs.',
  predicate: appEditor,
});
export const canAdminPublishing = definePermission({
  id: 'publishing.admin',
  description: 'Admins roll production back, approve requests and decide whether approval is needed.',
  predicate: appAdmin,
});
