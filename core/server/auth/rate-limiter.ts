import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';
import { rateLimits } from '../db/schema';

const WINDOW_MS = 60_000;
/**
 * Counts are written to the database at most this long after a hit, in one statement for every key.
 * Several servers share a count through it: together they may let through, beyond the limit, what
 * the other servers counted in one interval and had not written yet. One server alone is exact.
 */
export const RATE_FLUSH_MS = 1_000;

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (Retry-After), when refused. */
  retryAfterSeconds: number;
}

interface Counter {
  windowStart: Date;
  /** The count the database held at the last write (every server's hits). */
  stored: number;
  /** This server's hits being written now. */
  writing: number;
  /** This server's hits not yet written. */
  pending: number;
}

/**
 * One server process's counters for one database, shared by every RateLimiter on it (the chat
 * routes make one per request): a hit is counted in memory, so a request never waits on the
 * database for it, and the counts are flushed every RATE_FLUSH_MS with one upsert that also brings
 * back what other servers counted.
 */
class RateCounters {
  private readonly counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: DbExecutor) {}

  hit(key: string, limit: number, now: Date): RateDecision {
    let counter = this.counters.get(key);
    if (!counter || now.getTime() - counter.windowStart.getTime() >= WINDOW_MS || now < counter.windowStart) {
      counter = { windowStart: now, stored: 0, writing: 0, pending: 0 };
      this.counters.set(key, counter);
    }
    counter.pending += 1;
    const hits = counter.stored + counter.writing + counter.pending;
    this.timer ??= setTimeout(() => void this.flush(), RATE_FLUSH_MS).unref();
    const retryAfterSeconds = Math.max(1, Math.ceil((counter.windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000));
    return { allowed: hits <= limit, retryAfterSeconds };
  }

  /** Writes every pending count in one upsert and adopts the shared totals it returns. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.counters].filter(([, counter]) => counter.pending > 0);
    for (const [key, counter] of this.counters) {
      // A finished window with nothing to write is of no further use.
      if (counter.pending === 0 && counter.writing === 0 && Date.now() - counter.windowStart.getTime() >= 2 * WINDOW_MS) this.counters.delete(key);
    }
    if (batch.length === 0) return this.flushing;
    for (const [, counter] of batch) {
      counter.writing = counter.pending;
      counter.pending = 0;
    }
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  private async write(batch: Array<[string, Counter]>): Promise<void> {
    const stale = sql`${rateLimits.windowStart} <= excluded.window_start - interval '60 seconds'`;
    try {
      const rows = await this.db
        .insert(rateLimits)
        .values(batch.map(([key, counter]) => ({ key, windowStart: counter.windowStart, hits: counter.writing })))
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${stale} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
            windowStart: sql`case when ${stale} then excluded.window_start else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ key: rateLimits.key, hits: rateLimits.hits, windowStart: rateLimits.windowStart });
      const byKey = new Map(rows.map((row) => [row.key, row]));
      for (const [key, counter] of batch) {
        const row = byKey.get(key);
        counter.writing = 0;
        if (!row) continue;
        // The database's window may be older (another server opened it): its start and count rule.
        counter.windowStart = row.windowStart;
        counter.stored = row.hits;
      }
    } catch {
      // Not written (the database is away): keep counting in memory and try again with the next batch.
      for (const [, counter] of batch) {
        counter.pending += counter.writing;
        counter.writing = 0;
      }
      this.timer ??= setTimeout(() => void this.flush(), RATE_FLUSH_MS).unref();
    }
  }
}

const countersByDatabase = new WeakMap<DbExecutor, RateCounters>();

function countersFor(db: DbExecutor): RateCounters {
  let counters = countersByDatabase.get(db);
  if (!counters) {
    counters = new RateCounters(db);
    countersByDatabase.set(db, counters);
  }
  return counters;
}

/**
 * Fixed one-minute windows per key, counted in this process's memory and shared with the other API
 * servers through the database (see RATE_FLUSH_MS for how closely). Every RateLimiter on the same
 * database shares one set of counters.
 */
export class RateLimiter {
  private readonly counters: RateCounters;

  constructor(db: DbExecutor) {
    this.counters = countersFor(db);
  }

  async hit(key: string, limit: number, now: Date): Promise<RateDecision> {
    return this.counters.hit(key, limit, now);
  }

  /** Writes the pending counts now (server close, tests). */
  flush(): Promise<void> {
    return this.counters.flush();
  }
}
