import { eq, randomUUID, type DbExecutor } from '@civic/sdk/server';
import { chatSessions, transcripts } from '../../../server/db/schema';

/**
 * For the API tests of plugins that require the dialog engine: citizens' questions arranged at
 * chosen times (the chat API stamps them now), kept in the dialog engine's own tables, so such a
 * test does not depend on their columns. Not for server code: a plugin reads transcripts through
 * `TranscriptReview`.
 */
export interface TurnFixture {
  data: string;
  at: Date;
  fallback: boolean;
  confidence: number;
  /** §7: PENDING, REVIEWED, DISMISSED or '' (none). */
  reviewStatus: string;
  /** The intent a matched question was answered by (a made-up id). */
  intentName?: string;
  thumbsDown?: boolean;
}

/** One production session of the app holding these questions; answers their ids, in order. */
export async function arrangeTurns(db: DbExecutor, appId: string, turns: readonly TurnFixture[]): Promise<string[]> {
  const started = new Date(Math.min(...turns.map((turn) => turn.at.getTime())));
  const sessionId = randomUUID();
  await db.insert(chatSessions).values({ id: sessionId, appId, environment: 'production', channel: 'PLATFORM_UNSPECIFIED', state: { contexts: [], pending: null }, createdAt: started, updatedAt: started, expiresAt: started });
  const ids: string[] = [];
  for (const turn of turns) {
    const [row] = await db
      .insert(transcripts)
      .values({
        appId,
        sessionId,
        environment: 'production',
        channel: 'PLATFORM_UNSPECIFIED',
        data: turn.data,
        transAuthor: 'user',
        reply: [],
        confidenceScore: turn.confidence,
        intentId: turn.fallback ? null : randomUUID(),
        intentName: turn.fallback ? null : (turn.intentName ?? null),
        fallback: turn.fallback,
        topMatches: [],
        contentVersion: '1',
        contentHash: 'h',
        thumbsDown: turn.thumbsDown ?? false,
        reviewStatus: turn.reviewStatus,
        createdAt: turn.at,
        updatedAt: turn.at,
      })
      .returning({ id: transcripts.id });
    ids.push(row.id);
  }
  return ids;
}

/** A question's review status, or undefined when there is no such question. */
export async function reviewStatusOf(db: DbExecutor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ status: transcripts.reviewStatus }).from(transcripts).where(eq(transcripts.id, id));
  return row?.status;
}
