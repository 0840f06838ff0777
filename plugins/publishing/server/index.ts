import { defineServerModule } from '@civic/sdk/server';
import { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { AppPhrases } from '../../knowledge-base/contract/server/app-phrases';
import { PublishedKnowledge, PublishReplays } from '../contract/server/index';
import { publishReplayRecorder } from './publish-replays';
import { registerBulkImport } from './bulk-import';
import { seedDemoVersions } from './demo-versions';
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
    const phrases = api.services.get(AppPhrases);
    api.services.provide(PublishedKnowledge, { loadVersion: loadProductionVersion, currentVersionId: productionVersionId });
    api.services.provide(PublishReplays, publishReplayRecorder(drafts));
    registerJobRoutes(api.routes, api.jobs);
    registerPublishing(api.routes, api.jobs, api.deployment, api.events, drafts, phrases);
    registerImportExport(api.routes, api.jobs, api.events, drafts, api.deployment.switches);
    registerConflicts(api.routes, api.jobs, api.events, phrases);
    registerBulkImport(api.routes, api.jobs, api.events);
    registerGenerator(api.routes, api.jobs, api.events);
  },
  seedDemo: seedDemoVersions,
});
