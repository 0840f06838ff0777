import { defineServerModule, settingsOf, sql } from '@civic/sdk/server';
import { LinkedApps } from '../../dialog-engine/contract/server/linked-apps';
import { registerAnalyticsRoutes } from './analytics-routes';
import { seedDemoFeatureUsages } from './demo-feature-usages';
import { sendDueReports, type ReportDeps } from './report-mail';
import { registerReportRoutes } from './report-routes';
import { refreshRollups } from './rollup';
import { AnalyticsSettings } from './settings';

/** Name of the schedule that keeps the rollups current (tests run it with `jobs.runScheduled`). */
export const ROLLUP_SCHEDULE = 'analytics.rollup';
/** Name of the daily schedule that mails the due bot-summary reports. */
export const REPORTS_SCHEDULE = 'analytics.reports';

export default defineServerModule({
  pluginId: 'analytics',
  settings: AnalyticsSettings,
  register(api) {
    const { timeZone } = settingsOf(api, AnalyticsSettings);
    const deps: ReportDeps = { mail: api.mail, users: api.users, timeZone, publicUrl: api.deployment.publicUrl };
    registerAnalyticsRoutes(api.routes, timeZone, api.services.get(LinkedApps));
    registerReportRoutes(api.routes, deps);
    // Every minute: each app's rollups up to the last whole hour (and the settling hours before it again).
    api.jobs.schedule(ROLLUP_SCHEDULE, '* * * * *', async ({ db, now, signal }) => {
      const result = await db.execute(sql`select app_id from apps order by app_id`);
      for (const row of (result as unknown as { rows: Array<{ app_id: string }> }).rows) {
        if (signal.aborted) return;
        await refreshRollups(db, row.app_id, now);
      }
    });
    // 08:00 in the deployment's zone: weekly reports on Mondays, monthly ones on the 1st.
    api.jobs.schedule(REPORTS_SCHEDULE, '0 8 * * *', async ({ db, now, log }) => {
      const sent = await sendDueReports(db, deps, now);
      if (sent > 0) log.info({ sent }, 'analytics reports mailed');
    }, { tz: timeZone });
  },
  seedDemo: (tx, demo) => seedDemoFeatureUsages(tx, demo.appIds, demo.now),
});
