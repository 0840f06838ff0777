import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { apps, tierLimits } from '../db/schema';
import { HttpError } from '../http/http-error';

/** The numeric limits of a subscription tier a plugin may check. */
export type TierLimitName = 'maxIntents' | 'maxMembers' | 'maxMonthlySessions';

const NOUNS: Record<TierLimitName, string> = {
  maxIntents: 'intents',
  maxMembers: 'team members',
  maxMonthlySessions: 'sessions a month',
};

/** The limit of the app's tier; undefined when the app or its tier row does not exist (no limit). */
export async function tierLimitOf(db: DbExecutor, appId: string, limit: TierLimitName): Promise<{ tier: string; max: number } | undefined> {
  const [row] = await db
    .select({ tier: apps.subscriptionTier, max: tierLimits[limit] })
    .from(apps)
    .innerJoin(tierLimits, eq(tierLimits.tier, apps.subscriptionTier))
    .where(eq(apps.appId, appId))
    .limit(1);
  return row;
}

/**
 * Refuses (422) when adding `adding` more to `currentCount` would pass the app's tier limit, e.g.
 * `await assertWithinTierLimit(ctx.db, appId, 'maxIntents', intentCount)` before inserting an intent.
 */
export async function assertWithinTierLimit(db: DbExecutor, appId: string, limit: TierLimitName, currentCount: number, adding = 1): Promise<void> {
  const found = await tierLimitOf(db, appId, limit);
  if (!found) return;
  if (currentCount + adding > found.max) {
    const message = `The ${found.tier} subscription of this app allows at most ${found.max} ${NOUNS[limit]}. Please speak to the Civic team to raise the limit.`;
    throw new HttpError(422, message, { info: [message], detail: { limit, max: found.max, current: currentCount } });
  }
}
