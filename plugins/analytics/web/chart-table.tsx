import { Button, HTMLTable } from '@civic/sdk/web/blueprint';
import { useState, type ReactNode } from '@civic/sdk/web/react';
import { formatCount } from '@civic/sdk/common/format';

export type Cell = string | number | null;

/** The numbers behind a chart, as rows. */
export interface RowTable {
  columns: string[];
  rows: Cell[][];
}

/** A long table (a point cloud's) whose rows are made when shown or downloaded, not up front. */
export interface LazyTable {
  columns: string[];
  count: number;
  row(index: number): Cell[];
}

export type ChartTable = RowTable | LazyTable;

export const rowCount = (table: ChartTable): number => ('rows' in table ? table.rows.length : table.count);
export const rowAt = (table: ChartTable, index: number): Cell[] => ('rows' in table ? table.rows[index] : table.row(index));
export const allRows = (table: ChartTable): Cell[][] => ('rows' in table ? table.rows : Array.from({ length: table.count }, (_, i) => table.row(i)));

/** Rows a page of the table view: a 100,000-point cloud shows a page at a time, never 100,000 rows. */
export const TABLE_PAGE = 100;

const format = (cell: Cell) => (typeof cell === 'number' && !Number.isInteger(cell) ? cell.toFixed(3) : (cell ?? '—'));

/** The accessible table view of a chart, TABLE_PAGE rows a page. */
export function ChartTableView({ title, table, renderCell }: { title: string; table: ChartTable; renderCell?: (row: Cell[], column: number) => ReactNode }) {
  const [page, setPage] = useState(0);
  const count = rowCount(table);
  const pages = Math.max(1, Math.ceil(count / TABLE_PAGE));
  const current = Math.min(page, pages - 1);
  const first = current * TABLE_PAGE;
  const shown = Array.from({ length: Math.min(TABLE_PAGE, count - first) }, (_, i) => rowAt(table, first + i));
  const cell = (row: Cell[], j: number) => (renderCell ? renderCell(row, j) : format(row[j]));
  return (
    <>
      <div className="civic-analytics-table-wrap">
        <HTMLTable compact striped className="civic-analytics-table">
          <caption className="civic-visually-hidden">{title}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={first + i}>
                {row.map((_, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {cell(row, j)}
                    </th>
                  ) : (
                    <td key={j}>{cell(row, j)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {pages > 1 && (
        <nav aria-label={`Pages of ${title}`} className="civic-analytics-pager">
          <Button size="small" text="Previous" disabled={current === 0} onClick={() => setPage(current - 1)} />
          <span role="status">
            Rows {formatCount((first + 1))}–{formatCount((first + shown.length))} of {formatCount(count)}
          </span>
          <Button size="small" text="Next" disabled={current + 1 >= pages} onClick={() => setPage(current + 1)} />
        </nav>
      )}
    </>
  );
}
