import { observer } from '@civic/sdk/web/mobx';
import { AnalyticsApi, type FeatureAnalyticsReport } from '../common/api';
import { AnalyticsPageFrame } from './analytics-page-frame';
import { categoryBars } from './category-bars';
import { ChartCard } from './chart-card';
import { SeriesColours } from './palette';
import { useReport } from './use-report';
import { formatCount } from '@civic/sdk/common/format';

/** /feature-analytics (platform admins): which console features people use, across apps (§7 feature-usages). */
export const FeatureAnalyticsPage = observer(function FeatureAnalyticsPage() {
  const report = useReport<FeatureAnalyticsReport & { channels?: string[] }>(AnalyticsApi.featureAnalytics);
  return (
    <AnalyticsPageFrame title="Feature analytics" description="Which console features people use, across every app." report={report} filters={false}>
      {(r) => (
        <>
          <ChartCard
            title="Feature events per day"
            description={`${formatCount(r.total)} event${r.total === 1 ? "" : "s"} in the range.`}
            fileName="feature-events-per-day"
            data={[{ type: 'bar', name: 'Events', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.events), marker: { color: SeriesColours.sessions } }]}
            table={{ columns: ['Day', 'Events'], rows: r.daily.map((d) => [d.day, d.events]) }}
          />
          <ChartCard
            title="Most used features"
            fileName="features"
            {...categoryBars(
              r.features.slice(0, 15).map((f) => (f.module ? `${f.module}: ${f.feature}` : f.feature)),
              [{ name: 'Events', values: r.features.slice(0, 15).map((f) => f.events), marker: { color: SeriesColours.messages } }],
            )}
            table={{ columns: ['Feature', 'Module', 'Events', 'Users', 'Apps'], rows: r.features.map((f) => [f.feature, f.module, f.events, f.users, f.apps]) }}
          />
          <ChartCard title="Events per app" fileName="feature-events-per-app" table={{ columns: ['App', 'Events'], rows: r.apps.map((a) => [a.appId, a.events]) }} />
        </>
      )}
    </AnalyticsPageFrame>
  );
});
