import { Callout } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useParams } from '@civic/sdk/web/router';
import { AnalyticsApi, type SuperbotReport } from '../common/api';
import { AnalyticsMessages } from '../common/messages';
import { AnalyticsPageFrame } from './analytics-page-frame';
import { categoryBars } from './category-bars';
import { ChartCard } from './chart-card';
import { SeriesColours } from './palette';
import { useReport } from './use-report';

/** /analytics/superbot/{appId}: which linked app each question went to, and the misroutes. */
export const SuperbotPage = observer(function SuperbotPage() {
  const { appId = '' } = useParams();
  const report = useReport<SuperbotReport>(AnalyticsApi.superbot(appId));
  return (
    <AnalyticsPageFrame title="Superbot" description="How the superbot routes questions to its linked apps, and where it went wrong." report={report}>
      {(r) =>
        !r.isSuperbot ? (
          <Callout intent="primary" title="Not a superbot" className="civic-analytics-wide">
            {AnalyticsMessages.notSuperbot}
          </Callout>
        ) : (
          <>
            <ChartCard
              title="Routing per linked app"
              description={`Linked apps: ${r.linkedAppIds.join(', ') || 'none'}.`}
              fileName={`${appId}-routing`}
              {...categoryBars(
                r.routing.map((x) => x.appId),
                [
                  { name: 'Messages', values: r.routing.map((x) => x.turns), marker: { color: SeriesColours.messages } },
                  { name: 'Fallbacks', values: r.routing.map((x) => x.fallbacks), marker: { color: SeriesColours.fallbacks } },
                  { name: 'Thumbs down', values: r.routing.map((x) => x.thumbsDown), marker: { color: SeriesColours.previous } },
                ],
              )}
              table={{ columns: ['Linked app', 'Messages', 'Fallbacks', 'Thumbs down'], rows: r.routing.map((x) => [x.appId, x.turns, x.fallbacks, x.thumbsDown]) }}
            />
            <ChartCard
              title="Misroutes"
              description="The newest 50 messages no linked app could answer, or that people rated down."
              fileName={`${appId}-misroutes`}
              table={{ columns: ['When', 'Message', 'Routed to', 'Intent', 'Confidence', 'Why'], rows: r.misroutes.map((m) => [new Date(m.createdAt).toLocaleString(), m.text, m.routedTo, m.intentName || '(no intent)', m.confidence, m.reason === 'fallback' ? 'Fallback' : 'Thumbs down']) }}
            />
          </>
        )
      }
    </AnalyticsPageFrame>
  );
});
