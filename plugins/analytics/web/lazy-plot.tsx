import { lazy, Suspense, useMemo, useState } from '@civic/sdk/web/react';

/** plotly arrives in its own chunk when the first chart renders (never with the shell or /dashboard). */
const Plot = lazy(() => import('@civic/sdk/web/plotly'));

let pointCloudPlot: Promise<typeof import('@civic/sdk/web/plotly-gl2d')> | undefined;
/**
 * plotly's strict bundle (scattergl without eval), a chunk of its own fetched once: call it when a point cloud is on
 * its way, so that the chunk downloads while its data is asked for.
 */
export function loadPointCloudPlot(): Promise<typeof import('@civic/sdk/web/plotly-gl2d')> {
  // A failed download is asked for again next time.
  pointCloudPlot ??= import('@civic/sdk/web/plotly-gl2d').catch((error: unknown) => {
    pointCloudPlot = undefined;
    throw error;
  });
  return pointCloudPlot;
}
const PointCloudPlot = lazy(loadPointCloudPlot);

export interface LazyPlotProps {
  data: object[];
  layout?: Record<string, unknown>;
  /** The accessible name of the picture; the table view beside it carries the numbers. */
  label: string;
  height?: number;
  /** A click on a point or bar, with that point's customdata. */
  onClick?: (point: { customdata?: unknown; x?: unknown; y?: unknown }) => void;
  /** WebGL traces (scattergl): drawn by the strict bundle. */
  webgl?: boolean;
  /** The WebGL traces could not be drawn (no WebGL, or a policy that forbids regl's generated code). */
  onNoWebgl?: () => void;
  /** plotly has built the figure the first time (its pictures are drawn with the next frame). */
  onDrawn?: () => void;
}

const FONT = { family: 'inherit', size: 12, color: '#1c2127' };
// No mode bar: its icon buttons are noise for keyboard users; the card offers the table and CSV.
// One object: a new one would make react-plotly.js draw the whole figure again.
const CONFIG = { displayModeBar: false, responsive: true };
/**
 * WebGL pictures at the screen's own resolution: plotly draws them at twice the CSS size by default
 * (`plotGlPixelRatio` 2), four times the pixels to fill and copy on a 1x screen, which without a GPU
 * (SwiftShader) doubled the time to the first frame of 100,000 points. Marker sizes stay in CSS pixels.
 */
function webglConfig(): typeof CONFIG & { plotGlPixelRatio: number } {
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio;
  return { ...CONFIG, plotGlPixelRatio: Math.min(4, Math.max(1, Number.isFinite(ratio) ? ratio : 1)) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days on the x axis are categories: plotly's date axis draws one day as milliseconds around midnight. */
function xAxisFor(data: object[], given: unknown): Record<string, unknown> {
  const x = (data[0] as { x?: unknown[] } | undefined)?.x;
  const days = Array.isArray(x) && x.length > 0 && x.every((v) => typeof v === 'string' && DAY.test(v));
  return { automargin: true, ...(days ? { type: 'category', nticks: 12 } : {}), ...(given as object | undefined) };
}

export function LazyPlot({ data, layout, label, height = 280, onClick, webgl = false, onNoWebgl, onDrawn }: LazyPlotProps) {
  const twoAxes = layout !== undefined && 'yaxis2' in layout;
  const [drawn, setDrawn] = useState(false);
  const Chart = webgl ? PointCloudPlot : Plot;
  const config = useMemo(() => (webgl ? webglConfig() : CONFIG), [webgl]);
  const fullLayout = useMemo(
    () => ({ autosize: true, height, margin: { l: 48, r: twoAxes ? 56 : 16, t: 8, b: 40 }, font: FONT, paper_bgcolor: 'rgba(0,0,0,0)', plot_bgcolor: 'rgba(0,0,0,0)', legend: { orientation: 'h' }, ...layout, xaxis: xAxisFor(data, layout?.xaxis) }),
    [data, layout, height, twoAxes],
  );
  return (
    // Busy until plotly has drawn the picture once. Clipped: when new data changes the height (a
    // shorter range, fewer bars), plotly redraws a moment after the figure has shrunk, and its old,
    // taller picture would lie over the next card's buttons meanwhile.
    <figure aria-label={label} aria-busy={!drawn} style={{ height, margin: 0, overflow: 'hidden' }} className="civic-analytics-plot">
      <Suspense fallback={<div className="bp6-skeleton" style={{ height }} />}>
        <Chart
          data={data}
          layout={fullLayout}
          config={config}
          useResizeHandler
          onInitialized={(_figure: unknown, graph: HTMLElement) => {
            if (webgl && graph.querySelector('.no-webgl')) return onNoWebgl?.();
            onDrawn?.();
            setDrawn(true);
          }}
          onClick={onClick ? (event: { points?: Array<{ customdata?: unknown; x?: unknown; y?: unknown }> }) => event.points?.[0] && onClick(event.points[0]) : undefined}
          style={{ width: '100%', height: '100%' }}
        />
      </Suspense>
    </figure>
  );
}
