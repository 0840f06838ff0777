import { bindService, defineServerModule, publishOnChange } from '@civic/sdk/server';
import { classificationChanged } from '../contract/events';
import { ClassCatalog } from '../contract/server/class-catalog';
import { classCatalog } from './class-catalog';
import { ClassesByName } from '../contract/server/classes-by-name';
import { classesByName } from './classes-by-name';
import { ClassifiedIntentsOwner } from '../contract/server/classified-intents';
import { ClassifiedIntentsSlot } from './classified-intents';
import { registerClassRoutes } from './class-routes';
import { registerClassifyRoute } from './classify-route';

export default defineServerModule({
  pluginId: 'classification',
  // Static: the knowledge base's draft snapshot reads it, also in the demo seed before any mount.
  services: [bindService(ClassCatalog, classCatalog), bindService(ClassesByName, classesByName)],
  register(api) {
    const classified = new ClassifiedIntentsSlot();
    api.services.provide(ClassifiedIntentsOwner, classified);
    // Categories, labels and their assignment are part of an app's draft content.
    const changes = publishOnChange(api.routes, api.events, classificationChanged, (ctx) => (ctx.app ? { appId: ctx.app.appId } : null));
    registerClassRoutes(changes, classified);
    registerClassifyRoute(changes, classified);
  },
});
