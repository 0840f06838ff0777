import { defineServerModule } from '@civic/sdk/server';
import { registerChatRoutes } from './chat-routes';
import { registerDialogFlowRoutes } from './dialogflow-routes';
import { DialogEngine } from './engine/dialog-engine';
import { registerSuggestRoutes } from './suggest-routes';
import { registerReplayRoutes } from './replay-routes';
import { registerThresholdRoutes } from './threshold-routes';
import { registerTrainingJobs } from './training-jobs';

/** One engine per server process: its trained models are cached in memory per app and environment. */
export const dialogEngine = new DialogEngine();

export default defineServerModule({
  pluginId: 'dialog-engine',
  register(api) {
    registerChatRoutes(api.routes, dialogEngine, api.deployment.publicUrl, api.deployment.chatLimits);
    registerDialogFlowRoutes(api.routes, dialogEngine);
    registerSuggestRoutes(api.routes, dialogEngine, api.deployment.publicUrl, api.deployment.chatLimits);
    registerTrainingJobs(api.jobs, dialogEngine, api.log);
    registerReplayRoutes(api.routes, dialogEngine);
    registerThresholdRoutes(api.routes, dialogEngine);
  },
});
