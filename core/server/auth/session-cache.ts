import { inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '@civic/core/common/model/user';
import type { DbExecutor } from '../db/database';
import { sessions } from '../db/schema';
import { loadSessionAndUser, type SessionRow } from './user-directory';

/**
 * How long a process answers from its copy of a session and its account (roles, active flag) before
 * reading them again. A change made through this process applies at once (it invalidates); one made
 * through another server process (a logout, a revocation, a role change there) applies here within
 * this bound. Documented in README (Scaling out) and docs/architecture.md.
 */
export const SESSION_CACHE_MS = 2_000;
/** Pending "last seen" marks are written together this often (one UPDATE for every session). */
export const TOUCH_FLUSH_MS = 5_000;
/** last_seen_at is marked at most this often per session; the idle limit is minutes, so seconds do not matter. */
export const TOUCH_EVERY_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** What an authenticated request needs of its session: the row, the account as it is, TOTP enrolment. */
export interface SessionSnapshot {
  session: SessionRow;
  /** Undefined when the account is gone or inactive. authLevel is the token's, set by the reader. */
  user: SessionUser | undefined;
  totpEnabled: boolean;
}

interface Entry {
  value: SessionSnapshot | undefined;
  readAt: number;
}

/** Every cache of this process, so a revocation reaches each server a test starts in one process. */
const live = new Set<SessionCache>();

/**
 * The per-process copy of sessions and their accounts that spares the request path a database read
 * per request, and the batch of "last seen" marks that spares it a write. Reads started before an
 * invalidation never store their (possibly stale) answer: a generation counter tells them apart.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reads = new Map<string, Promise<SessionSnapshot | undefined>>();
  private generation = 0;
  private readonly touches = new Map<string, Date>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbExecutor,
    private readonly clock: () => number = Date.now,
  ) {
    live.add(this);
  }

  /** The session's snapshot, from memory when read less than SESSION_CACHE_MS ago. */
  async load(sessionId: string): Promise<SessionSnapshot | undefined> {
    const now = this.clock();
    const hit = this.entries.get(sessionId);
    // A clock moved back (tests) makes the copy stale rather than fresh for ever.
    if (hit && now >= hit.readAt && now - hit.readAt < SESSION_CACHE_MS) return hit.value;
    // Concurrent requests of one session share one read.
    const pending = this.reads.get(sessionId);
    if (pending) return pending;
    const generation = this.generation;
    const read = this.read(sessionId).finally(() => this.reads.delete(sessionId));
    this.reads.set(sessionId, read);
    const value = await read;
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.evictStale(now);
      this.entries.set(sessionId, { value, readAt: now });
    }
    return value;
  }

  private async read(sessionId: string): Promise<SessionSnapshot | undefined> {
    const found = await loadSessionAndUser(this.db, sessionId, 1);
    if (!found) return undefined;
    const lastSeen = this.touches.get(sessionId);
    // A mark not yet written is newer than the row.
    const session = lastSeen && lastSeen > found.session.lastSeenAt ? { ...found.session, lastSeenAt: lastSeen } : found.session;
    return { session, user: found.user, totpEnabled: found.totpEnabled };
  }

  private evictStale(now: number): void {
    for (const [id, entry] of this.entries) if (now - entry.readAt >= SESSION_CACHE_MS) this.entries.delete(id);
    // Still full of fresh entries: start again rather than grow without bound.
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }

  /**
   * Records activity on the session: in memory at once (idleness is judged from it), in the
   * database with the next batch. Marks closer than TOUCH_EVERY_MS to the last are skipped.
   */
  touch(session: SessionRow, now: Date): void {
    if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
    session.lastSeenAt = now;
    this.touches.set(session.id, now);
    this.flushTimer ??= setTimeout(() => void this.flush(), TOUCH_FLUSH_MS).unref();
  }

  /** Writes the pending marks: one statement for all of them (never moves last_seen_at back). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.touches.size === 0) return this.flushing;
    const batch = [...this.touches];
    this.touches.clear();
    const latest = new Date(Math.max(...batch.map(([, at]) => at.getTime())));
    this.flushing = this.flushing
      .then(() =>
        this.db
          .update(sessions)
          .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${latest.toISOString()}::timestamptz)` })
          .where(inArray(sessions.id, batch.map(([id]) => id))),
      )
      .then(
        () => undefined,
        () => {
          // Not written (the database is away): keep the marks for the next batch.
          for (const [id, at] of batch) if (!this.touches.has(id)) this.touches.set(id, at);
          this.flushTimer ??= setTimeout(() => void this.flush(), TOUCH_FLUSH_MS).unref();
        },
      );
    return this.flushing;
  }

  /** Forgets every copy; the next request of each session reads it again. */
  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.reads.clear();
  }

  /** Writes what is pending and stops (server close): no mark is lost on SIGTERM. */
  async close(): Promise<void> {
    live.delete(this);
    await this.flush();
  }

  /** A revocation, a role change or a deactivation: every cache of this process forgets at once. */
  static invalidateEverywhere(): void {
    for (const cache of live) cache.invalidateAll();
  }
}
