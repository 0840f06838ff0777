import { platformAdmin, type AccessPredicate } from '@civic/sdk/common/access';

/** audit-log.read: the whole trail, its integrity check and export — platform admins only (§2). */
export const canReadAuditLog: AccessPredicate = platformAdmin;
