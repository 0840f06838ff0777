import { appEditor, definePermission } from '@civic/sdk/common/access';

export const canViewEntities = definePermission({
  id: 'entities.view',
  description: '§6 "Admin and editor see Entities … viewers do not": the role alone decides.',
  predicate: appEditor,
});
export const canEditEntities = definePermission({
  id: 'entities.edit',
  description: 'Editors and admins create, change and delete entities.',
  predicate: appEditor,
});
