/** CSV parsing on the server (papaparse, the console's one copy; the browser's is `@civic/sdk/web/csv`). */
export { default as Papa } from 'papaparse';
export type { ParseConfig, ParseResult, ParseStepResult, Parser } from 'papaparse';
