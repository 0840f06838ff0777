import { defineServerModule, publishOnChange } from '@civic/sdk/server';
import { knowledgeChanged } from '../../knowledge-base/contract/events';
import { registerEntityRoutes } from './entity-routes';

export default defineServerModule({
  pluginId: 'entities',
  register(api) {
    // Entity types are part of the draft the engine trains on.
    registerEntityRoutes(publishOnChange(api.routes, api.events, knowledgeChanged, (ctx) => (ctx.app ? { appId: ctx.app.appId } : null)));
  },
});
