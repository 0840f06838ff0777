import type { DbExecutor } from '../db/database';
import { findAppRecord, type AppRecord } from './app-record';

/**
 * How long a process answers citizen traffic (routes with `cachedApp`) from its copy of an app's
 * record. A change committed through this process applies at once (the route pipeline invalidates);
 * one made through another server process applies here within this bound, as for sessions.
 */
export const APP_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  value: AppRecord | undefined;
  readAt: number;
}

/**
 * The per-process copy of app records for the routes citizens call on every turn (the chat and its
 * suggestions), which would otherwise read the app, its agency and its tier per call. Reads started
 * before an invalidation never store their answer (a generation counter).
 */
export class AppRecordCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reads = new Map<string, Promise<AppRecord | undefined>>();
  private generation = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  async load(db: DbExecutor, appId: string): Promise<AppRecord | undefined> {
    const now = this.clock();
    const hit = this.entries.get(appId);
    if (hit && now >= hit.readAt && now - hit.readAt < APP_CACHE_MS) return hit.value;
    const pending = this.reads.get(appId);
    if (pending) return pending;
    const generation = this.generation;
    const read = findAppRecord(db, appId).finally(() => this.reads.delete(appId));
    this.reads.set(appId, read);
    const value = await read;
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(appId, { value, readAt: now });
    }
    return value;
  }

  /** Forgets every copy (any committed change that is not citizen traffic may have changed an app). */
  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.reads.clear();
  }
}
