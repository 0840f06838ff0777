import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { oneTimeLinks } from '../db/schema';
import { InvalidTokenError, type TokenService } from './token-service';

export type LinkPurpose = 'activation' | 'reset' | 'unlock';

/**
 * Mailed single-use links. The link carries a signed token (typ = purpose, sid = row id); the row
 * makes it single use and lets a password reset or a newer link void older ones.
 */
export class OneTimeLinks {
  constructor(private readonly tokens: TokenService) {}

  async issue(db: DbExecutor, purpose: LinkPurpose, userId: string, ttlMs: number, now: Date): Promise<string> {
    const id = crypto.randomUUID();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await db.insert(oneTimeLinks).values({ id, userId, purpose, createdAt: now, expiresAt });
    return this.tokens.signStep(purpose, userId, id, now, expiresAt);
  }

  /** The user id when the token is a live, unused link of this purpose; it is then spent. */
  async consume(db: DbExecutor, purpose: LinkPurpose, token: string, now: Date): Promise<string | undefined> {
    let verified;
    try {
      verified = await this.tokens.verifyStep(token, purpose);
    } catch (error) {
      if (error instanceof InvalidTokenError) return undefined;
      throw error;
    }
    const spent = await db
      .update(oneTimeLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeLinks.id, verified.id),
          eq(oneTimeLinks.userId, verified.userId),
          eq(oneTimeLinks.purpose, purpose),
          isNull(oneTimeLinks.usedAt),
          gt(oneTimeLinks.expiresAt, now),
        ),
      )
      .returning({ userId: oneTimeLinks.userId });
    return spent[0]?.userId;
  }

  /** Voids every unused link of the user for this purpose (a reset or a new link supersedes them). */
  async voidAll(db: DbExecutor, purpose: LinkPurpose, userId: string, now: Date): Promise<void> {
    await db
      .update(oneTimeLinks)
      .set({ usedAt: now })
      .where(and(eq(oneTimeLinks.userId, userId), eq(oneTimeLinks.purpose, purpose), isNull(oneTimeLinks.usedAt)));
  }
}
