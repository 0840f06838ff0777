import { defineServerModule, publishOnChange } from '@civic/sdk/server';
import { classificationChanged } from '../contract/events';
import { registerClassRoutes } from './class-routes';
import { registerClassifyRoute } from './classify-route';

export default defineServerModule({
  pluginId: 'classification',
  register(api) {
    // Categories, labels and their assignment are part of an app's draft content.
    const changes = publishOnChange(api.routes, api.events, classificationChanged, (ctx) => (ctx.app ? { appId: ctx.app.appId } : null));
    registerClassRoutes(changes);
    registerClassifyRoute(changes);
  },
});
