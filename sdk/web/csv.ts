/** CSV parsing for plugins (papaparse), the console's one copy. */
export { default as Papa } from 'papaparse';
export type { ParseConfig, ParseResult } from 'papaparse';
