import { all, type MatrixRow } from '../support/matrix';

/** Plugin help: the guide PDF is public (the HELP menu item links to it). */
export const rows: MatrixRow[] = [{ method: 'GET', url: '/help/civic-console-guide.pdf', own: all(200, 200) }];
