import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { IdentityPolicyDto } from '@civic/config/deployment-profile';
import type { DbExecutor } from '../db/database';
import { otpChallenges } from '../db/schema';

/** An attempt lasts at most this many code lifetimes, however often a code is resent. */
const ATTEMPT_LIFETIMES = 3;

/** `wrong-ended`: a wrong code that was the attempt's last try (it counts as wrong, and the attempt is over). */
export type OtpCheck = 'ok' | 'wrong' | 'wrong-ended' | 'ended';

/**
 * Mailed one-time passwords: 6 digits, valid `otpMinutes`, single use, bound to one sign-in
 * attempt (the OTP-step token names it); `otpMaxTries` wrong codes end the attempt. Only a digest
 * of the code is stored.
 */
export class OtpService {
  constructor(
    private readonly db: DbExecutor,
    private readonly policy: IdentityPolicyDto,
  ) {}

  get attemptMs(): number {
    return ATTEMPT_LIFETIMES * this.policy.otpMinutes * 60_000;
  }

  /** A new attempt with a fresh code; returns the attempt id and the code to mail. */
  async start(executor: DbExecutor, userId: string, now: Date): Promise<{ attemptId: string; code: string; expiresAt: Date }> {
    const attemptId = crypto.randomUUID();
    const code = newCode();
    const expiresAt = new Date(now.getTime() + this.attemptMs);
    await executor.insert(otpChallenges).values({
      id: attemptId,
      userId,
      codeHash: digest(attemptId, code),
      codeExpiresAt: new Date(now.getTime() + this.policy.otpMinutes * 60_000),
      expiresAt,
      createdAt: now,
    });
    return { attemptId, code, expiresAt };
  }

  /** A new code for a live attempt (the old one stops working); undefined when the attempt is over. */
  async resend(executor: DbExecutor, attemptId: string, userId: string, now: Date): Promise<string | undefined> {
    const code = newCode();
    const updated = await executor
      .update(otpChallenges)
      .set({ codeHash: digest(attemptId, code), codeExpiresAt: new Date(now.getTime() + this.policy.otpMinutes * 60_000) })
      .where(and(eq(otpChallenges.id, attemptId), eq(otpChallenges.userId, userId), isNull(otpChallenges.endedAt), sql`${otpChallenges.expiresAt} > ${now.toISOString()}::timestamptz`))
      .returning({ id: otpChallenges.id });
    return updated.length === 1 ? code : undefined;
  }

  /**
   * Checks a code (mailed, or `alternative` — the authenticator's — when given). A right code ends
   * the attempt (single use); the `otpMaxTries`-th wrong one ends it too.
   */
  async check(attemptId: string, userId: string, code: string, now: Date, alternative?: (code: string) => Promise<boolean>): Promise<OtpCheck> {
    const [row] = await this.db.select().from(otpChallenges).where(eq(otpChallenges.id, attemptId)).limit(1);
    if (!row || row.userId !== userId || row.endedAt !== null || row.expiresAt <= now) return 'ended';
    if (row.wrongTries >= this.policy.otpMaxTries) return 'ended';
    const mailedOk = row.codeExpiresAt > now && safeEqual(row.codeHash, digest(attemptId, code));
    if (mailedOk || (await alternative?.(code))) {
      // Conditional on still being open: two concurrent right answers give one session, not two.
      const ended = await this.db
        .update(otpChallenges)
        .set({ endedAt: now })
        .where(and(eq(otpChallenges.id, attemptId), isNull(otpChallenges.endedAt)))
        .returning({ id: otpChallenges.id });
      return ended.length === 1 ? 'ok' : 'ended';
    }
    const tries = row.wrongTries + 1;
    await this.db
      .update(otpChallenges)
      .set({ wrongTries: sql`${otpChallenges.wrongTries} + 1`, ...(tries >= this.policy.otpMaxTries ? { endedAt: now } : {}) })
      .where(eq(otpChallenges.id, attemptId));
    return tries >= this.policy.otpMaxTries ? 'wrong-ended' : 'wrong';
  }
}

function newCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Keyed by the attempt so equal codes of two attempts never share a digest. */
function digest(attemptId: string, code: string): string {
  return crypto.createHash('sha256').update(`${attemptId}:${code}`).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
