import { HttpError, type DbExecutor, type RouteAdder } from '@civic/sdk/server';
import type { LinkedApps } from '../../dialog-engine/contract/server/linked-apps';
import { AnalyticsQueryDto, IntentTranscriptsQueryDto } from '../common/analytics-query.dto';
import { AnalyticsApi, POINT_CLOUD_CAP } from '../common/api';
import { rangeProblem, resolveRange } from '../common/date-range';
import { FeatureUsageDto } from '../common/feature-usage.dto';
import { canRecordFeatureUsage, canViewAnalytics, canViewFeatureAnalytics } from '../common/permissions';
import { featureAnalytics, recordFeatureUsage } from './feature-usages';
import { intentPoints } from './point-cloud';
import { openScope, type ReportScope } from './report-scope';
import { botSummaryReport, csatReport, dashboardReport, intentsReport, intentTranscripts, sessionsReport, superbotReport } from './reports';

const REPORTS: Array<{ url: string; description: string; build: (db: DbExecutor, scope: ReportScope, linkedApps: LinkedApps) => Promise<unknown> }> = [
  { url: AnalyticsApi.dashboardRoute, description: 'KPIs of the range with the change against the previous period, and the daily series', build: dashboardReport },
  { url: AnalyticsApi.sessionsRoute, description: 'Sessions, users and messages per day; hour-of-week heatmap; channel split; session lengths', build: sessionsReport },
  { url: AnalyticsApi.csatRoute, description: 'CSAT distribution, trend, comments and the worst-rated answers', build: csatReport },
  { url: AnalyticsApi.intentsRoute, description: 'Top intents, fallback rate per day, confidence distribution, thumbs per intent', build: intentsReport },
  {
    url: AnalyticsApi.intentPointsRoute,
    description: `Each turn as a point in time order, packed: count and points, base64 of the uint32 seconds after start then the uint16 confidence thousandths << 1 | fallback (little-endian); above ${POINT_CLOUD_CAP.toLocaleString('en')} turns every step-th`,
    build: intentPoints,
  },
  { url: AnalyticsApi.superbotRoute, description: 'Superbot routing per linked app and misroutes (empty for other apps)', build: superbotReport },
  { url: AnalyticsApi.botSummaryRoute, description: 'Containment, fallback rate, CSAT, busiest hours and the effect of each content version', build: botSummaryReport },
];

/** The analytics reports of an app (the superbot's names its linked apps through `linkedApps`), and the §7 feature-usage events. */
export function registerAnalyticsRoutes(routes: RouteAdder, timeZone: string, linkedApps: LinkedApps): void {
  for (const report of REPORTS) {
    routes.add({
      method: 'GET',
      url: report.url,
      app: 'appId',
      access: canViewAnalytics,
      query: AnalyticsQueryDto,
      description: `${report.description}; query preset (§9 days) or from/to (YYYY-MM-DD), channel, environment`,
      handler: async (ctx) => report.build(ctx.db, await openScope(ctx.db, { appId: ctx.app.appId, isSuperbot: ctx.access.app?.isSuperbot === true }, ctx.query, ctx.now, timeZone), linkedApps),
    });
  }

  routes.add({
    method: 'GET',
    url: AnalyticsApi.intentTranscriptsRoute,
    app: 'appId',
    access: canViewAnalytics,
    query: IntentTranscriptsQueryDto,
    description: 'The turns behind an intent bar (intent: its name, "" for none), newest first, 25 a page (pageNum)',
    handler: async (ctx) => intentTranscripts(ctx.db, await openScope(ctx.db, { appId: ctx.app.appId, isSuperbot: ctx.access.app?.isSuperbot === true }, ctx.query, ctx.now, timeZone), ctx.query.intent, ctx.query.pageNum ?? 0),
  });

  routes.add({
    method: 'POST',
    url: AnalyticsApi.featureUsages,
    access: canRecordFeatureUsage,
    body: FeatureUsageDto,
    status: 201,
    unaudited: 'usage telemetry posted as people use features; its record is the feature-usage table',
    description: '§7 { appId?, event, feature, module?, intentId?, intentName?, data? }: records one use of a feature; 404 for an app the caller holds no role on',
    handler: (ctx) => recordFeatureUsage(ctx.db, ctx.user, ctx.body, ctx.now),
  });

  routes.add({
    method: 'GET',
    url: AnalyticsApi.featureAnalytics,
    access: canViewFeatureAnalytics,
    query: AnalyticsQueryDto,
    description: 'Feature-usage events across apps over the range: per feature, per day, per app',
    handler: (ctx) => {
      const input = { preset: ctx.query.preset === undefined ? undefined : Number(ctx.query.preset), from: ctx.query.from, to: ctx.query.to };
      const problem = rangeProblem(input);
      if (problem) throw HttpError.invalid([problem], { from: [problem] });
      return featureAnalytics(ctx.db, resolveRange(input, ctx.now, timeZone));
    },
  });
}
