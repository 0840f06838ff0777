/** Blueprint's Table2 (virtualised tables) and its styles, the console's one copy; a lazy page's chunk brings them. */
import '@blueprintjs/table/lib/css/table.css';

export * from '@blueprintjs/table';
