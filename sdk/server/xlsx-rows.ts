/**
 * The first worksheet of an XLSX workbook as rows of cell text, read with a streaming XML parser
 * (saxes: linear in the input, no DTD entities expanded) instead of regular expressions whose time
 * grew with the square of a crafted sheet. Synchronous and CPU-bound: the server runs it on a worker
 * thread (see `untrusted-file.ts`).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { unzipBounded, type ZipLimits } from './bounded-unzip';

export interface XlsxLimits extends ZipLimits {
  /** Rows (blank ones not counted) after which reading stops with `too-many-rows`. */
  maxRows: number;
  /** Cells past this column are left out: a few cells far to the right must not pad every row to thousands. */
  maxColumns: number;
}

export type XlsxProblem = 'not-xlsx' | 'no-sheet' | 'damaged' | 'too-many-rows';

export class XlsxReadError extends Error {
  constructor(
    readonly kind: XlsxProblem,
    message: string,
  ) {
    super(message);
    this.name = 'XlsxReadError';
  }
}

/** Excel's own last column (XFD): a reference past it is not a cell, whatever the file says. */
export const XLSX_MAX_COLUMNS = 16_384;
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** Feeds XML through saxes in slices, so no one string the size of the file has to be built. */
function parseXml(bytes: Uint8Array, setUp: (parser: SaxesParser) => void): void {
  const parser = new SaxesParser();
  setUp(parser);
  const stream = new TextDecoder('utf-8');
  try {
    for (let offset = 0; offset < bytes.length; offset += 256 * 1024) parser.write(stream.decode(bytes.subarray(offset, offset + 256 * 1024), { stream: true }));
    parser.write(stream.decode());
    parser.close();
  } catch (error) {
    if (error instanceof XlsxReadError) throw error;
    throw new XlsxReadError('damaged', `bad XML: ${(error as Error).message}`);
  }
}

/** `<si>` entries of sharedStrings.xml: the text of each, rich-text runs joined. */
function sharedStrings(bytes: Uint8Array | undefined): string[] {
  const strings: string[] = [];
  if (!bytes) return strings;
  let current: string | null = null;
  let inText = false;
  parseXml(bytes, (parser) => {
    parser.on('opentag', (tag: SaxesTagPlain) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 't') inText = true;
    });
    parser.on('text', (text) => {
      if (inText && current !== null) current += text;
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      if (tag.name === 't') inText = false;
      else if (tag.name === 'si') {
        strings.push(current ?? '');
        current = null;
      }
    });
  });
  return strings;
}

/** Zero-based column of a cell reference (`B7` → 1); -1 when there is none or it is past Excel's last column. */
export function columnOf(ref: string | undefined): number {
  const letters = /^([A-Z]{1,3})\d*$/.exec(ref ?? '')?.[1];
  if (!letters) return -1;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n <= XLSX_MAX_COLUMNS ? n - 1 : -1;
}

/** Rows of cell text (shared and inline strings, numbers, booleans as written) of the lowest-numbered sheet. */
export function xlsxRows(files: Record<string, Uint8Array>, limits: Pick<XlsxLimits, 'maxRows' | 'maxColumns'>): string[][] {
  const { maxRows, maxColumns } = limits;
  if (!files['xl/workbook.xml']) throw new XlsxReadError('not-xlsx', 'no workbook');
  const sheetName = Object.keys(files)
    .filter((name) => SHEET.test(name))
    .sort((a, b) => Number(SHEET.exec(a)?.[1]) - Number(SHEET.exec(b)?.[1]))[0];
  if (!sheetName) throw new XlsxReadError('no-sheet', 'no worksheet');
  const shared = sharedStrings(files['xl/sharedStrings.xml']);
  const rows: string[][] = [];
  let row: string[] | null = null;
  let cell: { at: number; type: string; value: string; inline: string } | null = null;
  let reading: 'v' | 't' | null = null;
  parseXml(files[sheetName], (parser) => {
    parser.on('opentag', (tag: SaxesTagPlain) => {
      if (tag.name === 'row') row = [];
      else if (tag.name === 'c' && row) {
        const at = columnOf(tag.attributes.r);
        cell = { at: at < 0 ? row.length : at, type: tag.attributes.t ?? '', value: '', inline: '' };
      } else if (cell && (tag.name === 'v' || tag.name === 't')) reading = tag.name;
    });
    parser.on('text', (text) => {
      if (!cell || !reading) return;
      if (reading === 'v') cell.value += text;
      else cell.inline += text;
    });
    parser.on('closetag', (tag: SaxesTagPlain) => {
      if (tag.name === 'v' || tag.name === 't') reading = null;
      else if (tag.name === 'c' && row && cell) {
        if (cell.at >= maxColumns) {
          cell = null;
          return;
        }
        const text = cell.type === 's' ? (shared[Number(cell.value)] ?? '') : cell.type === 'inlineStr' ? cell.inline : cell.value;
        while (row.length < cell.at) row.push('');
        row[cell.at] = text;
        cell = null;
      } else if (tag.name === 'row' && row) {
        if (row.some((text) => text.trim() !== '')) {
          // One past the limit is kept, so the caller can tell "too many" from "exactly the limit".
          if (rows.length > maxRows) throw new XlsxReadError('too-many-rows', `more than ${maxRows} rows`);
          rows.push(row);
        }
        row = null;
      }
    });
  });
  return rows;
}

/** Unzips only the parts of a workbook the reader needs (within the zip limits) and reads its first sheet. */
export function readXlsxRowsSync(data: Uint8Array, limits: XlsxLimits): string[][] {
  const files = unzipBounded(data, limits, (name) => name === 'xl/workbook.xml' || name === 'xl/sharedStrings.xml' || SHEET.test(name));
  return xlsxRows(files, limits);
}
