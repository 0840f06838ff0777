import { Button, Card } from '@civic/sdk/web/blueprint';
import { useState, type ReactNode } from '@civic/sdk/web/react';
import { saveBlob } from '@civic/sdk/web';
import { allRows, ChartTableView, rowCount, type Cell, type ChartTable } from './chart-table';
import { toCsv } from './csv';
import { LazyPlot } from './lazy-plot';

export type { Cell, ChartTable } from './chart-table';

export interface ChartCardProps {
  title: string;
  description?: string;
  /** plotly traces; omitted for a card that is only a table (or custom content in `children`). */
  data?: object[];
  layout?: Record<string, unknown>;
  height?: number;
  /** The numbers behind the chart: its table view and its CSV download. */
  table: ChartTable;
  /** File name of the CSV, without extension. */
  fileName: string;
  children?: ReactNode;
  /** Across the whole grid (a wide chart such as a point cloud). */
  wide?: boolean;
  /** Show the table first (long lists). */
  tableFirst?: boolean;
  /** Renders a cell of the table view (e.g. a drill-down button); the CSV keeps the value. */
  renderCell?: (row: Cell[], column: number) => ReactNode;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * A chart with its accessible table view and a CSV download (UX.md "Charts"): the toggle swaps the
 * picture for an HTML table of the same numbers.
 */
export function ChartCard(props: ChartCardProps) {
  const [asTable, setAsTable] = useState(props.tableFirst ?? false);
  const id = `analytics-${slug(props.title)}`;
  // An empty range shows its empty state rather than bare axes.
  const count = rowCount(props.table);
  const hasChart = (props.data !== undefined || props.children !== undefined) && count > 0;
  const showTable = asTable || !hasChart;
  return (
    <Card className={props.wide ? 'civic-analytics-card civic-analytics-wide' : 'civic-analytics-card'} aria-labelledby={`${id}-title`} role="region">
      <div className="civic-analytics-card-header">
        <div>
          <h2 id={`${id}-title`} className="bp6-heading civic-analytics-card-title">
            {props.title}
          </h2>
          {props.description && <p className="bp6-text-muted civic-analytics-card-description">{props.description}</p>}
        </div>
        <div className="civic-analytics-card-actions">
          {hasChart && (
            <Button size="small" variant="minimal" aria-pressed={asTable} onClick={() => setAsTable(!asTable)} text={asTable ? 'Show chart' : 'Show table'} aria-label={`${asTable ? 'Show chart' : 'Show table'}: ${props.title}`} />
          )}
          <Button size="small" variant="minimal" text="Download CSV" aria-label={`Download CSV: ${props.title}`} onClick={() => saveBlob(new Blob([toCsv(props.table.columns, allRows(props.table))], { type: 'text/csv;charset=utf-8' }), `${props.fileName}.csv`)} />
        </div>
      </div>
      {showTable ? (
        count === 0 ? <p className="bp6-text-muted">No data in this range.</p> : <ChartTableView title={props.title} table={props.table} renderCell={props.renderCell} />
      ) : (
        (props.children ?? <LazyPlot data={props.data ?? []} layout={props.layout} label={`${props.title} chart; use "Show table" for the numbers`} height={props.height} />)
      )}
    </Card>
  );
}
