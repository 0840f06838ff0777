import { platformAdmin, type AccessPredicate } from '@civic/sdk/common/access';

/** users.manage: list, invite, edit, lock, reset and set roles — platform admins only. */
export const canManageUsers: AccessPredicate = platformAdmin;
