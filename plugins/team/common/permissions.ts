import { appAdmin, appEditor, definePermission } from '@civic/sdk/common/access';

export const canViewTeam = definePermission({
  id: 'team.view',
  description: 'Editors and admins see Team; viewers do not (§6).',
  predicate: appEditor,
});
export const canManageTeam = definePermission({
  id: 'team.manage',
  description: "Invite, change roles, remove: the app's admins and platform admins.",
  predicate: appAdmin,
});
