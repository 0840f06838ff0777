import { eq, inArray, type DbExecutor } from '@civic/sdk/server';
import { chatSessions, transcripts } from '../../../server/db/schema';

/**
 * For the API tests of plugins that read the dialog engine's conversations (analytics): whole
 * sessions arranged at chosen times, with the members, channels, CSAT and feedback the chat API
 * would record as they happen, kept in the dialog engine's own tables, so such a test does not
 * depend on their columns. Not for server code: a plugin reads them through the contract's read model
 * (`conversation-read-model.ts`).
 */
export interface ConversationFixture {
  /** When the session started; its turns follow a minute apart unless they say when. */
  at: Date;
  environment?: 'draft' | 'production';
  channel?: string;
  /** The signed-in member chatting with the draft; none for a citizen. */
  userId?: string;
  csatRating?: number;
  csatComment?: string;
  turns: readonly ConversationTurnFixture[];
}

export interface ConversationTurnFixture {
  at?: Date;
  data?: string;
  /** The intent that answered it; a fallback has none. */
  intentName?: string;
  confidence: number;
  fallback: boolean;
  thumbsUp?: boolean;
  thumbsDown?: boolean;
  /** The content version that answered (`<linked app id>:<version>` on a superbot); '1' unless given. */
  contentVersion?: string;
}

const MINUTE = 60_000;

/** One session of the app and its turns, in order; answers the session's id and the turns' ids. */
export async function arrangeConversation(db: DbExecutor, appId: string, conversation: ConversationFixture): Promise<{ sessionId: string; turnIds: string[] }> {
  const environment = conversation.environment ?? 'production';
  const channel = conversation.channel ?? 'PLATFORM_UNSPECIFIED';
  const started = conversation.at;
  const [session] = await db
    .insert(chatSessions)
    .values({
      appId, environment, channel, state: { contexts: [], pending: null }, userId: conversation.userId ?? null,
      csatRating: conversation.csatRating ?? null, csatComment: conversation.csatComment ?? null,
      createdAt: started, updatedAt: started, expiresAt: new Date(started.getTime() + 30 * MINUTE),
    })
    .returning({ id: chatSessions.id });
  const turnIds: string[] = [];
  for (const [i, turn] of conversation.turns.entries()) {
    const at = turn.at ?? new Date(started.getTime() + i * MINUTE);
    const [row] = await db
      .insert(transcripts)
      .values({
        appId, sessionId: session.id, environment, channel, data: turn.data ?? `question ${i + 1}`, transAuthor: 'user', reply: [],
        confidenceScore: turn.confidence, intentId: null, intentName: turn.fallback ? null : (turn.intentName ?? null), fallback: turn.fallback,
        topMatches: [], contentVersion: turn.contentVersion ?? '1', contentHash: 'h', thumbsUp: turn.thumbsUp ?? false, thumbsDown: turn.thumbsDown ?? false,
        createdAt: at, updatedAt: at,
      })
      .returning({ id: transcripts.id });
    turnIds.push(row.id);
  }
  return { sessionId: session.id, turnIds };
}

/**
 * Feedback given later on some turns (the chat API takes it while their session lives), as the
 * feedback route records it: a thumbs down puts the turn up for review.
 */
export async function giveFeedback(db: DbExecutor, transcriptIds: readonly string[], feedback: { thumbsUp: boolean; thumbsDown: boolean }, now: Date): Promise<void> {
  if (transcriptIds.length === 0) return;
  await db
    .update(transcripts)
    .set({ ...feedback, ...(feedback.thumbsDown ? { reviewStatus: 'PENDING' } : {}), updatedAt: now })
    .where(inArray(transcripts.id, [...transcriptIds]));
}

/** Removes every session of the app and its turns (the demo's seeded conversations), for exact counts. */
export async function clearConversations(db: DbExecutor, appId: string): Promise<void> {
  await db.delete(chatSessions).where(eq(chatSessions.appId, appId));
}
