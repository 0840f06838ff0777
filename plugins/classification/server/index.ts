import { defineServerModule } from '@civic/sdk/server';
import { registerClassRoutes } from './class-routes';
import { registerClassifyRoute } from './classify-route';

export default defineServerModule({
  pluginId: 'classification',
  register(api) {
    registerClassRoutes(api.routes);
    registerClassifyRoute(api.routes);
  },
});
