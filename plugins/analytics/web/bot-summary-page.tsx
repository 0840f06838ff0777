import { Button } from '@civic/sdk/web/blueprint';
import { ApiClient, errorMessage, saveBlob, ToastService, useService } from '@civic/sdk/web';
import { observer } from '@civic/sdk/web/mobx';
import { useParams } from '@civic/sdk/web/router';
import { AnalyticsApi, ReportsApi, type BotSummaryReport, type Kpi } from '../common/api';
import { AnalyticsFilters } from './analytics-filters';
import { AnalyticsPageFrame } from './analytics-page-frame';
import { categoryBars } from './category-bars';
import { ChartCard } from './chart-card';
import { formatValue, hourLabel, percent, WEEKDAYS } from './format';
import { SeriesColours } from './palette';
import { useReport } from './use-report';
import { formatCount } from '@civic/sdk/common/format';

/** /analytics/botSummary/{appId}: the bot on one page — containment, fallback rate, CSAT, busiest hours, versions. */
export const BotSummaryPage = observer(function BotSummaryPage() {
  const { appId = '' } = useParams();
  const report = useReport<BotSummaryReport>(AnalyticsApi.botSummary(appId));
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const filters = useService<AnalyticsFilters>(AnalyticsFilters);
  const download = async (format: 'pdf' | 'csv') => {
    try {
      const blob = await api.get<Blob>(ReportsApi.botSummaryExport(appId), { download: true, query: { ...filters.query, format } });
      saveBlob(blob, `bot-summary-${appId}.${format}`);
    } catch (error) {
      toasts.error(errorMessage(error));
    }
  };
  const actions = (
    <>
      <Button text="Download PDF" onClick={() => void download('pdf')} />
      <Button text="Download CSV" onClick={() => void download('csv')} />
    </>
  );
  return (
    <AnalyticsPageFrame title="Bot summary" description="The bot on one page: how much it handles alone, how it is rated, and what each published version changed." report={report} actions={actions}>
      {(r) => {
        const figures: Array<[string, number | null, Kpi['format']]> = [
          ['Sessions', r.sessions, 'count'],
          ['Messages', r.messages, 'count'],
          ['Containment', r.containment, 'percent'],
          ['Fallback rate', r.fallbackRate, 'percent'],
          [`CSAT (${formatCount(r.csatCount)} ratings)`, r.csatAverage, 'rating'],
        ];
        return (
          <>
            <ChartCard title="Summary" fileName={`${appId}-summary`} table={{ columns: ['Figure', 'Value'], rows: figures.map(([label, value, format]) => [label, formatValue(value, format)]) }} />
            <ChartCard
              title="Busiest hours"
              description={`The five busiest hours of the week, local time (${r.range.timeZone}).`}
              fileName={`${appId}-busiest-hours`}
              {...categoryBars(
                r.busiestHours.map((b) => `${WEEKDAYS[b.weekday]} ${hourLabel(b.hour)}`),
                [{ name: 'Messages', values: r.busiestHours.map((b) => b.messages), marker: { color: SeriesColours.messages } }],
              )}
              table={{ columns: ['Hour', 'Messages'], rows: r.busiestHours.map((b) => [`${WEEKDAYS[b.weekday]} ${hourLabel(b.hour)}`, b.messages]) }}
            />
            <div className="civic-analytics-wide">
              <ChartCard
                title="Versions and their effect"
                description="Each content version that answered in the range, with its fallback rate and the change from the version before."
                fileName={`${appId}-versions`}
                data={[
                  { type: 'bar', name: 'Fallback rate', x: r.versions.map((v) => v.version), y: r.versions.map((v) => v.fallbackRate), marker: { color: SeriesColours.fallbacks } },
                  { type: 'bar', name: 'Thumbs-down rate', x: r.versions.map((v) => v.version), y: r.versions.map((v) => v.thumbsDownRate), marker: { color: SeriesColours.previous } },
                ]}
                layout={{ barmode: 'group', yaxis: { tickformat: '.0%' } }}
                table={{
                  columns: ['Version', 'First seen', 'Last seen', 'Messages', 'Fallback rate', 'Change', 'Thumbs-down rate'],
                  rows: r.versions.map((v) => [v.version, new Date(v.firstSeen).toLocaleString(), new Date(v.lastSeen).toLocaleString(), v.turns, percent(v.fallbackRate), v.fallbackChange === null ? null : `${v.fallbackChange > 0 ? '+' : ''}${(v.fallbackChange * 100).toFixed(1)} points`, percent(v.thumbsDownRate)]),
                }}
                tableFirst
              />
            </div>
          </>
        );
      }}
    </AnalyticsPageFrame>
  );
});
