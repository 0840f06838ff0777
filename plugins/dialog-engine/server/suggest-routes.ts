import { HttpError, isDecommissioned, RateLimiter, type AppRecord, type DbExecutor, type HandlerContext, type RouteAdder } from '@civic/sdk/server';
import type { PublishedKnowledge } from '../../publishing/contract/server/index';
import type { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import type { SavedWebChatSettings } from '../../webchat/contract/server/index';
import { DEFAULT_PLATFORM } from '../../knowledge-base/contract/common/responses/index';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from '@civic/sdk/common/validators';
import { ENVIRONMENTS, type Environment } from '../common/api';
import { EngineMessages } from '../common/messages';
import { canChat } from '../common/permissions';
import type { ChatRateLimits } from './chat-routes';
import type { DialogEngine } from './engine/dialog-engine';
import { EMPTY_STATE } from './engine/builtin-engine';
import { contentHash } from './engine/trained-knowledge';
import { originAllowed } from './origin-policy';
import { MAX_RECOMMENDATIONS, MAX_SUGGESTIONS, SuggestionIndex } from './suggestion-index';

/** Longest text a suggestion or recommendation request may carry. */
export const MAX_SUGGEST_QUERY = 200;
/**
 * How long a built index, and the app's auto-complete and recommendation switches, are trusted
 * before they are checked again: a keystroke then costs the rate-limit row only, and a publish or a
 * settings change reaches the widget within these seconds.
 */
export const RECHECK_SECONDS = 5;
/** Indexes kept in memory (app × environment), least recently used dropped first. */
export const MAX_CACHED_INDEXES = 200;

export class SuggestQueryDto {
  @IsString({ message: 'q is required' })
  @MinLength(1, { message: 'q is required' })
  @MaxLength(MAX_SUGGEST_QUERY, { message: `Only ${MAX_SUGGEST_QUERY} characters allowed` })
  q!: string;

  @IsOptional()
  @IsIn(ENVIRONMENTS as unknown as string[], { message: 'environment must be draft or production' })
  environment?: Environment;
}

export class RecommendQueryDto extends SuggestQueryDto {
  /** The intent that answered (the chat reply's intentName): it is not recommended again. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_SUGGEST_QUERY, { message: `Only ${MAX_SUGGEST_QUERY} characters allowed` })
  intentName?: string;
}

interface CachedIndex {
  marker: string;
  checkedAt: number;
  index: SuggestionIndex;
}

type SuggestContext = HandlerContext<unknown, SuggestQueryDto, 'public', 'appId'>;
type Feature = 'appEnableAutoComplete' | 'appEnableRecommendations';

/**
 * The widget's auto-complete and recommendations (§3 appEnableAutoComplete, appEnableRecommendations):
 * questions from the training phrases of the environment the widget talks to. Public with the chat
 * API's protections — the same origin policy (the console and the app's allowedDomains), a per-IP
 * limit of the same size in its own bucket (typing must not eat the chat's budget), short queries —
 * and the draft for members only. Citizens get answers only when the app switched the feature on.
 */
export function registerSuggestRoutes(routes: RouteAdder, engine: DialogEngine, consoleUrl: string, limits: ChatRateLimits, knowledge: { drafts: KnowledgeSnapshots; published: PublishedKnowledge; widgetSettings: SavedWebChatSettings }): void {
  const indexes = new Map<string, CachedIndex>();
  const remember = (key: string, entry: CachedIndex) => {
    indexes.delete(key);
    indexes.set(key, entry);
    if (indexes.size > MAX_CACHED_INDEXES) indexes.delete(indexes.keys().next().value as string);
  };
  const switches = new Map<string, { at: number; settings: Record<string, unknown> | undefined }>();
  const featureOnCached = async (db: DbExecutor, appId: string, feature: Feature, now: number): Promise<boolean> => {
    let entry = switches.get(appId);
    if (!entry || now - entry.at >= RECHECK_SECONDS * 1000) {
      entry = { at: now, settings: await knowledge.widgetSettings.read(db, appId) };
      switches.set(appId, entry);
    }
    return entry.settings?.[feature] === true;
  };

  const guard = async (ctx: SuggestContext, feature: Feature): Promise<Environment> => {
    if (isDecommissioned(ctx.app, ctx.now)) throw HttpError.notFound();
    if (!originAllowed(ctx.origin, consoleUrl, ctx.app.allowedDomains)) throw new HttpError(403, EngineMessages.originRefused);
    if (limits.perIp > 0) {
      const decision = await new RateLimiter(ctx.db).hit(`chat-suggest-ip:${ctx.ip}`, limits.perIp, ctx.now);
      if (!decision.allowed) throw HttpError.tooManyRequests(decision.retryAfterSeconds);
    }
    const environment = ctx.query.environment ?? 'production';
    const member = ctx.user !== null && (ctx.user.isPlatformAdmin || ctx.user.permissions[ctx.app.appId] !== undefined);
    if (environment === 'draft' && !member) throw new HttpError(403, EngineMessages.draftNeedsMember);
    // Members preview the switch before saving it; citizens only get what the app switched on.
    if (!member && !(await featureOnCached(ctx.db, ctx.app.appId, feature, ctx.now.getTime()))) throw new HttpError(404, SuggestMessages.off(feature));
    return environment;
  };

  const indexFor = async (db: DbExecutor, app: AppRecord, environment: Environment, now: number): Promise<SuggestionIndex> => {
    const key = `${environment}:${app.appId}`;
    const cached = indexes.get(key);
    if (cached) remember(key, cached);
    if (cached && now - cached.checkedAt < RECHECK_SECONDS * 1000) return cached.index;
    if (environment === 'production') {
      const versionId = await knowledge.published.currentVersionId(db, app.appId);
      if (versionId === null) throw new HttpError(409, EngineMessages.notPublished);
      if (cached?.marker === versionId) {
        cached.checkedAt = now;
        return cached.index;
      }
      const published = await knowledge.published.loadVersion(db, app.appId);
      if (!published) throw new HttpError(409, EngineMessages.notPublished);
      const index = new SuggestionIndex(published.snapshot);
      remember(key, { marker: published.versionId, checkedAt: now, index });
      return index;
    }
    const snapshot = await knowledge.drafts.readDraft(db, app.appId);
    const hash = contentHash(snapshot);
    if (cached?.marker === hash) {
      cached.checkedAt = now;
      return cached.index;
    }
    const index = new SuggestionIndex(snapshot);
    remember(key, { marker: hash, checkedAt: now, index });
    return index;
  };

  const common = { auth: 'public' as const, app: 'appId' as const, access: canChat, optionalAuth: true, cors: true, cachedApp: true };

  routes.add({
    ...common,
    method: 'GET',
    url: '/api/v1/chat/:appId/suggestions',
    query: SuggestQueryDto,
    description: `Auto-complete: up to ${MAX_SUGGESTIONS} questions of the environment's content matching what the citizen typed (q); 404 while the app's auto-complete is off`,
    handler: async (ctx): Promise<{ suggestions: string[] }> => {
      const environment = await guard(ctx, 'appEnableAutoComplete');
      const index = await indexFor(ctx.db, ctx.app, environment, ctx.now.getTime());
      return { suggestions: index.suggest(ctx.query.q) };
    },
  });

  routes.add({
    ...common,
    method: 'GET',
    url: '/api/v1/chat/:appId/recommendations',
    query: RecommendQueryDto,
    description: `Recommendations: up to ${MAX_RECOMMENDATIONS} related questions after an answer — the engine's next best matches for the question (q), not the intent that answered; 404 while the app's recommendations are off`,
    handler: async (ctx): Promise<{ recommendations: string[] }> => {
      const environment = await guard(ctx, 'appEnableRecommendations');
      const query = ctx.query as RecommendQueryDto;
      const index = await indexFor(ctx.db, ctx.app, environment, ctx.now.getTime());
      const answered = query.intentName ?? null;
      const config = await engine.config(ctx.db, ctx.app, environment);
      const out: string[] = [];
      if (config.engine === 'CIVIC_DIALOG_ENGINE') {
        // The classifier's ranking: the intents it found next most likely, as their first question.
        const ranked = await engine.answer(ctx.db, ctx.app, environment, { text: query.q, channel: DEFAULT_PLATFORM, state: EMPTY_STATE, sessionId: 'recommendations' });
        for (const match of ranked.topMatches) {
          if (out.length >= MAX_RECOMMENDATIONS) break;
          if (match.intentName === answered || match.score < MIN_RELATED_SCORE) continue;
          const question = index.questionOf(match.intentId);
          if (question && !out.includes(question)) out.push(question);
        }
      }
      // External engines and thin rankings: fill with questions sharing rare words.
      for (const question of index.related(query.q, answered, MAX_RECOMMENDATIONS + out.length)) {
        if (out.length >= MAX_RECOMMENDATIONS) break;
        if (!out.includes(question)) out.push(question);
      }
      return { recommendations: out };
    },
  });
}

/** Matches below this are noise, not related questions. */
const MIN_RELATED_SCORE = 0.02;

export const SuggestMessages = {
  off: (feature: Feature) =>
    feature === 'appEnableAutoComplete' ? 'Auto-complete is not switched on for this chat app.' : 'Recommendations are not switched on for this chat app.',
} as const;
