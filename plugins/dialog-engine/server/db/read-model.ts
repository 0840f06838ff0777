import { pgView } from '@civic/sdk/server/schema';
import { chatSessions, transcripts } from './chat';

/**
 * The conversations as other plugins read them in SQL (analytics aggregates them into its rollups):
 * views over the dialog engine's tables with the columns its contract promises
 * (`contract/server/conversation-read-model.ts`), so the tables may change behind them. Plain
 * projections: PostgreSQL inlines them, so a read through them uses the tables' indexes
 * ((app_id, created_at) of both; transcripts by session_id) exactly as a read of the tables would.
 */

/** One turn: the citizen's question, how it was answered, the feedback on it, when and where. */
export const conversationTurns = pgView('conversation_turns').as((qb) =>
  qb
    .select({
      id: transcripts.id,
      appId: transcripts.appId,
      sessionId: transcripts.sessionId,
      environment: transcripts.environment,
      channel: transcripts.channel,
      data: transcripts.data,
      intentName: transcripts.intentName,
      confidenceScore: transcripts.confidenceScore,
      fallback: transcripts.fallback,
      thumbsUp: transcripts.thumbsUp,
      thumbsDown: transcripts.thumbsDown,
      contentVersion: transcripts.contentVersion,
      createdAt: transcripts.createdAt,
    })
    .from(transcripts),
);

/** One session: when and where it started, who chatted (a member, or null for a citizen), its CSAT. */
export const conversationSessions = pgView('conversation_sessions').as((qb) =>
  qb
    .select({
      id: chatSessions.id,
      appId: chatSessions.appId,
      environment: chatSessions.environment,
      channel: chatSessions.channel,
      userId: chatSessions.userId,
      csatRating: chatSessions.csatRating,
      csatComment: chatSessions.csatComment,
      createdAt: chatSessions.createdAt,
    })
    .from(chatSessions),
);
