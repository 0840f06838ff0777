import { and, eq, HttpError, isDecommissioned, randomUUID, RateLimiter, type AppRecord, type HandlerContext, type RequestUser, type RouteAdder } from '@civic/sdk/server';
import { chatSessions, transcripts } from './db/schema';
import { DEFAULT_PLATFORM } from '../../knowledge-base/contract/common/responses/index';
import { WELCOME_EVENT } from '../../knowledge-base/contract/common/knowledge/index';
import type { Environment, SendMessageResult, StartSessionResult } from '../common/api';
import { CsatDto, FeedbackDto, SendMessageDto, StartSessionDto } from '../common/chat.dto';
import { EngineMessages } from '../common/messages';
import { canChat } from '../common/permissions';
import type { DialogEngine } from './engine/dialog-engine';
import { originAllowed } from './origin-policy';
import type { ChatSessions } from './chat-sessions';
import { sameJson } from './same-json';
import type { TranscriptWriter } from './transcript-writer';

/** A chat session ends after this many idle minutes. */
export const SESSION_IDLE_MINUTES = 30;

/** Per-minute limits (the deployment's CIVIC_CHAT_RATE_LIMIT, CIVIC_CHAT_SESSION_RATE_LIMIT): 0 turns one off. */
export interface ChatRateLimits {
  perIp: number;
  perSession: number;
}
/** Answers this close above the threshold are put up for review too. */
export const LOW_CONFIDENCE_MARGIN = 0.1;
const BODY_LIMIT = 4 * 1024;

type ChatContext = HandlerContext<unknown, unknown, 'public', 'appId'>;

/**
 * The public chat API the web chat widget calls (start a session, send a message, thumbs, CSAT).
 * Public but guarded: only the console's origin and the app's allowed domains, rate limits per
 * session and per IP (counted in the database), small bodies, and the draft environment only for
 * a signed-in member of the app. Every turn is stored as a §3 transcript, written behind the reply
 * with its session's new state and expiry (`TranscriptWriter`); the next turn on this server reads
 * the session from memory (`ChatSessions`), one on another server within the flush interval.
 */
export function registerChatRoutes(routes: RouteAdder, engine: DialogEngine, consoleUrl: string, limits: ChatRateLimits, turns: { writer: TranscriptWriter; sessions: ChatSessions }): void {
  const { writer, sessions } = turns;
  const guard = async (ctx: ChatContext) => {
    if (isDecommissioned(ctx.app, ctx.now)) throw HttpError.notFound();
    if (!originAllowed(ctx.origin, consoleUrl, ctx.app.allowedDomains)) throw new HttpError(403, EngineMessages.originRefused);
    if (limits.perIp > 0) {
      const decision = await new RateLimiter(ctx.db).hit(`chat-ip:${ctx.ip}`, limits.perIp, ctx.now);
      if (!decision.allowed) throw HttpError.tooManyRequests(decision.retryAfterSeconds);
    }
  };
  const requireMember = (user: RequestUser | null, app: AppRecord): RequestUser => {
    if (!user || (!user.isPlatformAdmin && user.permissions[app.appId] === undefined)) throw new HttpError(403, EngineMessages.draftNeedsMember);
    return user;
  };
  const loadSession = async (ctx: ChatContext, sessionId: string) => {
    if (!isUuid(sessionId)) throw HttpError.notFound();
    const session = await sessions.find(ctx.db, ctx.app.appId, sessionId, ctx.now);
    if (!session) throw HttpError.notFound();
    if (session.environment === 'draft' && requireMember(ctx.user, ctx.app).id !== session.userId) throw new HttpError(403, EngineMessages.draftNeedsMember);
    return session;
  };
  // A turn just answered may still be in a write-behind buffer: this server's is written first;
  // another server's is written within CIVIC_TRANSCRIPT_FLUSH_MS, so a miss is looked for once more after it.
  const findTurn = async (ctx: ChatContext, transcriptId: string) => {
    if (writer.holds(transcriptId)) await writer.flush();
    const read = async () => (await ctx.db.select().from(transcripts).where(and(eq(transcripts.id, transcriptId), eq(transcripts.appId, ctx.app.appId))))[0];
    const turn = await read();
    if (turn) return turn;
    await new Promise((resolve) => setTimeout(resolve, Math.min(writer.flushMs * 2, 1_000)));
    return read();
  };
  const common = { auth: 'public' as const, app: 'appId' as const, access: canChat, optionalAuth: true, cors: true, transaction: false, bodyLimit: BODY_LIMIT, cachedApp: true };

  routes.add({
    ...common,
    method: 'POST',
    url: '/api/v1/chat/:appId/sessions',
    body: StartSessionDto,
    status: 201,
    unaudited: 'citizen chat traffic: the transcripts and chat sessions are its record',
    description: 'Starts a chat session; answers with the welcome messages',
    handler: async (ctx): Promise<StartSessionResult> => {
      await guard(ctx);
      const environment: Environment = ctx.body.environment ?? 'production';
      const user = environment === 'draft' ? requireMember(ctx.user, ctx.app) : null;
      const channel = ctx.body.channel ?? DEFAULT_PLATFORM;
      const sessionId = randomUUID();
      const welcome = await engine.answer(ctx.db, ctx.app, environment, { event: ctx.body.event ?? WELCOME_EVENT, channel, state: { contexts: [], pending: null }, sessionId, reader: user });
      const row = { id: sessionId, appId: ctx.app.appId, environment, channel, userId: user?.id ?? null, state: welcome.state, csatRating: null, csatComment: null, createdAt: ctx.now, updatedAt: ctx.now, expiresAt: expiry(ctx.now) };
      await ctx.db.insert(chatSessions).values(row);
      sessions.started(row, ctx.now);
      return { sessionId, messages: welcome.messages };
    },
  });

  routes.add({
    ...common,
    method: 'POST',
    url: '/api/v1/chat/:appId/sessions/:sessionId/messages',
    body: SendMessageDto,
    unaudited: 'citizen chat traffic: the transcripts and chat sessions are its record',
    description: 'Sends a user message; answers with the reply messages, intent and confidence',
    handler: async (ctx): Promise<SendMessageResult> => {
      await guard(ctx);
      const session = await loadSession(ctx, ctx.params.sessionId);
      if (session.expiresAt.getTime() <= ctx.now.getTime()) throw new HttpError(410, EngineMessages.sessionExpired);
      if (limits.perSession > 0) {
        const perSession = await new RateLimiter(ctx.db).hit(`chat-session:${session.id}`, limits.perSession, ctx.now);
        if (!perSession.allowed) throw HttpError.tooManyRequests(perSession.retryAfterSeconds);
      }
      const text = ctx.body.text.trim();
      if (!text) throw HttpError.invalid(['text is required'], { text: ['text is required'] });
      const result = await engine.answer(ctx.db, ctx.app, session.environment, { text, channel: session.channel, state: session.state, sessionId: session.id, reader: ctx.user });
      const thresholds = engine.effectiveThresholds(ctx.app, session.environment);
      const threshold = Math.max(thresholds.ml, thresholds.qna);
      const pending = result.fallback || result.confidence < threshold + LOW_CONFIDENCE_MARGIN;
      const transcriptId = randomUUID();
      const expiresAt = expiry(ctx.now);
      const stateChanged = !sameJson(result.state, session.state);
      const change = { id: session.id, at: ctx.now, expiresAt, ...(stateChanged ? { state: result.state } : {}) };
      sessions.changed(change);
      await writer.add(
        {
          id: transcriptId,
          appId: ctx.app.appId,
          sessionId: session.id,
          environment: session.environment,
          channel: session.channel,
          data: text,
          transAuthor: ctx.user?.email ?? 'user',
          reply: result.messages,
          confidenceScore: result.confidence,
          intentId: result.intentId,
          intentName: result.intentName,
          fallback: result.fallback,
          topMatches: result.topMatches,
          contentVersion: result.contentVersion,
          contentHash: result.contentHash,
          reviewStatus: pending ? 'PENDING' : '',
          createdAt: ctx.now,
          updatedAt: ctx.now,
        },
        change,
      );
      const stale = session.environment === 'draft' ? engine.staleness(ctx.app.appId, 'draft', result.contentHash) : null;
      return {
        transcriptId,
        messages: result.messages,
        intentName: result.intentName,
        confidence: result.confidence,
        fallback: result.fallback,
        ...(stale ? { staleModel: stale } : {}),
      };
    },
  });

  routes.add({
    ...common,
    method: 'POST',
    url: '/api/v1/chat/:appId/transcripts/:transcriptId/feedback',
    body: FeedbackDto,
    unaudited: 'citizen chat traffic: the transcripts and chat sessions are its record',
    description: 'Thumbs up or down on a reply; thumbs down puts the turn up for review (PENDING)',
    handler: async (ctx): Promise<{ transcriptId: string; thumbsUp: boolean; thumbsDown: boolean; reviewStatus: string }> => {
      await guard(ctx);
      const transcriptId = ctx.params.transcriptId;
      if (!isUuid(transcriptId)) throw HttpError.notFound();
      const turn = await findTurn(ctx, transcriptId);
      if (!turn) throw HttpError.notFound();
      await loadSession(ctx, turn.sessionId);
      const thumbsUp = ctx.body.thumbsUp ?? (ctx.body.thumbsDown ? false : turn.thumbsUp);
      const thumbsDown = ctx.body.thumbsDown ?? (ctx.body.thumbsUp ? false : turn.thumbsDown);
      const reviewStatus = thumbsDown ? 'PENDING' : turn.reviewStatus;
      await ctx.db.update(transcripts).set({ thumbsUp, thumbsDown, reviewStatus, updatedAt: ctx.now }).where(eq(transcripts.id, turn.id));
      return { transcriptId: turn.id, thumbsUp, thumbsDown, reviewStatus };
    },
  });

  routes.add({
    ...common,
    method: 'POST',
    url: '/api/v1/chat/:appId/sessions/:sessionId/csat',
    body: CsatDto,
    unaudited: 'citizen chat traffic: the transcripts and chat sessions are its record',
    description: 'A CSAT rating (1–5) with an optional comment at the end of a chat',
    handler: async (ctx): Promise<{ sessionId: string; rating: number }> => {
      await guard(ctx);
      const session = await loadSession(ctx, ctx.params.sessionId);
      await ctx.db.update(chatSessions).set({ csatRating: ctx.body.rating, csatComment: ctx.body.comment ?? null, updatedAt: ctx.now }).where(eq(chatSessions.id, session.id));
      return { sessionId: session.id, rating: ctx.body.rating };
    },
  });
}

function expiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_IDLE_MINUTES * 60_000);
}

function isUuid(value: string | undefined): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
