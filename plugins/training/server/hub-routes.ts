import { HttpError, type AppRecord, type RouteAdder } from '@civic/sdk/server';
import type { LlmChat, LlmScope } from '../../credential-llm/contract/server/llm-chat';
import type { TranscriptReview } from '../../dialog-engine/contract/server/index';
import type { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { HUB_CANDIDATES, HUB_DAYS, HUB_PER_INTENT, PARAPHRASE_COUNT, PARAPHRASE_TIMEOUT_MS, TrainingHubApi, type HubParaphrases, type HubSuggestions } from '../common/api';
import { AutoTpActionsDto } from '../common/auto-tp-actions.dto';
import { TrainingMessages } from '../common/messages';
import { ParaphrasesQueryDto } from '../common/paraphrases-query.dto';
import { canRecordAssistantUsage, canReviewQuestions, canViewTraining } from '../common/permissions';
import { MIN_SUGGESTION_SCORE, rankSuggestions } from './assistant';
import { trainingAutoTpActions } from './db/schema';
import { paraphrasePrompt, paraphrasesFrom, paraphraseTokens } from './paraphrases';

export interface HubDeps {
  review: TranscriptReview;
  snapshots: KnowledgeSnapshots;
  /** Undefined when the profile does not enable credential-llm: no provider can apply. */
  llm: LlmChat | undefined;
}

const llmScope = (app: AppRecord): LlmScope => ({ appId: app.appId, agencyId: app.agencyId ?? undefined });

/** The training hub's assistant: suggestions per intent (the engine's, and an LLM provider's on request), and §7's usage counts of what people did with them. */
export function registerHubRoutes(routes: RouteAdder, { review, snapshots, llm }: HubDeps): void {
  routes.add({
    method: 'GET',
    url: TrainingHubApi.suggestionsRoute,
    app: 'appId',
    access: canViewTraining,
    description: `The assistant's suggested training phrases per intent: pending unmatched and low-confidence questions of the last ${HUB_DAYS} days whose closest intent it is (the engine's first-ranked, at least ${MIN_SUGGESTION_SCORE} close)`,
    handler: async (ctx): Promise<HubSuggestions> => {
      const since = new Date(ctx.now.getTime() - HUB_DAYS * 86_400_000);
      const candidates = await review.candidates(ctx.db, ctx.app.appId, since, HUB_CANDIDATES);
      const provider = llm ? await llm.provider(ctx.db, llmScope(ctx.app)) : null;
      return { intents: rankSuggestions(candidates, HUB_PER_INTENT), since: since.toISOString(), llm: provider ? { name: provider.name } : null };
    },
  });

  routes.add({
    method: 'GET',
    url: TrainingHubApi.paraphrasesRoute,
    app: 'appId',
    access: canReviewQuestions,
    query: ParaphrasesQueryDto,
    description: `New training phrases for one intent from the LLM provider that applies to the app (its own, its agency's or a platform-wide one): ${PARAPHRASE_COUNT} by default, within ${PARAPHRASE_TIMEOUT_MS / 1000} s, none the app already has. 409 when no provider is configured, 502 when the provider fails (the message says how, never the key)`,
    handler: async (ctx): Promise<HubParaphrases> => {
      const draft = await snapshots.readDraft(ctx.db, ctx.app.appId);
      const intent = draft.intents.find((i) => i.id === ctx.query.intentId);
      if (!intent) throw HttpError.notFound();
      const count = ctx.query.count ?? PARAPHRASE_COUNT;
      const own = intent.trainingPhrases.map((p) => p.text);
      if (!llm) throw new HttpError(409, TrainingMessages.noLlmPlugin);
      const answer = await llm.complete(ctx.db, llmScope(ctx.app), { messages: paraphrasePrompt(intent.displayName, own, count), maxTokens: paraphraseTokens(count), timeoutMs: PARAPHRASE_TIMEOUT_MS });
      const existing = draft.intents.flatMap((i) => i.trainingPhrases.map((p) => p.text));
      return { intentId: intent.id, intentName: intent.displayName, source: answer.provider.name, suggestions: paraphrasesFrom(answer.content, existing, count) };
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
