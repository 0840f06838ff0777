import { bindService, createOutboundClient, defineServerModule, settingsOf, type ServerModule } from '@civic/sdk/server';
import { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { PublishedKnowledge, PublishReplays } from '../../publishing/contract/server/index';
import { versionPublished, versionRolledBack } from '../../publishing/contract/events';
import { engineConfigured } from '../contract/events';
import { SavedWebChatSettings } from '../../webchat/contract/server/index';
import { registerChatRoutes } from './chat-routes';
import { ChatSessions } from './chat-sessions';
import { registerDialogFlowRoutes } from './dialogflow-routes';
import { seedDemoConversations } from './demo-conversations';
import { DialogEngine } from './engine/dialog-engine';
import { DbModelStore } from './engine/model-store';
import { draftSource, productionSource } from './engine/knowledge-source';
import { registerSuggestRoutes } from './suggest-routes';
import { registerReplayRoutes } from './replay-routes';
import { registerThresholdRoutes } from './threshold-routes';
import { EngineSettings } from './settings';
import { registerTraining, trainUntrainedProduction } from './training-jobs';
import { DraftAnswers } from '../contract/server/draft-answers';
import { LinkedApps } from '../contract/server/linked-apps';
import { QuestionFeatures } from '../contract/server/question-features';
import { TranscriptReview } from '../contract/server/transcript-review';
import { linkedApps } from './linked-apps';
import { questionFeatures } from './question-features';
import { transcriptReview } from './transcript-review';
import { TRANSCRIPT_BATCH_ROWS, TranscriptWriter, type SessionChange } from './transcript-writer';

export interface DialogEngineModuleOptions {
  /** Called with the engine a mount made (tests reach its model cache through it). */
  onEngine?: (engine: DialogEngine) => void;
}

/**
 * The dialog engine's server module. Each mount makes its own engine (its trained models are cached in
 * memory per app and environment), so two servers in one process share nothing.
 */
export function dialogEngineModule(options: DialogEngineModuleOptions = {}): ServerModule {
  return defineServerModule({
    pluginId: 'dialog-engine',
    settings: EngineSettings,
    // Needs nothing from the mount: static, so the demo seeders of plugins requiring it may use it too.
    services: [bindService(LinkedApps, linkedApps)],
    async register(api) {
      const settings = settingsOf(api, EngineSettings);
      const chatLimits = { perIp: settings.chatPerIp, perSession: settings.chatPerSession };
      const dialogEngine = new DialogEngine();
      options.onEngine?.(dialogEngine);
      dialogEngine.useStore(new DbModelStore());
      dialogEngine.useOutbound(createOutboundClient(api.deployment.outboundAllow));
      const drafts = api.services.get(KnowledgeSnapshots);
      const published = api.services.get(PublishedKnowledge);
      dialogEngine.setSource('draft', draftSource(drafts));
      dialogEngine.setSource('production', productionSource(published));
      // A turn's transcript and its session's change are written behind the reply, in batches.
      const chatSessions = new ChatSessions(api.events);
      const onWritten = (changes: SessionChange[]) => chatSessions.written(api.db, changes);
      const transcriptWriter = new TranscriptWriter(api.db, api.log, { flushMs: settings.transcriptFlushMs, batchRows: TRANSCRIPT_BATCH_ROWS, onWritten });
      api.onFlush(() => transcriptWriter.flush());
      registerChatRoutes(api.routes, dialogEngine, api.deployment.publicUrl, chatLimits, { writer: transcriptWriter, sessions: chatSessions });
      registerDialogFlowRoutes(api.routes, dialogEngine, api.events);
      // What production points at and each app's engine are kept briefly per server; these say they changed.
      const forget = ({ appId }: { appId: string }) => dialogEngine.forget(appId);
      api.events.subscribe(versionPublished, forget);
      api.events.subscribe(versionRolledBack, forget);
      api.events.subscribe(engineConfigured, forget);
      registerSuggestRoutes(api.routes, dialogEngine, api.deployment.publicUrl, chatLimits, { drafts, published, widgetSettings: api.services.get(SavedWebChatSettings) });
      const training = registerTraining(api, dialogEngine, { maxPhrases: settings.trainingMaxPhrases });
      // A draft's training starts a few seconds after its last change: none after the server closes.
      api.onClose(() => training.stop());
      // Once the job runner runs: the seeded (published) demo answers trained at once.
      api.onStarted(async () => void (await trainUntrainedProduction(api.db, dialogEngine)));
      registerReplayRoutes(api.routes, dialogEngine, api.services.get(PublishReplays), transcriptWriter);
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
    seedDemo: (tx, demo) => seedDemoConversations(tx, demo.appIds, demo.now, demo.services.get(KnowledgeSnapshots)),
  });
}

export default dialogEngineModule();
