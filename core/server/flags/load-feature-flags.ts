import type { DbExecutor } from '../db/database';
import { featureFlags } from '../db/schema';

/** Every flag by name. Read per request: flags are few, and all servers see a change at once. */
export async function loadFeatureFlags(db: DbExecutor): Promise<Record<string, boolean>> {
  const rows = await db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
  return Object.fromEntries(rows.map((row) => [row.name, row.enabled]));
}
