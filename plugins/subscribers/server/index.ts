import { defineServerModule, settingsOf } from '@civic/sdk/server';
import { registerConsoleRoutes } from './console-routes';
import { seedDemoSubscribers } from './demo-subscribers';
import { registerPublicRoutes } from './public-routes';
import { SubscriberSettings } from './settings';

export default defineServerModule({
  pluginId: 'subscribers',
  settings: SubscriberSettings,
  register(api) {
    const { optInPerIp } = settingsOf(api, SubscriberSettings);
    registerConsoleRoutes(api.routes);
    registerPublicRoutes(api.routes, api.deployment.publicUrl, optInPerIp);
  },
  seedDemo: seedDemoSubscribers,
});
