import { createOutboundClient, defineServerModule } from '@civic/sdk/server';
import { registerAdaptorRoutes } from './adaptors-routes';
import { registerAgencyRoutes } from './agencies-routes';
import { registerChatAppRoutes } from './chat-apps-routes';
import { registerTierAndFlagRoutes } from './tiers-flags-routes';

export default defineServerModule({
  pluginId: 'platform-admin',
  register(api) {
    registerAgencyRoutes(api.routes, api.users);
    registerAdaptorRoutes(api.routes, createOutboundClient(api.deployment.outboundAllow));
    registerChatAppRoutes(api.routes, { users: api.users, appCreated: api.apps.created });
    registerTierAndFlagRoutes(api.routes, api.deployment);
  },
});
