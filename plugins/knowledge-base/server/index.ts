import { bindService, bindServiceWith, defineServerModule, publishOnChange } from '@civic/sdk/server';
import { switchedOffKinds } from '../contract/common/responses/index';
import { knowledgeChanged } from '../contract/events';
import { ClassCatalog, ClassifiedIntentsOwner } from '../../classification/contract/server/index';
import { knowledgeIntentClasses } from './intent-classes';
import { EntityTypeCatalog, EntityTypesByName, EntityTypeUsers } from '../../entities/contract/server/index';
import { knowledgeEntityReferences } from './entity-references';
import { BulkQna, IntentCounts, IntentsByName, KnowledgeSnapshots, ReviewDates } from '../contract/server/index';
import { bulkQna } from './bulk-qna';
import { intentsByName } from './intents-by-name';
import { intentCounts, reviewDates } from './intent-queries';
import { readDraftSnapshot } from './draft-snapshot';
import { AppPhrases } from '../contract/server/app-phrases';
import { appPhrases } from './app-phrases';
import { ensureDefaultIntents } from './default-intents';
import { seedDemoKnowledgeBase } from './demo-knowledge-base';
import { registerGlossaryRoutes } from './glossary-routes';
import { registerIntentRoutes } from './intent-routes';

/** knowledge-base: intents, Q&A pairs and the glossary of an app's draft. */
export default defineServerModule({
  pluginId: 'knowledge-base',
  // Static (over the static catalogs of classification and entities): the demo seed of publishing
  // reads the draft before the server exists.
  services: [
    bindServiceWith(KnowledgeSnapshots, (services) => {
      const sources = { classes: services.get(ClassCatalog), entityTypes: services.get(EntityTypeCatalog) };
      return { readDraft: (db, appId) => readDraftSnapshot(sources, db, appId) };
    }),
    // What publishing's bulk paths and publish checks read and write of the draft.
    bindService(IntentCounts, intentCounts),
    bindService(ReviewDates, reviewDates),
    bindService(BulkQna, bulkQna),
    bindService(IntentsByName, intentsByName),
    bindService(AppPhrases, appPhrases),
  ],
  register(api) {
    const sources = { classes: api.services.get(ClassCatalog), entityTypes: api.services.get(EntityTypeCatalog) };
    api.services.get(EntityTypeUsers).register(knowledgeEntityReferences);
    api.services.get(ClassifiedIntentsOwner).register(knowledgeIntentClasses);
    // Every change through these routes is a change of the app's draft.
    const changes = publishOnChange(api.routes, api.events, knowledgeChanged, (ctx) => (ctx.app ? { appId: ctx.app.appId } : null));
    registerIntentRoutes(changes, sources, { switchedOff: switchedOffKinds(api.deployment.switches) });
    registerGlossaryRoutes(changes);
    api.apps.onCreated(async (tx, appId) => {
      await ensureDefaultIntents(tx, appId, new Date());
      await api.events.publish(tx, knowledgeChanged, { appId });
    });
  },
  seedDemo: (tx, demo) => seedDemoKnowledgeBase(tx, demo.appIds, demo.now, demo.services.get(EntityTypesByName)),
});
