import { Card } from '@civic/sdk/web/blueprint';
import { errorMessage, LoadError } from '@civic/sdk/web';
import { useMemo, useState } from '@civic/sdk/web/react';
import type { ConfidencePoints, PackedConfidencePoints } from '../common/api';
import { zoneOffsetMs } from '../common/date-range';
import { decodeConfidencePoints } from '../common/point-cloud-codec';
import { ChartCard } from './chart-card';
import type { LazyTable } from './chart-table';
import { LazyPlot } from './lazy-plot';
import { SeriesColours } from './palette';
import type { ReportState } from './use-report';
import { formatCount } from '@civic/sdk/common/format';

const TITLE = 'Confidence of each message';
const HEIGHT = 320;
const HOUR_MS = 3_600_000;

/**
 * Each point's time as the deployment's wall clock (epoch milliseconds shifted by the zone's offset,
 * looked up once an hour; the points are in time order): plotly draws dates without a time zone.
 */
export function localTimes(points: ConfidencePoints): Float64Array {
  const start = Date.parse(points.start);
  const times = new Float64Array(points.seconds.length);
  let hour = Number.NaN;
  let offset = 0;
  for (let i = 0; i < times.length; i++) {
    const at = start + points.seconds[i] * 1000;
    if (Math.floor(at / HOUR_MS) !== hour) {
      hour = Math.floor(at / HOUR_MS);
      offset = zoneOffsetMs(new Date(at), points.range.timeZone);
    }
    times[i] = at + offset;
  }
  return times;
}

/**
 * Answered points' diameter (CSS px). 3, not 4: without a GPU SwiftShader shades every pixel of every
 * marker, and the smaller dot took about 60 ms (a sixth) off the GPU process's drawing of 100,000
 * points (2026-11-27); the fallbacks' rings stay 6 px, the larger shape, to stand out.
 */
export const ANSWERED_SIZE = 3;

/**
 * Answered and fallback points as two traces (typed arrays): scattergl with every point, or SVG
 * scatter with every `every`-th. Fallbacks are rings (a circle's outline), told apart by shape as well
 * as colour: scattergl draws a circle, filled or outlined, in its shader, where any other symbol (the
 * cross before) is a distance-field texture read for every pixel of every marker, which on SwiftShader
 * (no GPU) cost about 120 ms of the 100,000 points' frame (tests/bench/point-cloud-bench.ts).
 */
export function cloudTraces(points: ConfidencePoints, times: Float64Array, type: 'scattergl' | 'scatter' = 'scattergl', every = 1): object[] {
  const series = (fallback: number) => {
    let count = 0;
    for (let i = 0; i < times.length; i += every) if (points.fallback[i] === fallback) count++;
    const x = new Float64Array(count);
    const y = new Float32Array(count);
    let at = 0;
    for (let i = 0; i < times.length; i += every) {
      if (points.fallback[i] !== fallback) continue;
      x[at] = times[i];
      y[at++] = points.confidence[i];
    }
    return { x, y };
  };
  const hover = (name: string) => `%{x|%Y-%m-%d %H:%M:%S}<br>Confidence %{y:.3f}<extra>${name}</extra>`;
  return [
    { type, mode: 'markers', name: 'Answered', ...series(0), hovertemplate: hover('Answered'), marker: { color: SeriesColours.sessions, size: ANSWERED_SIZE, opacity: 0.6 } },
    { type, mode: 'markers', name: 'Fallback', ...series(1), hovertemplate: hover('Fallback'), marker: { color: 'rgba(0,0,0,0)', size: 6, symbol: 'circle', line: { color: SeriesColours.fallbacks, width: 1.5 } } },
  ].filter((trace) => trace.x.length > 0);
}

/** The table view and CSV of the points, each row made when it is shown or downloaded. */
export function cloudTable(points: ConfidencePoints, times: Float64Array): LazyTable {
  return {
    columns: [`Time (${points.range.timeZone})`, 'Confidence', 'Fallback'],
    count: times.length,
    row: (i) => [new Date(times[i]).toISOString().slice(0, 19).replace('T', ' '), points.confidence[i], points.fallback[i] ? 'yes' : 'no'],
  };
}

/** Without WebGL the picture is SVG, which draws this many points in well under a second. */
export const SVG_POINTS = 5_000;

function describe(points: ConfidencePoints, webgl: boolean, svgEvery: number): string {
  const base = 'Each message of the range by time and confidence; fallbacks are red rings.';
  const sampled = points.step === 1 ? '' : ` ${formatCount(points.total)} messages: one in every ${formatCount(points.step)} is shown, in time order (at most ${formatCount(points.cap)} points).`;
  const every = svgEvery === 1 ? '' : `, drawing one in every ${formatCount(svgEvery)} of these points; the table and the CSV have them all`;
  const svg = webgl ? '' : ` WebGL is not available here: the picture is SVG${every}.`;
  return `${base}${sampled}${svg}`;
}

/**
 * User-timing marks of the cloud's way to the screen (tests/bench/point-cloud-bench.ts reads them beside
 * the request's resource timing): the points decoded, plotly's chunk ready, the figure built by plotly.
 */
export const CloudMarks = { decoded: 'civic:cloud-decoded', plotlyReady: 'civic:cloud-plotly-ready', plotted: 'civic:cloud-plotted' } as const;

/** Sets one of `CloudMarks` (where there is a User Timing API: not in jsdom). */
export function markCloud(mark: (typeof CloudMarks)[keyof typeof CloudMarks]): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(mark);
}

function decodeMarked(packed: PackedConfidencePoints): ConfidencePoints {
  const points = decodeConfidencePoints(packed);
  markCloud(CloudMarks.decoded);
  return points;
}

/** Every message as a point (x time, y confidence, colour answered or fallback), drawn with WebGL. */
export function ConfidenceCloudCard({ appId, report }: { appId: string; report: ReportState<PackedConfidencePoints> }) {
  const data = useMemo(() => (report.data ? decodeMarked(report.data) : undefined), [report.data]);
  const [webgl, setWebgl] = useState(true);
  const cloud = useMemo(() => {
    if (!data) return undefined;
    const times = localTimes(data);
    const offset = (at: string) => Date.parse(at) + zoneOffsetMs(new Date(at), data.range.timeZone);
    // The legend's symbols at a size of their own (`itemsizing`): the answered dots are 3 px.
    const layout = { xaxis: { type: 'date', range: [offset(data.start), offset(data.end)] }, yaxis: { range: [-0.02, 1.02], title: { text: 'Confidence' } }, hovermode: 'closest', legend: { orientation: 'h', itemsizing: 'constant' } };
    const svgEvery = webgl ? 1 : Math.max(1, Math.ceil(times.length / SVG_POINTS));
    return { traces: cloudTraces(data, times, webgl ? 'scattergl' : 'scatter', svgEvery), table: cloudTable(data, times), layout, svgEvery };
  }, [data, webgl]);
  if (!data || !cloud) {
    return (
      <Card className="civic-analytics-card civic-analytics-wide" role="region" aria-label={TITLE} aria-busy={report.error === undefined}>
        <h2 className="bp6-heading civic-analytics-card-title">{TITLE}</h2>
        {report.error !== undefined ? <LoadError title="The points could not be loaded" error={errorMessage(report.error)} onRetry={report.reload} /> : <div className="bp6-skeleton" style={{ height: HEIGHT }} />}
      </Card>
    );
  }
  return (
    <ChartCard title={TITLE} description={describe(data, webgl, cloud.svgEvery)} fileName={`${appId}-confidence-points`} table={cloud.table} wide>
      <LazyPlot
        key={webgl ? 'webgl' : 'svg'}
        webgl={webgl}
        onNoWebgl={() => setWebgl(false)}
        onDrawn={() => markCloud(CloudMarks.plotted)}
        label={`${TITLE} chart; use "Show table" for the numbers`}
        height={HEIGHT}
        data={cloud.traces}
        layout={cloud.layout}
      />
    </ChartCard>
  );
}
