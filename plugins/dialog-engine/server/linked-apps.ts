import { eq, type DbExecutor } from '@civic/sdk/server';
import type { LinkedApps } from '../contract/server/linked-apps';
import { dialogEngineConfigs } from './db/schema';

/** The `LinkedApps` of the contract: read from the app's engine settings of both environments. */
export const linkedApps: LinkedApps = {
  async of(db: DbExecutor, appId: string) {
    const rows = await db.select({ ids: dialogEngineConfigs.linkedAppIds }).from(dialogEngineConfigs).where(eq(dialogEngineConfigs.appId, appId));
    return [...new Set(rows.flatMap((row) => row.ids))].sort();
  },
};
