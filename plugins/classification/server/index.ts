import { defineServerModule, publishOnChange } from '@civic/sdk/server';
import { classificationChanged } from '../contract/events';
import { ClassCatalog } from '../contract/server/class-catalog';
import { classCatalog } from './class-catalog';
import { registerClassRoutes } from './class-routes';
import { registerClassifyRoute } from './classify-route';

export default defineServerModule({
  pluginId: 'classification',
  register(api) {
    api.services.provide(ClassCatalog, classCatalog);
    // Categories, labels and their assignment are part of an app's draft content.
    const changes = publishOnChange(api.routes, api.events, classificationChanged, (ctx) => (ctx.app ? { appId: ctx.app.appId } : null));
    registerClassRoutes(changes);
    registerClassifyRoute(changes);
  },
});
