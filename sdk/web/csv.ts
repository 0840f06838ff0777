/** CSV parsing for plugins (papaparse), the console's one copy. */
import Papa from 'papaparse';

export { Papa };
export type { ParseConfig, ParseResult } from 'papaparse';

/**
 * Rows of RFC 4180 text: comma-separated, quoted fields keep their commas, quotes and line breaks,
 * blank lines skipped. The delimiter is fixed rather than guessed: papaparse's guess picks whichever
 * character splits the first rows most evenly, so a "|" or ";" inside values could become the
 * delimiter and cut quoted fields apart. A spreadsheet's byte-order mark is dropped.
 */
export function parseCsvRows(text: string, delimiter: ',' | '\t' = ','): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return Papa.parse<string[]>(body, { delimiter, quoteChar: '"', skipEmptyLines: 'greedy' }).data;
}
