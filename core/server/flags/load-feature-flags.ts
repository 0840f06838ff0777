import type { DbExecutor } from '../db/database';
import { featureFlags } from '../db/schema';

/**
 * Every request needs the flags for its AccessContext, and they change rarely: each process keeps
 * them for a moment instead of asking the database every time. A change made through this process
 * is seen at once (invalidate); one made elsewhere within FRESH_MS.
 */
const FRESH_MS = 2_000;
const cache = new WeakMap<DbExecutor, { at: number; flags: Promise<Record<string, boolean>> }>();

export function loadFeatureFlags(db: DbExecutor, nowMs = Date.now()): Promise<Record<string, boolean>> {
  const hit = cache.get(db);
  if (hit && nowMs - hit.at < FRESH_MS) return hit.flags;
  const flags = readFeatureFlags(db);
  cache.set(db, { at: nowMs, flags });
  // A failed read is not kept: the next request asks again.
  flags.catch(() => cache.delete(db));
  return flags;
}

export function invalidateFeatureFlags(db: DbExecutor): void {
  cache.delete(db);
}

async function readFeatureFlags(db: DbExecutor): Promise<Record<string, boolean>> {
  const rows = await db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
  return Object.fromEntries(rows.map((row) => [row.name, row.enabled]));
}
