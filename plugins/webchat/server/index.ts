import { defineServerModule } from '@civic/sdk/server';
import { SavedWebChatSettings } from '../contract/server/saved-settings';
import { readSavedDocument } from './settings-store';
import { registerWebChatSettingsRoutes } from './webchat-settings-routes';

export default defineServerModule({
  pluginId: 'webchat',
  register(api) {
    registerWebChatSettingsRoutes(api.routes, api.deployment.publicUrl);
    api.services.provide(SavedWebChatSettings, { read: readSavedDocument });
  },
});
