import { defineServerModule } from '@civic/sdk/server';
import { registerWebChatSettingsRoutes } from './webchat-settings-routes';

export default defineServerModule({
  pluginId: 'webchat',
  register(api) {
    registerWebChatSettingsRoutes(api.routes, api.deployment.publicUrl);
  },
});
