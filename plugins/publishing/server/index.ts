import { defineServerModule } from '@civic/sdk/server';
import { ClassCatalog, ClassesByName } from '../../classification/contract/server/index';
import { EntityTypesByName } from '../../entities/contract/server/index';
import { BulkQna, IntentCounts, IntentsByName, KnowledgeSnapshots, ReviewDates } from '../../knowledge-base/contract/server/index';
import { AppPhrases } from '../../knowledge-base/contract/server/app-phrases';
import { PublishedKnowledge, PublishReplays } from '../contract/server/index';
import { publishReplayRecorder } from './publish-replays';
import { registerBulkImport } from './bulk-import';
import { seedDemoVersions } from './demo-versions';
import { reconcileOnChange } from './conflict-reconcile';
import { registerConflicts } from './conflicts';
import { registerGenerator } from './generator';
import { registerImportExport } from './import-export';
import { registerJobRoutes } from './jobs-routes';
import { loadProductionVersion, productionVersionId } from './production-snapshot';
import { registerPublishing } from './publish-routes';

export default defineServerModule({
  pluginId: 'publishing',
  register(api) {
    const drafts = api.services.get(KnowledgeSnapshots);
    const intentCounts = api.services.get(IntentCounts);
    const phrases = api.services.get(AppPhrases);
    // The bulk paths and the agent zip import read and write the draft through its owners' services.
    const classNames = api.services.get(ClassesByName);
    const bulk = { qna: api.services.get(BulkQna), counts: intentCounts, classes: api.services.get(ClassCatalog), classNames };
    const agentWriters = { counts: intentCounts, intents: api.services.get(IntentsByName), classNames, entityTypes: api.services.get(EntityTypesByName) };
    api.services.provide(PublishedKnowledge, { loadVersion: loadProductionVersion, currentVersionId: productionVersionId });
    api.services.provide(PublishReplays, publishReplayRecorder(drafts));
    registerJobRoutes(api.routes, api.jobs);
    registerPublishing(api.routes, api.jobs, api.deployment, api.events, drafts, api.services.get(ReviewDates), phrases);
    registerImportExport(api.routes, api.jobs, api.events, drafts, api.deployment.switches, agentWriters);
    registerConflicts(api.routes, api.jobs, api.events, phrases);
    // A reconcile starts a second after an app's last change: none after the server closes.
    const reconciling = reconcileOnChange(api, phrases);
    api.onClose(() => reconciling.stop());
    registerBulkImport(api.routes, api.jobs, api.events, bulk);
    registerGenerator(api.routes, api.jobs, api.events, bulk);
  },
  seedDemo: seedDemoVersions,
});
