import { definePermission, platformAdmin } from '@civic/sdk/common/access';

export const canAdministerPlatform = definePermission({
  id: 'platform-admin.administer',
  description: 'Agencies, adaptors, chat apps, tiers and flags: platform admins only (§1, §6).',
  predicate: platformAdmin,
});
