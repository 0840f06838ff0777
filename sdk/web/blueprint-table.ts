/** Blueprint's Table2 (virtualised tables) and its styles, the console's one copy; a lazy page's chunk brings them. */
import '@blueprintjs/table/lib/css/table.css';

export * from '@blueprintjs/table';
/** Our cell renderers for row-per-item tables, in the table's chunk with it. */
export { rowCells, type RowCells } from '@civic/core/web/lists/row-cells';
