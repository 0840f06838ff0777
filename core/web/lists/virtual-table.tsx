import { Children, cloneElement, isValidElement, memo, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';

/** Blueprint's class names (NS "bp6"): Blueprint's table stylesheet draws the grid, DataGrid marks its cells. */
const NS = 'bp6';
/** Height of the column header row, as Blueprint's table stylesheet draws it. */
const HEADER_HEIGHT = 30;
/** Rows drawn beyond the visible ones, above and below, so a brisk scroll shows no blank rows. */
const OVERSCAN_ROWS = 8;
/** The viewport height assumed before the table is measured (and where nothing is laid out, as in jsdom). */
const FALLBACK_HEIGHT = 600;

/** A cell element as the table receives it from a renderer: it clones className and style into it. */
export type CellRenderer = (rowIndex: number, columnIndex: number) => ReactElement<CellProps>;

export interface CellProps {
  className?: string;
  style?: CSSProperties;
  /** Its controls take clicks and keys (buttons, links, checkboxes in the cell). */
  interactive?: boolean;
  children?: ReactNode;
}

/**
 * A body cell: Blueprint's cell classes around one line of truncated content. The table adds its row
 * and column classes and its place (className, style).
 */
export function Cell({ className, style, interactive, children }: CellProps) {
  return (
    <div className={`${NS}-table-cell${interactive ? ` ${NS}-table-cell-interactive` : ''}${className ? ` ${className}` : ''}`} style={style}>
      <div className={`${NS}-table-truncated-text ${NS}-table-no-wrap-text`}>{children}</div>
    </div>
  );
}

export interface ColumnHeaderCellProps {
  name?: string;
  /** Draws the name (a sort button in place of the text). */
  nameRenderer?: (name: string, index?: number) => ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** A column's header cell: its name, or what `nameRenderer` draws in its place. */
export function ColumnHeaderCell({ name = '', nameRenderer, className, style }: ColumnHeaderCellProps) {
  return (
    <div className={`${NS}-table-header ${NS}-table-column-header-cell${className ? ` ${className}` : ''}`} style={style}>
      <div className={`${NS}-table-column-name`}>
        <div className={`${NS}-table-column-name-text ${NS}-table-truncated-text ${NS}-table-no-wrap-text`}>{nameRenderer ? nameRenderer(name) : name}</div>
      </div>
    </div>
  );
}

export interface ColumnProps {
  /** The header's text (and its accessible name). */
  name: string;
  /** The column's cell for a row. */
  cellRenderer: CellRenderer;
  /** A header other than the name's text (a sort button). */
  columnHeaderCellRenderer?: (columnIndex: number) => ReactElement<ColumnHeaderCellProps>;
}

/** A column of a VirtualTable: a description its table reads, rendering nothing itself. */
export function Column(_props: ColumnProps): null {
  return null;
}

/** The rows in view (no overscan), as a list loading more as it scrolls wants them. */
export interface VisibleRows {
  rowIndexStart: number;
  rowIndexEnd: number;
}

export interface VirtualTableProps {
  numRows: number;
  /** Every row's height, in pixels. */
  defaultRowHeight: number;
  /** One width a column, in pixels (`useFittedColumns`). */
  columnWidths: readonly number[];
  /** Cells are drawn again when one of these changes (otherwise a row in view keeps its cells). */
  cellRendererDependencies?: readonly unknown[];
  /** Called when the rows in view change: a list loads its next page near the end. */
  onVisibleCellsChange?: (rows: VisibleRows) => void;
  /** `Column` elements. */
  children: ReactNode;
}

/**
 * The console's list tables: a virtualised grid of fixed-height rows under a sticky header row, drawn
 * with Blueprint's table classes and stylesheet (as Blueprint's Table2 draws its main quadrant, so
 * DataGrid gives it table semantics), at a tenth of Table2's code (~32 KiB gzip on every list page's
 * first load, issue 16). The console's tables use none of what the rest pays for: no cell selection
 * or focused cell, no resizing or reordering, no frozen quadrants or row headers, no context menus.
 * Only the rows in view (and a few beyond) are in the DOM; a row in view is not drawn again while it
 * stays in view unless its cells' dependencies change.
 */
export function VirtualTable({ numRows, defaultRowHeight: rowHeight, columnWidths, cellRendererDependencies, onVisibleCellsChange, children }: VirtualTableProps) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  const columns = Children.toArray(children).filter((c): c is ReactElement<ColumnProps> => isValidElement(c));
  const lefts: number[] = [];
  let width = 0;
  for (let i = 0; i < columns.length; i++) {
    lefts.push(width);
    width += columnWidths[i] ?? 150;
  }
  const version = useDependencyVersion(cellRendererDependencies ?? []);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setView((v) => (v.top === element.scrollTop && v.height === element.clientHeight ? v : { top: element.scrollTop, height: element.clientHeight }));
    element.addEventListener('scroll', measure, { passive: true });
    // The observer reports the size once the browser has laid the page out for its next frame;
    // measuring here, as the table mounts, would lay the whole page out there and then.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (observer) observer.observe(element);
    else measure();
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  const bodyHeight = Math.max(0, (view.height || FALLBACK_HEIGHT) - HEADER_HEIGHT);
  const bodyTop = Math.max(0, view.top);
  const firstVisible = Math.min(numRows, Math.floor(bodyTop / rowHeight));
  const lastVisible = Math.min(numRows, Math.ceil((bodyTop + bodyHeight) / rowHeight)) - 1;
  const first = Math.max(0, firstVisible - OVERSCAN_ROWS);
  const last = Math.min(numRows - 1, lastVisible + OVERSCAN_ROWS);

  const onVisible = useRef(onVisibleCellsChange);
  onVisible.current = onVisibleCellsChange;
  useEffect(() => {
    if (lastVisible >= firstVisible) onVisible.current?.({ rowIndexStart: firstVisible, rowIndexEnd: lastVisible });
  }, [firstVisible, lastVisible, numRows]);

  const renderers = columns.map((c) => c.props.cellRenderer);
  const rows: ReactNode[] = [];
  for (let row = first; row <= last; row++) {
    rows.push(<Row key={row} row={row} top={row * rowHeight} height={rowHeight} lefts={lefts} widths={columnWidths} renderers={renderers} version={version} />);
  }

  return (
    <div className={`${NS}-table-container ${NS}-table-no-horizontal-scroll civic-virtual-table`}>
      <div className={`${NS}-table-quadrant-stack`}>
        <div className={`${NS}-table-quadrant ${NS}-table-quadrant-main`}>
          <div ref={scrollRef} className={`${NS}-table-quadrant-scroll-container`} style={{ overflow: 'auto' }}>
            <div className={`${NS}-table-top-container`} style={{ position: 'sticky', top: 0, zIndex: 1, width }}>
              <div className={`${NS}-table-column-headers`} style={{ position: 'relative', height: HEADER_HEIGHT, width }}>
                {columns.map((column, i) => {
                  const header = column.props.columnHeaderCellRenderer?.(i) ?? <ColumnHeaderCell name={column.props.name} />;
                  return cloneElement(header, {
                    key: i,
                    className: `${header.props.className ?? ''} ${NS}-table-cell-col-${i}`.trim(),
                    style: { ...header.props.style, position: 'absolute', top: 0, left: lefts[i], width: columnWidths[i] ?? 150, height: HEADER_HEIGHT },
                  });
                })}
              </div>
            </div>
            {/* One scroll container (the stylesheet makes the body a second one, as Table2 lays it out). */}
            <div className={`${NS}-table-body`} style={{ position: 'relative', overflow: 'visible', flex: 'none', height: numRows * rowHeight, width }}>
              <div className={`${NS}-table-body-virtual-client ${NS}-table-cell-client`} style={{ position: 'relative', height: '100%', width: '100%' }}>
                <div className={`${NS}-table-body-cells`}>{rows}</div>
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

/** A number that changes when one of `deps` changes (compared one by one, as React compares a hook's). */
function useDependencyVersion(deps: readonly unknown[]): number {
  const state = useRef({ deps, version: 0 });
  const previous = state.current.deps;
  if (previous.length !== deps.length || previous.some((d, i) => !Object.is(d, deps[i]))) {
    state.current = { deps, version: state.current.version + 1 };
  }
  return state.current.version;
}

interface RowProps {
  row: number;
  top: number;
  height: number;
  lefts: readonly number[];
  widths: readonly number[];
  renderers: readonly CellRenderer[];
  version: number;
}

const sameNumbers = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** One row's cells (no row element: Blueprint's cells are siblings, DataGrid gives them their rows). */
const Row = memo(
  function Row({ row, top, height, lefts, widths, renderers }: RowProps) {
    const parity = row % 2 === 0 ? 'even' : 'odd';
    return (
      <>
        {renderers.map((render, col) => {
          const cell = render(row, col);
          return cloneElement(cell, {
            key: col,
            className: `${cell.props.className ?? ''} ${NS}-table-cell-row-${row} ${NS}-table-cell-col-${col} ${NS}-table-cell-ledger-${parity}`.trim(),
            style: { ...cell.props.style, position: 'absolute', top, left: lefts[col], width: widths[col] ?? 150, height },
          });
        })}
      </>
    );
  },
  (a, b) => a.row === b.row && a.top === b.top && a.height === b.height && a.version === b.version && sameNumbers(a.lefts, b.lefts) && sameNumbers(a.widths, b.widths) && sameNumbers(a.renderers, b.renderers),
);
