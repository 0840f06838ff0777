/** CSV cells safe to open in a spreadsheet, for every plugin that exports (audit log, subscribers). */
/** Cells a spreadsheet would run as a formula (or that smuggle a line break in front of one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, safe to open in a spreadsheet: a value starting with = + - @ tab or CR is prefixed
 * with ' (so it shows as text, OWASP "CSV injection"), and every cell is quoted with "" doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV line (CRLF, RFC 4180). */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
