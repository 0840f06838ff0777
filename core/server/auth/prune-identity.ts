import { isNotNull, lt, or } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { oneTimeLinks, otpChallenges, rateLimits, ssoFlows } from '../db/schema';

const DAY_MS = 86_400_000;

/**
 * Housekeeping at start (like session pruning): sign-in artefacts past their use. Kept a day after
 * expiry so a just-refused link or code still reads as "expired" rather than vanishing mid-request.
 */
export async function pruneIdentityRows(db: DbExecutor, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, dayAgo));
  await db.delete(oneTimeLinks).where(or(lt(oneTimeLinks.expiresAt, dayAgo), lt(oneTimeLinks.usedAt, dayAgo)));
  await db.delete(ssoFlows).where(or(lt(ssoFlows.expiresAt, dayAgo), isNotNull(ssoFlows.usedAt)));
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo));
}
