/**
 * The console's list tables (core/web/lists/virtual-table.tsx: a virtualised grid drawn with Blueprint's
 * table classes) and Blueprint's table stylesheet, which draws them; a lazy page's chunk brings them.
 */
import '@blueprintjs/table/lib/css/table.css';

export { Cell, Column, ColumnHeaderCell, VirtualTable, type CellProps, type CellRenderer, type ColumnHeaderCellProps, type ColumnProps, type VirtualTableProps, type VisibleRows } from '@civic/core/web/lists/virtual-table';
/** Our cell renderers for row-per-item tables, in the table's chunk with it. */
export { rowCells, type RowCells } from '@civic/core/web/lists/row-cells';
