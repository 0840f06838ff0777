import { bindService, defineServerModule, publishOnChange } from '@civic/sdk/server';
import { entitiesChanged } from '../contract/events';
import { EntityTypeCatalog } from '../contract/server/entity-type-catalog';
import { EntityTypeUsers } from '../contract/server/entity-type-users';
import { EntityTypeUserList } from './entity-type-users';
import { entityTypeCatalog } from './entity-type-catalog';
import { registerEntityRoutes } from './entity-routes';

export default defineServerModule({
  pluginId: 'entities',
  // Static: the knowledge base's draft snapshot reads it, also in the demo seed before any mount.
  services: [bindService(EntityTypeCatalog, entityTypeCatalog)],
  register(api) {
    const users = new EntityTypeUserList();
    api.services.provide(EntityTypeUsers, users);
    // Entity types are part of the draft the engine trains on.
    registerEntityRoutes(publishOnChange(api.routes, api.events, entitiesChanged, (ctx) => (ctx.app ? { appId: ctx.app.appId } : null)), users);
  },
});
