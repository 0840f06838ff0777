import { agencies, asc, createOutboundClient, defineServerModule } from '@civic/sdk/server';
import { CredentialApi, resolveCredentialKind, type CredentialScopes } from '@civic/sdk/common/credentials';
import { canManageCredentials } from '../common/permissions';
import { CredentialKinds } from '../contract/credential-kinds';
import { CredentialResolver } from '../contract/server/credential-resolver';
import { createConnectionTester } from './connection-test';
import { registerCredentialRoutes } from './credential-routes';
import { createResolver, credentialSecretStore } from './credential-store';

export default defineServerModule({
  pluginId: 'credentials',
  async register(api) {
    const tester = createConnectionTester(createOutboundClient(api.deployment.outboundAllow));
    for (const kind of api.extensions(CredentialKinds)) registerCredentialRoutes(api.routes, await resolveCredentialKind(kind), api.secrets, tester);
    api.routes.add({
      method: 'GET', url: CredentialApi.scopes, access: canManageCredentials,
      description: 'The agencies a credential may be scoped to (the credential form’s choices)',
      handler: async (ctx): Promise<CredentialScopes> => ({ agencies: await ctx.db.select({ id: agencies.id, name: agencies.name }).from(agencies).orderBy(asc(agencies.name)) }),
    });
    api.secrets.registerStore(credentialSecretStore());
    api.services.provide(CredentialResolver, createResolver(api.secrets));
  },
});
