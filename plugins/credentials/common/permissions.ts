import { definePermission, platformAdmin } from '@civic/sdk/common/access';

/** Every credential route is also guarded by the kind's own `<kind>.manage` permission. */
export const canManageCredentials = definePermission({
  id: 'credentials.manage',
  description: 'Integration credentials (single sign-on, support desk, messaging, payment, live chat): platform admins only (§1).',
  predicate: platformAdmin,
});
