import { defineServerModule } from '@civic/sdk/server';
import { registerWorkspaceRoutes } from './workspace-routes';

export default defineServerModule({
  pluginId: 'workspace',
  register(api) {
    registerWorkspaceRoutes(api.routes);
  },
});
