import { HttpError, type RouteAdder } from '@civic/sdk/server';
import type { TranscriptReview } from '../../dialog-engine/contract/server/index';
import { HUB_CANDIDATES, HUB_DAYS, HUB_PER_INTENT, TrainingHubApi, type HubSuggestions } from '../common/api';
import { AutoTpActionsDto } from '../common/auto-tp-actions.dto';
import { canRecordAssistantUsage, canViewTraining } from '../common/permissions';
import { rankSuggestions } from './assistant';
import { trainingAutoTpActions } from './db/schema';

/** The training hub's assistant: suggestions per intent, and §7's usage counts of what people did with them. */
export function registerHubRoutes(routes: RouteAdder, review: TranscriptReview): void {
  routes.add({
    method: 'GET',
    url: TrainingHubApi.suggestionsRoute,
    app: 'appId',
    access: canViewTraining,
    description: `The assistant's suggested training phrases per intent: pending unmatched and low-confidence questions of the last ${HUB_DAYS} days that the engine ranked close to it`,
    handler: async (ctx): Promise<HubSuggestions> => {
      const since = new Date(ctx.now.getTime() - HUB_DAYS * 86_400_000);
      const candidates = await review.candidates(ctx.db, ctx.app.appId, since, HUB_CANDIDATES);
      return { intents: rankSuggestions(candidates, HUB_PER_INTENT), since: since.toISOString() };
    },
  });

  routes.add({
    method: 'POST',
    url: TrainingHubApi.autoTpActions,
    access: canRecordAssistantUsage,
    body: AutoTpActionsDto,
    status: 201,
    unaudited: 'feature-usage counts (§7): the training_auto_tp_actions table is their record, the phrases themselves are audited by the knowledge base',
    description: "§7 the assistant's counts for one intent (suggested, approved, edited), by an editor or admin of the app",
    handler: async (ctx): Promise<{ recorded: true }> => {
      const body = ctx.body;
      const role = ctx.user.permissions[body.appId];
      if (!ctx.user.isPlatformAdmin && role === undefined) throw HttpError.notFound();
      if (!ctx.user.isPlatformAdmin && role === '0') throw HttpError.forbidden();
      await ctx.db.insert(trainingAutoTpActions).values({
        appId: body.appId,
        // Who did it is the signed-in user, whatever the body claims.
        email: ctx.user.email,
        intentId: body.intentId,
        intentName: body.intentName,
        suggested: body.numberOfSuggestedTrainingPhrases,
        approved: body.numberOfApprovedTrainingPhrases,
        edited: body.numberOfEditedTrainingPhrases,
        createdAt: ctx.now,
      });
      return { recorded: true };
    },
  });
}
