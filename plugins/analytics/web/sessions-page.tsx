import { Card, HTMLTable } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useParams } from '@civic/sdk/web/router';
import { AnalyticsApi, type SessionsReport } from '../common/api';
import { AnalyticsPageFrame } from './analytics-page-frame';
import { ChartCard } from './chart-card';
import { hourLabel, WEEKDAYS } from './format';
import { ChannelColours, SeriesColours } from './palette';
import { useReport } from './use-report';

/** /analytics/sessions/{appId}: sessions, users and messages per day; hour-of-week heatmap; channels; session length. */
export const SessionsPage = observer(function SessionsPage() {
  const { appId = '' } = useParams();
  const report = useReport<SessionsReport>(AnalyticsApi.sessions(appId));
  return (
    <AnalyticsPageFrame title="Sessions" description="When and where people talk to the bot, and for how long." report={report}>
      {(r) => (
        <>
          <ChartCard
            title="Sessions, users and messages per day"
            fileName={`${appId}-sessions-per-day`}
            data={[
              { type: 'bar', name: 'Sessions', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.sessions), marker: { color: SeriesColours.sessions } },
              { type: 'bar', name: 'Users', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.users), marker: { color: SeriesColours.users } },
              { type: 'scatter', mode: 'lines+markers', name: 'Messages', x: r.daily.map((d) => d.day), y: r.daily.map((d) => d.messages), line: { color: SeriesColours.messages } },
            ]}
            layout={{ barmode: 'group' }}
            table={{ columns: ['Day', 'Sessions', 'Users', 'Messages'], rows: r.daily.map((d) => [d.day, d.sessions, d.users, d.messages]) }}
          />
          <ChartCard
            title="Sessions by channel"
            fileName={`${appId}-channels`}
            data={[{ type: 'pie', hole: 0.5, labels: r.byChannel.map((c) => c.channel), values: r.byChannel.map((c) => c.sessions), marker: { colors: [...ChannelColours] }, textinfo: 'label+percent', insidetextfont: { color: '#ffffff' } }]}
            table={{ columns: ['Channel', 'Sessions', 'Messages'], rows: r.byChannel.map((c) => [c.channel, c.sessions, c.messages]) }}
          />
          <ChartCard
            title="Session length"
            description="Sessions by their number of messages."
            fileName={`${appId}-session-length`}
            data={[{ type: 'bar', x: r.lengths.map((l) => `${l.bucket} messages`), y: r.lengths.map((l) => l.sessions), marker: { color: SeriesColours.sessions }, name: 'Sessions' }]}
            table={{ columns: ['Messages in the session', 'Sessions'], rows: r.lengths.map((l) => [l.bucket, l.sessions]) }}
          />
          <div className="civic-analytics-wide">
            <ChartCard
              title="Messages by hour of the week"
              description={`Local time (${r.range.timeZone}).`}
              fileName={`${appId}-hour-of-week`}
              table={{ columns: ['Day', ...Array.from({ length: 24 }, (_, h) => hourLabel(h))], rows: r.heatmap.map((row, d) => [WEEKDAYS[d], ...row]) }}
            >
              <Heatmap values={r.heatmap} />
            </ChartCard>
          </div>
        </>
      )}
    </AnalyticsPageFrame>
  );
});

/** Steps light to dark blue; the number is always printed, in a colour that keeps 4.5:1 on its cell. */
const STEPS = [
  { background: '#ffffff', color: '#1c2127' },
  { background: '#e3ebf7', color: '#1c2127' },
  { background: '#b9cbe9', color: '#1c2127' },
  { background: '#3a67b0', color: '#ffffff' },
  { background: '#1f4e9c', color: '#ffffff' },
];

function Heatmap({ values }: { values: number[][] }) {
  const max = Math.max(1, ...values.flat());
  return (
    <Card style={{ overflowX: 'auto', padding: 0 }} elevation={0}>
      <HTMLTable compact className="civic-analytics-heatmap" aria-label="Messages by weekday and hour">
        <thead>
          <tr>
            <th scope="col">Day</th>
            {Array.from({ length: 24 }, (_, h) => (
              <th key={h} scope="col">
                {String(h).padStart(2, '0')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {values.map((row, d) => (
            <tr key={d}>
              <th scope="row">{WEEKDAYS[d].slice(0, 3)}</th>
              {row.map((v, h) => {
                const step = v === 0 ? STEPS[0] : STEPS[Math.min(4, 1 + Math.floor((v / max) * 3.999))];
                return (
                  <td key={h} style={step} title={`${WEEKDAYS[d]} ${hourLabel(h)}: ${v} messages`}>
                    {v}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
