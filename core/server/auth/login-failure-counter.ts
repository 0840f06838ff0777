import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { LockoutDto } from '@civic/config/deployment-profile';
import type { LoginFailureInfo } from '@civic/core/common/model/api';
import type { DbExecutor } from '../db/database';
import { loginFailures } from '../db/schema';

/**
 * Failed sign-ins per normalised email, counted whether or not the account exists so nothing
 * reveals which emails are registered. `maxFailures` within `windowMinutes` lock the email for
 * `lockMinutes` (profile.lockout); while locked even the right password is refused.
 */
export class LoginFailureCounter {
  constructor(
    private readonly db: DbExecutor,
    private readonly lockout: LockoutDto,
  ) {}

  /** The current count and lock, without counting anything. */
  async status(email: string, now: Date): Promise<LoginFailureInfo> {
    const [row] = await this.db.select().from(loginFailures).where(eq(loginFailures.email, email)).limit(1);
    if (!row) return { failedLoginCounter: 0, isLocked: false };
    const isLocked = row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
    return { failedLoginCounter: row.failedCount, isLocked };
  }

  /** Counts a wrong password or one-time code; `lockedNow` when this failure started a lock (the owner is told). */
  async recordFailure(email: string, now: Date): Promise<{ info: LoginFailureInfo; lockedNow: boolean }> {
    // ISO text with an explicit cast: raw SQL parameters are not mapped by the column types.
    const windowStart = sql`${new Date(now.getTime() - this.lockout.windowMinutes * 60_000).toISOString()}::timestamptz`;
    const nowParam = sql`${now.toISOString()}::timestamptz`;
    // A failure after the window, or after a lock ran out, starts a new count.
    const restart = sql`(${loginFailures.firstFailedAt} < ${windowStart} or (${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${nowParam}))`;
    const [row] = await this.db
      .insert(loginFailures)
      .values({ email, failedCount: 1, firstFailedAt: now, lastFailedAt: now })
      .onConflictDoUpdate({
        target: loginFailures.email,
        set: {
          failedCount: sql`case when ${restart} then 1 else ${loginFailures.failedCount} + 1 end`,
          firstFailedAt: sql`case when ${restart} then ${nowParam} else ${loginFailures.firstFailedAt} end`,
          lockedUntil: sql`case when ${restart} then null else ${loginFailures.lockedUntil} end`,
          lastFailedAt: now,
        },
      })
      .returning({ failedCount: loginFailures.failedCount });
    const failedLoginCounter = row?.failedCount ?? 1;
    if (failedLoginCounter < this.lockout.maxFailures) return { info: { failedLoginCounter, isLocked: false }, lockedNow: false };
    const until = new Date(now.getTime() + this.lockout.lockMinutes * 60_000);
    const locked = await this.db
      .update(loginFailures)
      .set({ lockedUntil: until })
      .where(and(eq(loginFailures.email, email), or(isNull(loginFailures.lockedUntil), lte(loginFailures.lockedUntil, now))))
      .returning({ email: loginFailures.email });
    return { info: { failedLoginCounter, isLocked: true }, lockedNow: locked.length === 1 };
  }

  async reset(executor: DbExecutor, email: string): Promise<void> {
    await executor.delete(loginFailures).where(eq(loginFailures.email, email));
  }

  /** Emails locked right now (the users admin list shows them as locked). */
  async lockedEmails(executor: DbExecutor, emails: string[], now: Date): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await executor
      .select({ email: loginFailures.email })
      .from(loginFailures)
      .where(and(inArray(loginFailures.email, emails), gt(loginFailures.lockedUntil, now)));
    return new Set(rows.map((r) => r.email));
  }
}
