import { defineServerModule } from '@civic/sdk/server';
import { KnowledgeSnapshots } from '../contract/server/index';
import { readDraftSnapshot } from './draft-snapshot';
import { ensureDefaultIntents } from './default-intents';
import { seedDemoKnowledgeBase } from './demo-knowledge-base';
import { registerGlossaryRoutes } from './glossary-routes';
import { registerIntentRoutes } from './intent-routes';

/** knowledge-base: intents, Q&A pairs and the glossary of an app's draft. */
export default defineServerModule({
  pluginId: 'knowledge-base',
  register(api) {
    api.services.provide(KnowledgeSnapshots, { readDraft: readDraftSnapshot });
    registerIntentRoutes(api.routes);
    registerGlossaryRoutes(api.routes);
    api.apps.onCreated((tx, appId) => ensureDefaultIntents(tx, appId, new Date()));
  },
  seedDemo: (tx, demo) => seedDemoKnowledgeBase(tx, demo.appIds, demo.now),
});
