import { observer } from '@civic/sdk/web/mobx';
import { useParams } from '@civic/sdk/web/router';
import { AnalyticsApi, type DashboardReport } from '../common/api';
import { AnalyticsPageFrame } from './analytics-page-frame';
import { ChartCard } from './chart-card';
import { KpiTiles } from './kpi-tiles';
import { SeriesColours } from './palette';
import { useReport } from './use-report';

/** /analytics/{appId} (and any other analytics path): the KPIs against the previous period and the daily series. */
export const AnalyticsDashboardPage = observer(function AnalyticsDashboardPage() {
  const { appId = '' } = useParams();
  const report = useReport<DashboardReport>(AnalyticsApi.dashboard(appId));
  return (
    <AnalyticsPageFrame title="Analytics" description="How the bot is used and how well it answers, against the previous period." report={report}>
      {(r) => (
        <>
          <KpiTiles kpis={r.kpis} range={r.range} />
          <ChartCard
            title="Activity per day"
            description="Sessions, users and messages each day."
            fileName={`${appId}-activity-per-day`}
            data={[
              { type: 'scatter', mode: 'lines+markers', name: 'Sessions', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.sessions), line: { color: SeriesColours.sessions } },
              { type: 'scatter', mode: 'lines+markers', name: 'Users', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.users), line: { color: SeriesColours.users, dash: 'dot' } },
              { type: 'scatter', mode: 'lines+markers', name: 'Messages', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.messages), line: { color: SeriesColours.messages, dash: 'dash' } },
            ]}
            table={{ columns: ['Day', 'Sessions', 'Users', 'Messages'], rows: r.daily.map((d) => [d.day, d.sessions, d.users, d.messages]) }}
          />
          <ChartCard
            title="Fallbacks and CSAT per day"
            description="Messages no intent answered, and the average rating (1–5)."
            fileName={`${appId}-fallbacks-csat-per-day`}
            data={[
              { type: 'bar', name: 'Fallbacks', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.fallbacks), marker: { color: SeriesColours.fallbacks } },
              { type: 'scatter', mode: 'lines+markers', name: 'CSAT', yaxis: 'y2', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.csatAverage), line: { color: SeriesColours.csat }, connectgaps: true },
            ]}
            layout={{ yaxis: { title: { text: 'Fallbacks' } }, yaxis2: { title: { text: 'CSAT' }, overlaying: 'y', side: 'right', range: [1, 5] } }}
            table={{ columns: ['Day', 'Fallbacks', 'CSAT responses', 'CSAT average'], rows: r.daily.map((d) => [d.day, d.fallbacks, d.csatCount, d.csatAverage]) }}
          />
        </>
      )}
    </AnalyticsPageFrame>
  );
});
