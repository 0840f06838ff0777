import { Button, Dialog, DialogBody, HTMLTable } from '@civic/sdk/web/blueprint';
import { errorMessage, LoadError, PageSkeleton } from '@civic/sdk/web';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { AnalyticsApi, type IntentsReport, type IntentTranscriptsPage, type PackedConfidencePoints } from '../common/api';
import { AnalyticsPageFrame } from './analytics-page-frame';
import { categoryBars } from './category-bars';
import { ChartCard } from './chart-card';
import { CloudMarks, ConfidenceCloudCard, markCloud } from './confidence-cloud';
import { percent } from './format';
import { LazyPlot, loadPointCloudPlot } from './lazy-plot';
import { SeriesColours } from './palette';
import { useReport } from './use-report';
import { formatCount } from '@civic/sdk/common/format';

const intentLabel = (name: string) => name || '(no intent)';

/** /analytics/intents/{appId}: top intents with their transcripts, fallback rate, confidence, thumbs per intent. */
export const IntentsPage = observer(function IntentsPage() {
  const { appId = '' } = useParams();
  // The point cloud's data and its WebGL chunk are asked for at once, beside the report, the points
  // first: the embedded database answers one query at a time, and the cloud is the page's longest path
  // (its answer, decoding and drawing), the report's charts a fraction of it. The cloud's card draws
  // when its points come, not after the report as well (the frame's `alongside`), last in the grid.
  const points = useReport<PackedConfidencePoints>(AnalyticsApi.intentPoints(appId));
  const report = useReport<IntentsReport>(AnalyticsApi.intents(appId));
  useEffect(() => {
    loadPointCloudPlot().then(
      () => markCloud(CloudMarks.plotlyReady),
      () => undefined,
    );
  }, []);
  const [drill, setDrill] = useState<string | null>(null);
  return (
    <AnalyticsPageFrame
      title="Intents"
      description="Which intents answer, how confidently, and where the bot falls back."
      report={report}
      alongside={<ConfidenceCloudCard appId={appId} report={points} />}
    >
      {(r) => (
        <>
          <ChartCard
            title="Top intents"
            description="Messages per intent; pick a bar (or a row's button in the table) to read its messages."
            fileName={`${appId}-top-intents`}
            table={{ columns: ['Intent', 'Messages', 'Fallbacks', 'Average confidence'], rows: r.top.map((i) => [intentLabel(i.intentName), i.turns, i.fallbacks, i.averageConfidence]) }}
            renderCell={(row, column) =>
              column === 0 ? (
                <Button variant="minimal" size="small" text={String(row[0])} aria-label={`Messages of ${String(row[0])}`} onClick={() => setDrill(r.top.find((i) => intentLabel(i.intentName) === row[0])?.intentName ?? '')} />
              ) : typeof row[column] === 'number' && !Number.isInteger(row[column]) ? (
                (row[column] as number).toFixed(3)
              ) : (
                row[column]
              )
            }
          >
            <TopIntentsChart report={r} onPick={setDrill} />
          </ChartCard>
          <ChartCard
            title="Fallback rate per day"
            fileName={`${appId}-fallback-rate`}
            data={[{ type: 'scatter', mode: 'lines+markers', name: 'Fallback rate', x: r.fallbackTrend.map((d) => d.day), y: r.fallbackTrend.map((d) => d.rate), line: { color: SeriesColours.fallbacks }, connectgaps: true }]}
            layout={{ yaxis: { tickformat: '.0%', rangemode: 'tozero' } }}
            table={{ columns: ['Day', 'Messages', 'Fallbacks', 'Fallback rate'], rows: r.fallbackTrend.map((d) => [d.day, d.turns, d.fallbacks, d.rate === null ? null : percent(d.rate)]) }}
          />
          <ChartCard
            title="Confidence distribution"
            fileName={`${appId}-confidence`}
            data={[{ type: 'bar', name: 'Messages', x: r.confidence.map((c) => c.bin), y: r.confidence.map((c) => c.count), marker: { color: SeriesColours.sessions } }]}
            table={{ columns: ['Confidence', 'Messages'], rows: r.confidence.map((c) => [c.bin, c.count]) }}
          />
          <ChartCard
            title="Thumbs up and down per intent"
            description={`The intents rated most (up to ${CHARTED_INTENTS}); the table lists every intent.`}
            fileName={`${appId}-thumbs-per-intent`}
            {...thumbsChart(r)}
            table={{ columns: ['Intent', 'Thumbs up', 'Thumbs down'], rows: r.top.map((i) => [intentLabel(i.intentName), i.thumbsUp, i.thumbsDown]) }}
          />
          {drill !== null && <IntentTranscriptsDialog appId={appId} intent={drill} onClose={() => setDrill(null)} />}
        </>
      )}
    </AnalyticsPageFrame>
  );
});

/** Intents a chart shows (the report has up to 50; the table views list them all). */
const CHARTED_INTENTS = 15;

function TopIntentsChart({ report, onPick }: { report: IntentsReport; onPick: (intent: string) => void }) {
  const top = report.top.slice(0, CHARTED_INTENTS);
  const chart = categoryBars(
    top.map((i) => intentLabel(i.intentName)),
    [{ name: 'Messages', values: top.map((i) => i.turns), marker: { color: SeriesColours.messages }, customdata: top.map((i) => i.intentName) }],
    { clickmode: 'event' },
  );
  return <LazyPlot label="Top intents chart; use Show table for the numbers and the messages of each intent" {...chart} onClick={(point) => onPick(String(point.customdata ?? ''))} />;
}

/** The intents rated most (thumbs up and down together), most first; none rated: the table alone. */
function thumbsChart(report: IntentsReport): Partial<ReturnType<typeof categoryBars>> {
  const rated = report.top
    .filter((i) => i.thumbsUp + i.thumbsDown > 0)
    .sort((a, b) => b.thumbsUp + b.thumbsDown - (a.thumbsUp + a.thumbsDown))
    .slice(0, CHARTED_INTENTS);
  if (rated.length === 0) return {};
  return categoryBars(
    rated.map((i) => intentLabel(i.intentName)),
    [
      { name: 'Thumbs up', values: rated.map((i) => i.thumbsUp), marker: { color: SeriesColours.thumbsUp } },
      { name: 'Thumbs down', values: rated.map((i) => i.thumbsDown), marker: { color: SeriesColours.thumbsDown, pattern: { shape: '/' } } },
    ],
  );
}

/** The drill-down: the messages behind an intent's bar, 25 a page. */
const IntentTranscriptsDialog = observer(function IntentTranscriptsDialog({ appId, intent, onClose }: { appId: string; intent: string; onClose: () => void }) {
  const [pageNum, setPageNum] = useState(0);
  const page = useReport<IntentTranscriptsPage>(AnalyticsApi.intentTranscripts(appId), { intent, pageNum: String(pageNum) });
  return (
    <Dialog isOpen onClose={onClose} title={`Messages: ${intentLabel(intent)}`} style={{ width: 860, maxWidth: '95vw' }}>
      <DialogBody>
        {page.error !== undefined && <LoadError title="The messages could not be loaded" error={errorMessage(page.error)} onRetry={page.reload} />}
        {page.data === undefined && page.error === undefined && <PageSkeleton />}
        {page.data && (
          <>
            <p role="status">{formatCount(page.data.total)} messages</p>
            <HTMLTable compact striped style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Message</th>
                  <th scope="col">Confidence</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Rating</th>
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((t) => (
                  <tr key={t.id}>
                    <td>{new Date(t.createdAt).toLocaleString()}</td>
                    <td>{t.text}</td>
                    <td>{t.confidence.toFixed(2)}</td>
                    <td>{t.channel}</td>
                    <td>{t.thumbsUp ? 'Thumbs up' : t.thumbsDown ? 'Thumbs down' : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <SimplePager pageNum={pageNum} total={page.data.total} onPage={setPageNum} />
          </>
        )}
      </DialogBody>
    </Dialog>
  );
});

function SimplePager({ pageNum, total, onPage }: { pageNum: number; total: number; onPage: (n: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / 25));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages of messages" style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8 }}>
      <Button text="Previous" disabled={pageNum === 0} onClick={() => onPage(pageNum - 1)} />
      <span>
        Page {pageNum + 1} of {pages}
      </span>
      <Button text="Next" disabled={pageNum + 1 >= pages} onClick={() => onPage(pageNum + 1)} />
    </nav>
  );
}

