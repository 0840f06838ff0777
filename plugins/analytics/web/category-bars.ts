/**
 * Bar charts over named categories (intents, features, linked apps, hours): horizontal bars, one row
 * a name, so a long name reads left to right beside its bar. Rotated names under a column chart were
 * cut to a few letters (plotly keeps the plot a minimum size, so `automargin` gives way to it).
 */

/** Characters of a name on the axis; the whole name is in the hover and the table view. */
export const AXIS_LABEL_CHARS = 36;

/** `name` cut to `max` characters, at a word's end where one is near, with an ellipsis. */
export function shortLabel(name: string, max = AXIS_LABEL_CHARS): string {
  const text = name.trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // A word's end, unless it would drop more than a third of the room.
  const head = space >= (max * 2) / 3 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

export interface BarSeries {
  name: string;
  values: readonly number[];
  marker: Record<string, unknown>;
  /** Per bar: what a click on it reports (LazyPlot's onClick). */
  customdata?: readonly unknown[];
}

export interface CategoryBars {
  data: object[];
  layout: Record<string, unknown>;
  height: number;
}

/** Pixels a category row takes, by the bars in it (grouped series). */
const rowHeight = (series: number) => 14 + 10 * series;

/**
 * Horizontal bars, the categories top to bottom in the given order: the axis shows each name
 * shortened (`shortLabel`), the bars keep the whole name (distinct names stay distinct bars even
 * when their short forms match), and the hover shows it with the value.
 */
export function categoryBars(categories: readonly string[], series: readonly BarSeries[], layout: Record<string, unknown> = {}): CategoryBars {
  const names = [...categories];
  return {
    data: series.map((s) => ({
      type: 'bar',
      orientation: 'h',
      name: s.name,
      y: names,
      x: [...s.values],
      marker: s.marker,
      hovertemplate: `%{y}<br>${s.name.replace(/[%{}<>]/g, '')}: %{x}<extra></extra>`,
      ...(s.customdata ? { customdata: [...s.customdata] } : {}),
    })),
    layout: {
      ...(series.length > 1 ? { barmode: 'group' } : {}),
      ...layout,
      yaxis: { type: 'category', automargin: true, autorange: 'reversed', tickmode: 'array', tickvals: names, ticktext: names.map((n) => shortLabel(n)) },
    },
    height: Math.max(240, names.length * rowHeight(series.length) + (series.length > 1 ? 84 : 60)),
  };
}
