import { act, render, screen } from '@testing-library/react';
import { Cell, Column, ColumnHeaderCell, VirtualTable, type VisibleRows } from './virtual-table';

/** Gives the scroll container a laid-out height (jsdom lays nothing out). */
function sizeViewport(container: HTMLElement, height: number): HTMLElement {
  const scroller = container.querySelector<HTMLElement>('.bp6-table-quadrant-scroll-container')!;
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: height });
  return scroller;
}

function scrollTo(scroller: HTMLElement, top: number): void {
  act(() => {
    scroller.scrollTop = top;
    scroller.dispatchEvent(new Event('scroll'));
  });
}

const rowsDrawn = (container: HTMLElement) =>
  [...new Set([...container.querySelectorAll('.bp6-table-body-cells .bp6-table-cell')].map((c) => Number(/bp6-table-cell-row-(\d+)/.exec(c.className)?.[1])))].sort((a, b) => a - b);

describe('VirtualTable', () => {
  it('draws the header and only the rows in view (and a few beyond), in place, with their row and column classes', () => {
    const seen: VisibleRows[] = [];
    const { container } = render(
      <VirtualTable numRows={1000} defaultRowHeight={20} columnWidths={[100, 60]} onVisibleCellsChange={(rows) => seen.push(rows)}>
        <Column name="Name" cellRenderer={(row) => <Cell>name {row}</Cell>} />
        <Column name="Size" cellRenderer={(row) => <Cell interactive>{row * 2}</Cell>} />
      </VirtualTable>,
    );
    const scroller = sizeViewport(container, 230); // 30 px of header, 200 px of body: 10 rows
    scrollTo(scroller, 0);
    expect([...container.querySelectorAll('.bp6-table-column-headers .bp6-table-header')].map((h) => h.textContent)).toEqual(['Name', 'Size']);
    expect(rowsDrawn(container)).toEqual(Array.from({ length: 18 }, (_, i) => i));
    expect(seen.at(-1)).toEqual({ rowIndexStart: 0, rowIndexEnd: 9 });

    scrollTo(scroller, 5000); // row 250 at the top
    expect(rowsDrawn(container)).toEqual(Array.from({ length: 26 }, (_, i) => 242 + i));
    expect(seen.at(-1)).toEqual({ rowIndexStart: 250, rowIndexEnd: 259 });
    const cell = container.querySelector<HTMLElement>('.bp6-table-cell-row-250.bp6-table-cell-col-1')!;
    expect(cell.textContent).toBe('500');
    expect(cell.className).toContain('bp6-table-cell-interactive');
    expect([cell.style.top, cell.style.left, cell.style.width, cell.style.height]).toEqual(['5000px', '100px', '60px', '20px']);
    // The body is as tall as every row: the scroll bar stands for the whole list.
    expect(container.querySelector<HTMLElement>('.bp6-table-body')!.style.height).toBe('20000px');
  });

  it('stops at the last row', () => {
    const { container } = render(
      <VirtualTable numRows={3} defaultRowHeight={20} columnWidths={[100]}>
        <Column name="Name" cellRenderer={(row) => <Cell>name {row}</Cell>} />
      </VirtualTable>,
    );
    scrollTo(sizeViewport(container, 400), 0);
    expect(rowsDrawn(container)).toEqual([0, 1, 2]);
    expect(screen.getByText('name 2')).toBeTruthy();
  });

  it('draws a row in view again only when its dependencies change', () => {
    let calls = 0;
    let label = 'a';
    const renderCell = (row: number) => {
      calls += 1;
      return <Cell>{`${label} ${row}`}</Cell>;
    };
    const table = (deps: unknown[]) => (
      <VirtualTable numRows={2} defaultRowHeight={20} columnWidths={[100]} cellRendererDependencies={deps}>
        <Column name="Name" cellRenderer={renderCell} />
      </VirtualTable>
    );
    const { rerender } = render(table([1]));
    expect(calls).toBe(2);
    label = 'b';
    rerender(table([1]));
    expect(calls).toBe(2);
    expect(screen.getByText('a 0')).toBeTruthy();
    rerender(table([2]));
    expect(calls).toBe(4);
    expect(screen.getByText('b 0')).toBeTruthy();
  });

  it("shows a column's own header cell", () => {
    render(
      <VirtualTable numRows={1} defaultRowHeight={20} columnWidths={[100]}>
        <Column name="Name" cellRenderer={() => <Cell>x</Cell>} columnHeaderCellRenderer={() => <ColumnHeaderCell name="Name" nameRenderer={(name) => <button type="button">Sort by {name}</button>} />} />
      </VirtualTable>,
    );
    expect(screen.getByRole('button', { name: 'Sort by Name' })).toBeTruthy();
  });
});
