import { defineServerModule } from '@civic/sdk/server';
import { registerChatRoutes } from './chat-routes';
import { registerDialogFlowRoutes } from './dialogflow-routes';
import { ensureTrainedModelsTable } from './db/trained-models';
import { DialogEngine } from './engine/dialog-engine';
import { DbModelStore } from './engine/model-store';
import { registerSuggestRoutes } from './suggest-routes';
import { registerReplayRoutes } from './replay-routes';
import { registerTraining } from './training-jobs';

/** One engine per server process: its trained models are cached in memory per app and environment. */
export const dialogEngine = new DialogEngine();

export default defineServerModule({
  pluginId: 'dialog-engine',
  async register(api) {
    await ensureTrainedModelsTable(api.db);
    dialogEngine.useStore(new DbModelStore());
    registerChatRoutes(api.routes, dialogEngine, api.deployment.publicUrl);
    registerDialogFlowRoutes(api.routes, dialogEngine);
    registerSuggestRoutes(api.routes, dialogEngine, api.deployment.publicUrl);
    registerTraining(api, dialogEngine);
    registerReplayRoutes(api.routes, dialogEngine);
  },
});
