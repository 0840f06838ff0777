import { defineServerModule } from '@civic/sdk/server';
import { registerUsersRoutes } from './users-routes';

export default defineServerModule({
  pluginId: 'users',
  register(api) {
    registerUsersRoutes(api.routes, api.users);
  },
});
