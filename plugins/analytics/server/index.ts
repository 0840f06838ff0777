import { defineServerModule, sql } from '@civic/sdk/server';
import { registerAnalyticsRoutes } from './analytics-routes';
import { refreshRollups } from './rollup';

/** Name of the schedule that keeps the rollups current (tests run it with `jobs.runScheduled`). */
export const ROLLUP_SCHEDULE = 'analytics.rollup';

export default defineServerModule({
  pluginId: 'analytics',
  register(api) {
    registerAnalyticsRoutes(api.routes, api.deployment.timeZone);
    // Every minute: each app's rollups up to the last whole hour (and the settling hours before it again).
    api.jobs.schedule(ROLLUP_SCHEDULE, '* * * * *', async ({ db, now, signal }) => {
      const result = await db.execute(sql`select app_id from apps order by app_id`);
      for (const row of (result as unknown as { rows: Array<{ app_id: string }> }).rows) {
        if (signal.aborted) return;
        await refreshRollups(db, row.app_id, now);
      }
    });
  },
});
