import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { rateLimits } from '../db/schema';

const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (Retry-After), when refused. */
  retryAfterSeconds: number;
}

/**
 * Fixed one-minute windows counted in the database, so every API server behind a load balancer
 * sees the same count and the servers stay stateless.
 */
export class RateLimiter {
  constructor(private readonly db: DbExecutor) {}

  async hit(key: string, limit: number, now: Date): Promise<RateDecision> {
    const nowParam = sql`${now.toISOString()}::timestamptz`;
    const stale = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${stale} then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${stale} then ${nowParam} else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
    const hits = row?.hits ?? 1;
    const windowStart = row?.windowStart ?? now;
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000));
    return { allowed: hits <= limit, retryAfterSeconds };
  }
}
