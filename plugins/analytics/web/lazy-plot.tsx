import { lazy, Suspense } from '@civic/sdk/web/react';

/** plotly arrives in its own chunk when the first chart renders (never with the shell or /dashboard). */
const Plot = lazy(() => import('@civic/sdk/web/plotly'));

export interface LazyPlotProps {
  data: object[];
  layout?: Record<string, unknown>;
  /** The accessible name of the picture; the table view beside it carries the numbers. */
  label: string;
  height?: number;
  /** A click on a point or bar, with that point's customdata. */
  onClick?: (point: { customdata?: unknown; x?: unknown; y?: unknown }) => void;
}

const FONT = { family: 'inherit', size: 12, color: '#1c2127' };

export function LazyPlot({ data, layout, label, height = 280, onClick }: LazyPlotProps) {
  return (
    <div role="img" aria-label={label} style={{ height }} className="civic-analytics-plot">
      <Suspense fallback={<div className="bp6-skeleton" style={{ height }} />}>
        <Plot
          data={data}
          layout={{ autosize: true, height, margin: { l: 48, r: 16, t: 8, b: 40 }, font: FONT, paper_bgcolor: 'rgba(0,0,0,0)', plot_bgcolor: 'rgba(0,0,0,0)', legend: { orientation: 'h' }, ...layout }}
          config={{ displaylogo: false, responsive: true, modeBarButtonsToRemove: ['lasso2d', 'select2d'] }}
          useResizeHandler
          onClick={onClick ? (event: { points?: Array<{ customdata?: unknown; x?: unknown; y?: unknown }> }) => event.points?.[0] && onClick(event.points[0]) : undefined}
          style={{ width: '100%', height: '100%' }}
        />
      </Suspense>
    </div>
  );
}
