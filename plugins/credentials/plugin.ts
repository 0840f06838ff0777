import { definePlugin } from '@civic/sdk/common';
import { canManageCredentials } from './common/permissions';

/**
 * credentials: integration credentials of every kind (§1): their table, the sealed secrets, the
 * routes of each kind contributed to `CredentialKinds` by a credential plugin
 * (`defineCredentialPlugin`, `@civic/sdk/credentials`), and `credentials.resolver` for plugins that
 * use a credential. It has no page of its own: each kind's plugin brings its page and nav entry.
 */
export default definePlugin({
  id: 'credentials',
  title: 'Integration credentials',
  icon: 'key',
  canAccess: canManageCredentials,
  routes: [],
  server: true,
});
