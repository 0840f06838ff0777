import { defineServerModule } from '@civic/sdk/server';
import { registerEntityRoutes } from './entity-routes';

export default defineServerModule({
  pluginId: 'entities',
  register(api) {
    registerEntityRoutes(api.routes);
  },
});
