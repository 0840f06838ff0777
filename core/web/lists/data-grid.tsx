import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Blueprint's class names (NS "bp6"), as Table2 renders them. */
const NS = 'bp6';
const FROZEN_QUADRANTS = [`.${NS}-table-quadrant-top`, `.${NS}-table-quadrant-left`, `.${NS}-table-quadrant-top-left`].join(',');
const MAIN_QUADRANT = `.${NS}-table-quadrant-main`;
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';
const HEADER_CELL = `.${NS}-table-column-headers .${NS}-table-header`;
const BODY_CELL = `.${NS}-table-body-cells .${NS}-table-cell`;
const GHOST_CELL = `${NS}-table-cell-ghost`;

export interface DataGridProps {
  /** What the grid lists, for screen readers: "Users". */
  label: string;
  /** Data rows in the whole list (the server's total), not only the ones loaded; -1 when the server does not count them (keyset paging with more to come). */
  rowCount: number;
  /** Columns of the table. */
  colCount: number;
  /** The list index of the table's first row (a numbered page's `pageNum * pageSize`). */
  rowOffset?: number;
  /** Names for header cells that show no text (a row-selection checkbox column), by column index. */
  columnNames?: Readonly<Record<number, string>>;
  className?: string;
  /** The ref for the box around the table (`useFittedColumns`' ref). */
  boxRef?: (element: HTMLDivElement | null) => void;
  /** One Blueprint Table2. */
  children: ReactNode;
}

/** Sets an attribute only when it differs (cells are marked again on every scroll). */
function set(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

function indexFromClass(element: Element, prefix: string): number | null {
  for (const name of element.classList) {
    if (name.startsWith(prefix)) {
      const n = Number(name.slice(prefix.length));
      if (Number.isInteger(n)) return n;
    }
  }
  return null;
}

interface RenderedRow {
  row: number;
  cells: string;
}

/**
 * Table semantics for a Blueprint Table2, which renders plain divs and lays its cells out without
 * row elements: a `grid` (with `aria-rowcount` / `aria-colcount` for the whole list) beside the
 * table holds one `row` per rendered row (with `aria-rowindex`; the header row is 1) that owns
 * (`aria-owns`) the main quadrant's header cells (`columnheader`) or body cells (`gridcell`, with
 * `aria-colindex`); assistive technology reads them as one grid. Table2's frozen quadrants (copies
 * of the header drawn over the main one) are hidden from assistive technology, their controls out
 * of the tab order, so nothing is announced or reached twice. Cells come and go as the table
 * scrolls; a MutationObserver keeps them marked.
 */
export function DataGrid({ label, rowCount, colCount, rowOffset = 0, columnNames, className, boxRef, children }: DataGridProps) {
  const prefix = `civic-grid-${useId().replace(/[^\w-]/g, '')}`;
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [headerCells, setHeaderCells] = useState('');
  const [rows, setRows] = useState<readonly RenderedRow[]>([]);
  const namesRef = useRef(columnNames);
  namesRef.current = columnNames;

  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      setElement(el);
      boxRef?.(el);
    },
    [boxRef],
  );

  useEffect(() => {
    if (!element) return;
    const mark = () => {
      for (const frozen of element.querySelectorAll(FROZEN_QUADRANTS)) {
        set(frozen, 'aria-hidden', 'true');
        // The copy's controls (a sort button in a header) are drawn over the main quadrant's: mouse
        // users click the copy, keyboard and screen-reader users reach the main one, once.
        for (const control of frozen.querySelectorAll(FOCUSABLE)) set(control, 'tabindex', '-1');
      }
      const main = element.querySelector(MAIN_QUADRANT);
      if (!main) return;
      const headerIds: string[] = [];
      const headers = [...main.querySelectorAll(HEADER_CELL)]
        .map((cell) => ({ cell, col: indexFromClass(cell, `${NS}-table-cell-col-`) }))
        .filter((h): h is { cell: Element; col: number } => h.col !== null)
        .sort((a, b) => a.col - b.col);
      for (const { cell, col } of headers) {
        const id = `${prefix}-h${col}`;
        set(cell, 'id', id);
        set(cell, 'role', 'columnheader');
        set(cell, 'aria-colindex', String(col + 1));
        const name = namesRef.current?.[col];
        if (name && !cell.textContent?.trim()) set(cell, 'aria-label', name);
        headerIds.push(id);
      }
      const byRow = new Map<number, { col: number; id: string }[]>();
      for (const cell of main.querySelectorAll(BODY_CELL)) {
        const row = indexFromClass(cell, `${NS}-table-cell-row-`);
        const col = indexFromClass(cell, `${NS}-table-cell-col-`);
        if (row === null || col === null || cell.classList.contains(GHOST_CELL)) {
          cell.removeAttribute('role');
          continue;
        }
        const id = `${prefix}-r${row}-c${col}`;
        set(cell, 'id', id);
        set(cell, 'role', 'gridcell');
        set(cell, 'aria-colindex', String(col + 1));
        const list = byRow.get(row) ?? [];
        list.push({ col, id });
        byRow.set(row, list);
      }
      const nextHeader = headerIds.join(' ');
      setHeaderCells((current) => (current === nextHeader ? current : nextHeader));
      const next = [...byRow.entries()]
        .sort(([a], [b]) => a - b)
        .map(([row, cells]) => ({ row, cells: cells.sort((a, b) => a.col - b.col).map((c) => c.id).join(' ') }));
      setRows((current) => (current.length === next.length && current.every((r, i) => r.row === next[i].row && r.cells === next[i].cells) ? current : next));
    };
    mark();
    let scheduled = false;
    const observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        mark();
      });
    });
    observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [element, prefix]);

  return (
    <div ref={ref} className={className}>
      {children}
      {/* The grid and the rows Table2 does not draw: each row owns its cells, so a screen reader reads
          row by row. Not around Table2: its cells would be the grid's own children besides the rows. */}
      <div
        className="civic-grid"
        role="grid"
        aria-label={label}
        aria-rowcount={rowCount < 0 ? -1 : rowCount + 1}
        aria-colcount={colCount}
        style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }}
      >
        {headerCells && <div role="row" aria-rowindex={1} aria-owns={headerCells} />}
        {rows.map((r) => (
          <div key={r.row} role="row" aria-rowindex={rowOffset + r.row + 2} aria-owns={r.cells} />
        ))}
      </div>
    </div>
  );
}
