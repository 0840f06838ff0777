import { observer } from '@civic/sdk/web/mobx';
import { useParams } from '@civic/sdk/web/router';
import { AnalyticsApi, type CsatReport } from '../common/api';
import { AnalyticsPageFrame } from './analytics-page-frame';
import { categoryBars } from './category-bars';
import { ChartCard } from './chart-card';
import { formatValue } from './format';
import { RatingColours, SeriesColours } from './palette';
import { useReport } from './use-report';
import { formatCount } from '@civic/sdk/common/format';

/** /analytics/csat/{appId}: rating distribution, trend, comments and the worst-rated answers. */
export const CsatPage = observer(function CsatPage() {
  const { appId = '' } = useParams();
  const report = useReport<CsatReport>(AnalyticsApi.csat(appId));
  return (
    <AnalyticsPageFrame title="CSAT" description="How satisfied people were at the end of their sessions, and the answers they rated down." report={report}>
      {(r) => (
        <>
          <ChartCard
            title="Rating distribution"
            description={`Average ${formatValue(r.average, 'rating')} from ${formatCount(r.distribution.reduce((s, d) => s + d.count, 0))} ratings.`}
            fileName={`${appId}-csat-distribution`}
            data={[{ type: 'bar', name: 'Ratings', x: r.distribution.map((d) => `${d.rating} star${d.rating === 1 ? '' : 's'}`), y: r.distribution.map((d) => d.count), marker: { color: [...RatingColours] }, text: r.distribution.map((d) => String(d.count)), textposition: 'outside' }]}
            table={{ columns: ['Rating', 'Sessions'], rows: r.distribution.map((d) => [d.rating, d.count]) }}
          />
          <ChartCard
            title="CSAT trend"
            description="Average rating per day, with the number of ratings."
            fileName={`${appId}-csat-trend`}
            data={[
              { type: 'bar', name: 'Ratings', x: r.trend.map((d) => d.day), y: r.trend.map((d) => d.count), marker: { color: SeriesColours.previous } },
              { type: 'scatter', mode: 'lines+markers', name: 'Average', yaxis: 'y2', x: r.trend.map((d) => d.day), y: r.trend.map((d) => d.average), line: { color: SeriesColours.csat }, connectgaps: true },
            ]}
            layout={{ yaxis: { title: { text: 'Ratings' } }, yaxis2: { title: { text: 'Average' }, overlaying: 'y', side: 'right', range: [1, 5] } }}
            table={{ columns: ['Day', 'Ratings', 'Average'], rows: r.trend.map((d) => [d.day, d.count, d.average]) }}
          />
          <ChartCard
            title="Worst-rated answers"
            description="Intents whose answers got the most thumbs down."
            fileName={`${appId}-worst-rated`}
            {...categoryBars(
              r.worstRated.map((w) => w.intentName || '(no intent)'),
              [
                { name: 'Thumbs down', values: r.worstRated.map((w) => w.thumbsDown), marker: { color: SeriesColours.thumbsDown } },
                { name: 'Thumbs up', values: r.worstRated.map((w) => w.thumbsUp), marker: { color: SeriesColours.thumbsUp } },
              ],
            )}
            table={{ columns: ['Intent', 'Thumbs down', 'Thumbs up', 'Messages'], rows: r.worstRated.map((w) => [w.intentName || '(no intent)', w.thumbsDown, w.thumbsUp, w.turns]) }}
          />
          <ChartCard
            title="Comments"
            description="The newest 50 comments left with a rating."
            fileName={`${appId}-csat-comments`}
            table={{ columns: ['When', 'Rating', 'Channel', 'Comment'], rows: r.comments.map((c) => [new Date(c.createdAt).toLocaleString(), c.rating, c.channel, c.comment]) }}
          />
        </>
      )}
    </AnalyticsPageFrame>
  );
});
