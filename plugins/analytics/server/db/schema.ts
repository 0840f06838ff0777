/** The tables of analytics. drizzle-kit reads this barrel to generate the plugin's migrations (`npm run db:generate -- analytics`). */
export { analyticsHourly, analyticsIntentHourly, analyticsMemberHourly, analyticsPointHourly, analyticsRollupState } from './analytics-rollups';
export { analyticsFeatureUsages } from './analytics-feature-usages';
export { analyticsReportSchedules } from './analytics-report-schedules';
