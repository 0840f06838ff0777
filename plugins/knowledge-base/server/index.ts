import { defineServerModule } from '@civic/sdk/server';
import { ensureDefaultIntents } from './default-intents';
import { seedDemoKnowledgeBase } from './demo-knowledge-base';
import { registerGlossaryRoutes } from './glossary-routes';
import { registerIntentRoutes } from './intent-routes';

/** knowledge-base: intents, Q&A pairs and the glossary of an app's draft. */
export default defineServerModule({
  pluginId: 'knowledge-base',
  register(api) {
    registerIntentRoutes(api.routes);
    registerGlossaryRoutes(api.routes);
    api.apps.onCreated((tx, appId) => ensureDefaultIntents(tx, appId, new Date()));
  },
  seedDemo: (tx, demo) => seedDemoKnowledgeBase(tx, demo.appIds, demo.now),
});
