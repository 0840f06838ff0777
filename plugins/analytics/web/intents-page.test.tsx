import { renderConsoleInTestApp, screen, testApp, testUser, userEvent, waitFor, within } from '@civic/sdk/testing';
import { useEffect, useRef } from '@civic/sdk/web/react';
import analyticsPlugin from '../plugin';
import { AnalyticsApi, type ConfidencePoints, type IntentsReport, type IntentStat, type PackedConfidencePoints } from '../common/api';
import { encodeConfidencePoints } from '../common/point-cloud-codec';
import { analyticsModule } from './analytics-module';
import { AXIS_LABEL_CHARS } from './category-bars';
import { allRows } from './chart-table';
import { cloudTable, cloudTraces, localTimes } from './confidence-cloud';
import { toCsv } from './csv';

// jsdom draws no plotly: stand-ins report their traces; the WebGL one shows plotly's "no WebGL" note
// when the test says so (as under a policy that forbids regl's generated code).
let mockWebglWorks = true;
/** The figures the stand-ins were given, newest last. */
const mockFigures: Array<{ data: Array<Record<string, unknown>>; layout: Record<string, unknown>; height: unknown }> = [];
function mockPlot(name: string, webgl: boolean) {
  return function StandIn({ data, layout, config, onInitialized }: { data: Array<{ type: string; name: string; x: ArrayLike<number> }>; layout: Record<string, unknown>; config?: { plotGlPixelRatio?: number }; onInitialized?: (figure: object, graph: HTMLElement) => void }) {
    mockFigures.push({ data: data as unknown as Array<Record<string, unknown>>, layout, height: layout.height });
    const graph = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (graph.current) onInitialized?.({}, graph.current);
    }, [onInitialized]);
    return (
      <div ref={graph} data-testid={name} data-gl-pixel-ratio={config?.plotGlPixelRatio}>
        {webgl && !mockWebglWorks && <div className="no-webgl" />}
        {data.map((t) => `${t.type} ${t.name} ${t.x.length}`).join('; ')}
      </div>
    );
  };
}
jest.mock('@civic/sdk/web/plotly-gl2d', () => ({ __esModule: true, default: mockPlot('gl-plot', true) }));
jest.mock('@civic/sdk/web/plotly', () => ({ __esModule: true, default: mockPlot('svg-plot', false) }));

const range = { from: '2026-02-08', to: '2026-03-09', days: 30, timeZone: 'Asia/Singapore', previous: { from: '2026-01-09', to: '2026-02-07' } };
const report: IntentsReport = { range, channels: ['web'], top: [], fallbackTrend: [], confidence: [] };

/** `count` points a minute apart from the range's start (midnight in Singapore), every third a fallback. */
function points(count: number, extra: Partial<ConfidencePoints> = {}): ConfidencePoints {
  return {
    range,
    start: '2026-02-07T16:00:00.000Z',
    end: '2026-03-09T16:00:00.000Z',
    total: count,
    cap: 100_000,
    step: 1,
    seconds: Uint32Array.from({ length: count }, (_, i) => i * 60),
    confidence: Float64Array.from({ length: count }, (_, i) => (i % 1000) / 1000),
    fallback: Uint8Array.from({ length: count }, (_, i) => (i % 3 === 0 ? 1 : 0)),
    ...extra,
  };
}

/** The Intents page, its points route answering `cloud` as the server does: packed. */
async function openIntents(cloud: ConfidencePoints, intents: IntentsReport = report) {
  const packed: PackedConfidencePoints = encodeConfidencePoints(cloud);
  return renderConsoleInTestApp({
    route: '/analytics/intents/a1',
    user: testUser({ permissions: { a1: '0' } }),
    app: [testApp('a1', 'Plus')],
    plugins: [analyticsPlugin],
    modules: [analyticsModule],
    api: { [`GET ${AnalyticsApi.intentsRoute}`]: () => intents, [`GET ${AnalyticsApi.intentPointsRoute}`]: () => packed },
  });
}

describe('the confidence point cloud', () => {
  it('asks for its points beside the report; its table view shows 100 rows a page in local time', async () => {
    const { api } = await openIntents(points(250));
    const gl = await screen.findByTestId('gl-plot');
    expect(gl.textContent).toBe('scattergl Answered 166; scattergl Fallback 84');
    // At the screen's resolution (jsdom's is 1), not plotly's default of twice it.
    expect(gl.getAttribute('data-gl-pixel-ratio')).toBe('1');
    await waitFor(() => expect(screen.getByRole('figure', { name: /Confidence of each message chart/ }).getAttribute('aria-busy')).toBe('false'));
    await userEvent.click(await screen.findByRole('button', { name: 'Show table: Confidence of each message' }));
    const table = await screen.findByRole('table', { name: 'Confidence of each message' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(within(table).getByRole('columnheader', { name: 'Time (Asia/Singapore)' })).toBeTruthy();
    expect(within(table).getAllByRole('row')[1].textContent).toBe('2026-02-08 00:00:000yes');
    const pages = screen.getByRole('navigation', { name: 'Pages of Confidence of each message' });
    expect(within(pages).getByRole('status').textContent).toBe('Rows 1–100 of 250');

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(within(pages).getByRole('status').textContent).toBe('Rows 201–250 of 250');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByRole('row')[1].textContent).toBe('2026-02-08 03:20:000.200no');
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(api.callsTo('GET', AnalyticsApi.intentPoints('a1'))).toHaveLength(1);
  });

  it('without WebGL draws an SVG picture of one in every k points, and says so', async () => {
    mockWebglWorks = false;
    try {
      await openIntents(points(20_000));
      expect(await screen.findByText(/WebGL is not available here: the picture is SVG, drawing one in every 4 of these points/)).toBeTruthy();
      const svg = screen.getAllByTestId('svg-plot').find((plot) => plot.textContent?.includes('Answered 3333'));
      expect(svg?.textContent).toBe('scatter Answered 3333; scatter Fallback 1667');
      await waitFor(() => expect(screen.getByRole('figure', { name: /Confidence of each message chart/ }).getAttribute('aria-busy')).toBe('false'));
    } finally {
      mockWebglWorks = true;
    }
  });

  it('says when the points are a sample of the messages', async () => {
    await openIntents(points(10, { total: 250_000, step: 3 }));
    expect(await screen.findByText(/250,000 messages: one in every 3 is shown, in time order \(at most 100,000 points\)/)).toBeTruthy();
  });

  it('draws every point as a circle, fallbacks outlined and larger: no symbol that scattergl reads from a texture for each pixel', () => {
    const cloud = points(30);
    const markers = cloudTraces(cloud, localTimes(cloud)).map((trace) => (trace as { marker: { symbol?: string; color: string; size: number; line?: { width: number } } }).marker);
    expect(markers.map((m) => m.symbol ?? 'circle')).toEqual(['circle', 'circle']);
    // Told apart by shape too, not by colour alone: the fallbacks' fill is transparent, their outline drawn.
    expect(markers[1].color).toBe('rgba(0,0,0,0)');
    expect(markers[1].line?.width).toBeGreaterThan(0);
    // Answered dots 3 px (each pixel is shaded on the CPU without a GPU), the rings larger, so they stand out.
    expect(markers[0].size).toBe(3);
    expect(markers[1].size).toBeGreaterThan(markers[0].size);
  });

  it('makes its CSV rows only when asked, every point in time order', () => {
    const cloud = points(100_000);
    const table = cloudTable(cloud, localTimes(cloud));
    expect(table.count).toBe(100_000);
    const csv = toCsv(table.columns, allRows(table)).split('\r\n');
    expect(csv[0]).toBe('Time (Asia/Singapore),Confidence,Fallback');
    expect(csv[2]).toBe('2026-02-08 00:01:00,0.001,no');
    expect(csv).toHaveLength(100_002);
  });
});

describe('charts over intent names', () => {
  const long = 'Apply for a senior citizen concession card for a parent who lives abroad';
  const stat = (intentName: string, thumbsUp: number, thumbsDown: number, turns = 10): IntentStat => ({ intentName, turns, fallbacks: 0, thumbsUp, thumbsDown, averageConfidence: 0.8 });
  const top = [stat(long, 5, 1, 40), stat('Renew passport', 1, 2, 30), stat('', 0, 4, 20), stat('Unrated', 0, 0, 10)];
  const figure = (trace: string) => [...mockFigures].reverse().find((f) => f.data[0]?.name === trace);

  it('draws thumbs per intent as horizontal bars: a row a name, shortened on the axis, whole in the hover and the table', async () => {
    mockFigures.length = 0;
    await openIntents(points(10), { ...report, top });
    await waitFor(() => expect(figure('Thumbs up')).toBeDefined());
    const thumbs = figure('Thumbs up')!;
    // Rotated names under columns were cut to a few letters: names on the y axis, the rated ones, most rated first.
    expect(thumbs.data.map((t) => [t.name, t.orientation])).toEqual([['Thumbs up', 'h'], ['Thumbs down', 'h']]);
    expect(thumbs.data[0].y).toEqual([long, '(no intent)', 'Renew passport']);
    expect(thumbs.data[1].x).toEqual([1, 4, 2]);
    const axis = thumbs.layout.yaxis as { automargin: boolean; tickvals: string[]; ticktext: string[] };
    expect(axis.automargin).toBe(true);
    expect(axis.tickvals).toEqual([long, '(no intent)', 'Renew passport']);
    expect(axis.ticktext[0]).toMatch(/…$/);
    expect(axis.ticktext[0].length).toBeLessThanOrEqual(AXIS_LABEL_CHARS);
    expect(long.startsWith(axis.ticktext[0].slice(0, -1))).toBe(true);
    expect(axis.ticktext.slice(1)).toEqual(['(no intent)', 'Renew passport']);
    expect(thumbs.data[0].hovertemplate).toMatch(/^%\{y\}/);
    // A row for each name: the chart grows with them.
    expect(thumbs.height).toBeGreaterThanOrEqual(240);

    await userEvent.click(screen.getByRole('button', { name: 'Show table: Thumbs up and down per intent' }));
    const table = await screen.findByRole('table', { name: 'Thumbs up and down per intent' });
    expect(within(table).getByRole('rowheader', { name: long })).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });

  it('draws the top intents the same way, a click on a bar naming its intent', async () => {
    mockFigures.length = 0;
    await openIntents(points(10), { ...report, top });
    await waitFor(() => expect(figure('Messages')).toBeDefined());
    const chart = figure('Messages')!;
    expect(chart.data[0].orientation).toBe('h');
    expect(chart.data[0].y).toEqual([long, 'Renew passport', '(no intent)', 'Unrated']);
    expect(chart.data[0].customdata).toEqual([long, 'Renew passport', '', 'Unrated']);
    expect((chart.layout.yaxis as { ticktext: string[] }).ticktext[0]).toMatch(/…$/);
  });
});
