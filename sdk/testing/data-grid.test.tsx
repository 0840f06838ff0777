import { Column, rowCells, VirtualTable } from '@civic/sdk/web/blueprint-table';
import { DataGrid } from '@civic/sdk/web/lists';
import { render, screen, waitFor } from '@civic/sdk/testing';

/** Table2's DOM as it draws it: the main quadrant with headers and flat cells, and a frozen copy of the header. */
function FakeTable2({ rows, cols }: { rows: number; cols: number }) {
  const header = (
    <div className="bp6-table-column-headers">
      {Array.from({ length: cols }, (_, c) => (
        <div key={c} className={`bp6-table-header bp6-table-cell-col-${c}`}>
          {c === 0 ? '' : `Column ${c}`}
        </div>
      ))}
    </div>
  );
  return (
    <div className="bp6-table-container">
      <div className="bp6-table-quadrant-stack">
        <div className="bp6-table-quadrant bp6-table-quadrant-main">
          {header}
          <div className="bp6-table-body-cells">
            {Array.from({ length: rows * cols }, (_, i) => (
              <div key={i} className={`bp6-table-cell bp6-table-cell-row-${Math.floor(i / cols)} bp6-table-cell-col-${i % cols}`}>
                r{Math.floor(i / cols)}c{i % cols}
              </div>
            ))}
            <div className="bp6-table-cell bp6-table-cell-ghost bp6-table-cell-row-9 bp6-table-cell-col-0" />
          </div>
        </div>
        <div className="bp6-table-quadrant bp6-table-quadrant-top">{header}</div>
      </div>
    </div>
  );
}

describe('DataGrid', () => {
  it('gives a grid its counts for the whole list, rows that own their cells, named column headers, and hides the frozen copy', async () => {
    const { container, rerender } = render(
      <DataGrid label="Users" rowCount={120} colCount={3} rowOffset={25} columnNames={{ 0: 'Select' }}>
        <FakeTable2 rows={2} cols={3} />
      </DataGrid>,
    );
    const grid = screen.getByRole('grid', { name: 'Users' });
    expect(grid.getAttribute('aria-rowcount')).toBe('121');
    expect(grid.getAttribute('aria-colcount')).toBe('3');
    expect(container.querySelector('.bp6-table-quadrant-top')?.getAttribute('aria-hidden')).toBe('true');
    // The hidden copy's headers are not column headers; the main quadrant's three are, named.
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-colindex'))).toEqual(['1', '2', '3']);
    expect(headers[0].getAttribute('aria-label')).toBe('Select');
    expect(headers[1].getAttribute('aria-label')).toBeNull();
    // The rows are there as soon as the cells are marked, not a render later.
    expect(screen.getAllByRole('row')).toHaveLength(3);
    const rows = screen.getAllByRole('row');
    expect(rows.map((r) => r.getAttribute('aria-rowindex'))).toEqual(['1', '27', '28']);
    expect(rows[0].getAttribute('aria-owns')).toBe(headers.map((h) => h.id).join(' '));
    const owned = rows[2].getAttribute('aria-owns')!.split(' ').map((id) => document.getElementById(id));
    expect(owned.map((cell) => cell?.textContent)).toEqual(['r1c0', 'r1c1', 'r1c2']);
    expect(owned.every((cell) => cell?.getAttribute('role') === 'gridcell')).toBe(true);
    expect(owned.map((cell) => cell?.getAttribute('aria-colindex'))).toEqual(['1', '2', '3']);
    expect(container.querySelector('.bp6-table-cell-ghost')?.getAttribute('role')).toBeNull();

    // Cells drawn later (a scroll, a page arriving) are marked too.
    rerender(
      <DataGrid label="Users" rowCount={-1} colCount={3}>
        <FakeTable2 rows={4} cols={3} />
      </DataGrid>,
    );
    // Once the observer has marked the new cells (a microtask), each is owned by a row at once.
    await Promise.resolve();
    await Promise.resolve();
    const ownedIds = new Set(screen.getAllByRole('row').flatMap((r) => r.getAttribute('aria-owns')!.split(' ')));
    expect(screen.getAllByRole('gridcell').filter((cell) => !ownedIds.has(cell.id))).toEqual([]);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('-1');
    expect(screen.getAllByRole('gridcell')).toHaveLength(12);
  });

  it('marks a real VirtualTable', async () => {
    const items = [{ name: 'Ana' }, { name: 'Ben' }];
    const cell = rowCells(items);
    render(
      <div style={{ width: 400, height: 300 }}>
        <DataGrid label="People" rowCount={2} colCount={1}>
          <VirtualTable numRows={items.length} defaultRowHeight={24} columnWidths={[200]}>
            <Column name="Name" cellRenderer={cell.text((u) => u.name)} />
          </VirtualTable>
        </DataGrid>
      </div>,
    );
    expect(screen.getByRole('grid', { name: 'People' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('columnheader').length).toBeGreaterThan(0));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name']);
    // One header row, no frozen copy of it to hide.
    expect(document.querySelectorAll('.bp6-table-quadrant-top, .bp6-table-column-headers').length).toBe(1);
    await waitFor(() => expect(screen.getAllByRole('gridcell').map((c) => c.textContent)).toEqual(['Ana', 'Ben']));
    expect(screen.getAllByRole('row').map((r) => r.getAttribute('aria-rowindex'))).toEqual(['1', '2', '3']);
  });
});
