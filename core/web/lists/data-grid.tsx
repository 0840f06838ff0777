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
  /** `aria-rowindex`: the header row is 1. */
  index: number;
  /** The ids of the cells it owns. */
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
  const gridRef = useRef<HTMLDivElement | null>(null);
  const namesRef = useRef(columnNames);
  namesRef.current = columnNames;
  const offsetRef = useRef(rowOffset);
  offsetRef.current = rowOffset;
  const markRef = useRef<() => void>(() => undefined);

  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      setElement(el);
      boxRef?.(el);
    },
    [boxRef],
  );

  useEffect(() => {
    const grid = gridRef.current;
    if (!element || !grid) return;
    // Cells and the rows that own them change in one pass, in the DOM: a cell is never a gridcell
    // without its row (axe's aria-required-parent), not even between a mutation and a React render.
    const mark = () => {
      for (const frozen of element.querySelectorAll(FROZEN_QUADRANTS)) {
        set(frozen, 'aria-hidden', 'true');
        // The copy's controls (a sort button in a header) are drawn over the main quadrant's: mouse
        // users click the copy, keyboard and screen-reader users reach the main one, once.
        for (const control of frozen.querySelectorAll(FOCUSABLE)) set(control, 'tabindex', '-1');
      }
      const main = element.querySelector(MAIN_QUADRANT);
      const rows: RenderedRow[] = [];
      if (main) {
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
        if (headerIds.length > 0) rows.push({ index: 1, cells: headerIds.join(' ') });
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
        for (const [row, cells] of [...byRow.entries()].sort(([a], [b]) => a - b)) {
          rows.push({ index: offsetRef.current + row + 2, cells: cells.sort((a, b) => a.col - b.col).map((c) => c.id).join(' ') });
        }
      }
      syncRows(grid, rows);
    };
    markRef.current = mark;
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

  // A new page offset renumbers the rows.
  useEffect(() => markRef.current(), [rowOffset]);

  return (
    <div ref={ref} className={className}>
      {children}
      {/* The grid and the rows Table2 does not draw: each row owns its cells, so a screen reader reads
          row by row. Not around Table2: its cells would be the grid's own children besides the rows.
          Its rows are kept by the effect above, not by React. */}
      <div
        ref={gridRef}
        className="civic-grid"
        role="grid"
        aria-label={label}
        aria-rowcount={rowCount < 0 ? -1 : rowCount + 1}
        aria-colcount={colCount}
        style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }}
      />
    </div>
  );
}

/** Makes the grid's row elements those of `rows`, reusing the ones there. */
function syncRows(grid: HTMLElement, rows: readonly RenderedRow[]): void {
  while (grid.children.length > rows.length) grid.lastElementChild!.remove();
  rows.forEach((row, i) => {
    let element = grid.children[i];
    if (!element) {
      element = grid.ownerDocument.createElement('div');
      element.setAttribute('role', 'row');
      grid.appendChild(element);
    }
    set(element, 'aria-rowindex', String(row.index));
    set(element, 'aria-owns', row.cells);
  });
}
