import { defineServerModule } from '@civic/sdk/server';
import { ClassCatalog } from '../../classification/contract/server/index';
import { LlmChat } from '../../credential-llm/contract/server/llm-chat';
import { DraftAnswers, QuestionFeatures, TranscriptReview } from '../../dialog-engine/contract/server/index';
import { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { TrainingTestCases } from '../contract/server/test-cases';
import { registerAccuracyRoute, TestCaseSlot } from './accuracy';
import { registerClusterJobs } from './cluster-jobs';
import { registerHubRoutes } from './hub-routes';
import { registerQuestionClassRoute } from './question-classes';
import { registerTranscriptRoutes } from './transcript-routes';

export default defineServerModule({
  pluginId: 'training',
  register(api) {
    const review = api.services.get(TranscriptReview);
    const catalog = api.services.get(ClassCatalog);
    const testCases = new TestCaseSlot();
    api.services.provide(TrainingTestCases, testCases);
    const snapshots = api.services.get(KnowledgeSnapshots);
    const accuracy = { review, drafts: api.services.get(DraftAnswers), snapshots, testCases };
    registerTranscriptRoutes(api.routes, review, accuracy, catalog);
    registerAccuracyRoute(api.routes, accuracy);
    registerQuestionClassRoute(api.routes, review, catalog);
    registerHubRoutes(api.routes, { review, snapshots, llm: api.services.find(LlmChat) });
    registerClusterJobs(api.routes, api.jobs, review, api.services.get(QuestionFeatures));
  },
});
