import { createOutboundClient, defineServerModule } from '@civic/sdk/server';
import { CredentialKinds } from '../contract/credential-kinds';
import { CredentialResolver } from '../contract/server/credential-resolver';
import { createConnectionTester } from './connection-test';
import { registerCredentialRoutes } from './credential-routes';
import { createResolver, credentialSecretStore } from './credential-store';

export default defineServerModule({
  pluginId: 'credentials',
  register(api) {
    const tester = createConnectionTester(createOutboundClient(api.deployment.outboundAllow));
    for (const kind of api.extensions(CredentialKinds)) registerCredentialRoutes(api.routes, kind, api.secrets, tester);
    api.secrets.registerStore(credentialSecretStore());
    api.services.provide(CredentialResolver, createResolver(api.secrets));
  },
});
