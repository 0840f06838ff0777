import { eq, sql } from 'drizzle-orm';
import type { LockoutDto } from '@civic/config/deployment-profile';
import type { LoginFailureInfo } from '@civic/core/common/model/api';
import type { DbExecutor } from '../db/database';
import { loginFailures } from '../db/schema';

/**
 * Failed sign-ins per normalised email within the profile's window, counted whether or not the
 * account exists. Locking on the count is the identity work; until then isLocked stays false.
 */
export class LoginFailureCounter {
  constructor(
    private readonly db: DbExecutor,
    private readonly lockout: LockoutDto,
  ) {}

  async recordFailure(email: string, now: Date): Promise<LoginFailureInfo> {
    // ISO text with an explicit cast: raw SQL parameters are not mapped by the column types.
    const windowStart = sql`${new Date(now.getTime() - this.lockout.windowMinutes * 60_000).toISOString()}::timestamptz`;
    const nowParam = sql`${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(loginFailures)
      .values({ email, failedCount: 1, firstFailedAt: now, lastFailedAt: now })
      .onConflictDoUpdate({
        target: loginFailures.email,
        // A failure after the window has passed starts a new count.
        set: {
          failedCount: sql`case when ${loginFailures.firstFailedAt} < ${windowStart} then 1 else ${loginFailures.failedCount} + 1 end`,
          firstFailedAt: sql`case when ${loginFailures.firstFailedAt} < ${windowStart} then ${nowParam} else ${loginFailures.firstFailedAt} end`,
          lastFailedAt: now,
        },
      })
      .returning({ failedCount: loginFailures.failedCount });
    return { failedLoginCounter: row?.failedCount ?? 1, isLocked: false };
  }

  async reset(executor: DbExecutor, email: string): Promise<void> {
    await executor.delete(loginFailures).where(eq(loginFailures.email, email));
  }
}
