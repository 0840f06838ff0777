import { defineServerModule } from '@civic/sdk/server';
import { DraftAnswers, QuestionFeatures, TranscriptReview } from '../../dialog-engine/contract/server/index';
import { registerClusterJobs } from './cluster-jobs';
import { registerHubRoutes } from './hub-routes';
import { registerTranscriptRoutes } from './transcript-routes';

export default defineServerModule({
  pluginId: 'training',
  register(api) {
    const review = api.services.get(TranscriptReview);
    registerTranscriptRoutes(api.routes, review, api.services.get(DraftAnswers));
    registerHubRoutes(api.routes, review);
    registerClusterJobs(api.routes, api.jobs, review, api.services.get(QuestionFeatures));
  },
});
