import { definePermission, platformAdmin } from '@civic/sdk/common/access';

export const canReadAuditLog = definePermission({
  id: 'audit-log.read',
  description: 'The whole trail, its integrity check and export: platform admins only (§2).',
  predicate: platformAdmin,
});
