import { defineServerModule } from '@civic/sdk/server';
import { registerSettingsRoutes } from './settings-routes';

export default defineServerModule({
  pluginId: 'app-settings',
  register(api) {
    registerSettingsRoutes(api.routes);
  },
});
