import crypto from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { SessionPolicyDto } from '@civic/config/deployment-profile';
import type { DbExecutor } from '../db/database';
import { sessions } from '../db/schema';
import { SessionCache } from './session-cache';

import type { SessionRow } from './user-directory';

export type { SessionRow };

/** Where a sign-in came from: shown in the user's list of sessions. */
export interface SessionClient {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Server-side sessions, one per sign-in (profile.session: idle and absolute limits). Tokens are
 * stateless, so this row is what makes logout, idle timeout and the absolute cap bite at once.
 */
export class SessionStore {
  constructor(
    private readonly db: DbExecutor,
    private readonly policy: SessionPolicyDto,
  ) {}

  get idleMs(): number {
    return this.policy.idleMinutes * 60_000;
  }

  async create(executor: DbExecutor, userId: string, now: Date, client?: SessionClient): Promise<SessionRow> {
    const row: SessionRow = {
      id: crypto.randomUUID(),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.policy.absoluteHours * 3600_000),
      revokedAt: null,
      ip: client?.ip ?? null,
      userAgent: client?.userAgent?.slice(0, 500) ?? null,
    };
    await executor.insert(sessions).values(row);
    return row;
  }

  /** The session belongs to the user and is neither revoked, idle too long, nor past its cap. */
  isLive(row: SessionRow, userId: string, now: Date): boolean {
    if (row.userId !== userId || row.revokedAt !== null) return false;
    if (now.getTime() >= row.expiresAt.getTime()) return false;
    return now.getTime() - row.lastSeenAt.getTime() < this.idleMs;
  }

  /** Unconditional activity mark (extend-session). */
  async markActive(executor: DbExecutor, sessionId: string, now: Date): Promise<void> {
    await executor.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    SessionCache.invalidateEverywhere();
  }

  async revoke(executor: DbExecutor, sessionId: string, now: Date): Promise<void> {
    await executor.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    // At once in this process; the route pipeline forgets again after the commit (see SessionCache).
    SessionCache.invalidateEverywhere();
  }

  /** Housekeeping: sessions past their cap, or revoked, for a day, are of no further use. */
  async prune(now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - 86_400_000);
    await this.db.delete(sessions).where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, dayAgo)));
  }
}

/** Ends every session of a user, or every one but `keep` (the caller's own, on a password change). */
export async function revokeUserSessions(executor: DbExecutor, userId: string, now: Date, keep?: string): Promise<void> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await executor.update(sessions).set({ revokedAt: now }).where(keep ? and(live, ne(sessions.id, keep)) : live);
  SessionCache.invalidateEverywhere();
}
