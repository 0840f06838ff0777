import { platformAdmin, type AccessPredicate } from '@civic/sdk/common/access';

/** platform-admin: agencies, adaptors, chat apps, tiers and flags — platform admins only (§1, §6). */
export const canAdministerPlatform: AccessPredicate = platformAdmin;
