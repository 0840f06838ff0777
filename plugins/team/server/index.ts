import { defineServerModule } from '@civic/sdk/server';
import { registerTeamRoutes } from './team-routes';

export default defineServerModule({
  pluginId: 'team',
  register(api) {
    registerTeamRoutes(api.routes, api.users, api.deployment.allowedEmailDomains);
  },
});
