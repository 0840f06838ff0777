import { createOutboundClient, defineServerModule } from '@civic/sdk/server';
import { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { PublishedKnowledge, PublishReplays } from '../../publishing/contract/server/index';
import { registerChatRoutes } from './chat-routes';
import { registerDialogFlowRoutes } from './dialogflow-routes';
import { seedDemoConversations } from './demo-conversations';
import { DialogEngine } from './engine/dialog-engine';
import { DbModelStore } from './engine/model-store';
import { draftSource, productionSource } from './engine/knowledge-source';
import { registerSuggestRoutes } from './suggest-routes';
import { registerReplayRoutes } from './replay-routes';
import { registerThresholdRoutes } from './threshold-routes';
import { registerTraining } from './training-jobs';
import { DraftAnswers } from '../contract/server/draft-answers';
import { QuestionFeatures } from '../contract/server/question-features';
import { TranscriptReview } from '../contract/server/transcript-review';
import { questionFeatures } from './question-features';
import { transcriptReview } from './transcript-review';

/** One engine per server process: its trained models are cached in memory per app and environment. */
export const dialogEngine = new DialogEngine();

export default defineServerModule({
  pluginId: 'dialog-engine',
  register(api) {
    dialogEngine.useStore(new DbModelStore());
    dialogEngine.useOutbound(createOutboundClient(api.deployment.outboundAllow));
    const drafts = api.services.get(KnowledgeSnapshots);
    const published = api.services.get(PublishedKnowledge);
    dialogEngine.setSource('draft', draftSource(drafts));
    dialogEngine.setSource('production', productionSource(published));
    registerChatRoutes(api.routes, dialogEngine, api.deployment.publicUrl, api.deployment.chatLimits);
    registerDialogFlowRoutes(api.routes, dialogEngine);
    registerSuggestRoutes(api.routes, dialogEngine, api.deployment.publicUrl, api.deployment.chatLimits, { drafts, published });
    registerTraining(api, dialogEngine);
    registerReplayRoutes(api.routes, dialogEngine, api.services.get(PublishReplays));
    registerThresholdRoutes(api.routes, dialogEngine);
    api.services.provide(TranscriptReview, transcriptReview);
    api.services.provide(QuestionFeatures, questionFeatures);
    api.services.provide(DraftAnswers, {
      async answer(db, app, texts) {
        const model = await dialogEngine.currentKnowledge(db, app.appId, 'draft');
        return texts.map((text) => {
          const a = dialogEngine.answerFresh(model, app, text);
          return { intentId: a.intentId, intentName: a.intentName, confidence: a.confidence, fallback: a.fallback };
        });
      },
    });
  },
  seedDemo: (tx, demo) => seedDemoConversations(tx, demo.appIds, demo.now),
});
