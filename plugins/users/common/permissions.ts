import { definePermission, platformAdmin } from '@civic/sdk/common/access';

export const canManageUsers = definePermission({
  id: 'users.manage',
  description: 'List, invite, edit, lock, reset and set roles: platform admins only.',
  predicate: platformAdmin,
});
