import { bindService, defineServerModule, publishOnChange } from '@civic/sdk/server';
import { entitiesChanged } from '../contract/events';
import { EntityTypeCatalog } from '../contract/server/entity-type-catalog';
import { EntityTypeUsers } from '../contract/server/entity-type-users';
import { EntityTypesByName } from '../contract/server/entity-types-by-name';
import { entityTypesByName } from './entity-types-by-name';
import { EntityTypeUserList } from './entity-type-users';
import { entityTypeCatalog } from './entity-type-catalog';
import { registerEntityRoutes } from './entity-routes';

export default defineServerModule({
  pluginId: 'entities',
  // Static: the knowledge base's draft snapshot reads it and its demo seed writes through it, before any mount.
  services: [bindService(EntityTypeCatalog, entityTypeCatalog), bindService(EntityTypesByName, entityTypesByName)],
  register(api) {
    const users = new EntityTypeUserList();
    api.services.provide(EntityTypeUsers, users);
    // Entity types are part of the draft the engine trains on.
    registerEntityRoutes(publishOnChange(api.routes, api.events, entitiesChanged, (ctx) => (ctx.app ? { appId: ctx.app.appId } : null)), users);
  },
});
