import { defineServerModule } from '@civic/sdk/server';
import { TranscriptReview } from '../../dialog-engine/contract/server/index';
import { registerTranscriptRoutes } from './transcript-routes';

export default defineServerModule({
  pluginId: 'training',
  register(api) {
    registerTranscriptRoutes(api.routes, api.services.get(TranscriptReview));
  },
});
