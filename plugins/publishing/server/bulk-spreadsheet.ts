import { HttpError } from '@civic/sdk/server';
import { Papa, type Parser } from '@civic/sdk/server/csv';
import { readXlsxRows } from '@civic/sdk/server/untrusted-file';
import { BULK_LIMITS, BulkMessages, BulkRowChecker, type BulkRow } from '../common/bulk';
import { PublishingMessages } from '../common/messages';
import { isZip, ZIP_LIMITS } from './agent-zip';
import { fileRefusal } from './file-refusal';

const MB = 1024 * 1024;
/** Rows per batch read from a file. */
const CHUNK = 500;

/**
 * CSV records (papaparse, RFC 4180: quoted fields with commas, doubled quotes and new lines) in
 * batches: the parser pauses after each batch and resumes when the next is asked for, so only one
 * batch of records exists at a time. Blank lines are skipped; an unclosed quote is a 422.
 */
export function* csvRecords(text: string, batchSize: number): Generator<string[][]> {
  let batch: string[][] = [];
  let parser: Parser | null = null;
  let finished = false;
  let records = 0;
  let unclosedAt = 0;
  Papa.parse<string[]>(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, {
    delimiter: ',',
    skipEmptyLines: 'greedy',
    step: (result, handle) => {
      records += 1;
      if (result.errors.some((error) => error.code === 'MissingQuotes')) {
        unclosedAt = records;
        handle.abort();
        return;
      }
      batch.push(result.data);
      if (batch.length >= batchSize) {
        parser = handle;
        handle.pause();
      }
    },
    complete: () => {
      finished = true;
    },
  });
  for (;;) {
    if (unclosedAt) throw HttpError.invalid([BulkMessages.unclosedQuote(unclosedAt)]);
    if (batch.length) {
      const out = batch;
      batch = [];
      yield out;
    }
    if (finished || !parser) return;
    (parser as Parser).resume();
  }
}

/**
 * CSV or XLSX, told apart by content; anything else (binary, bad UTF-8) is a 415 at once. An XLSX is
 * read off the request thread within the zip limits (a damaged or hostile one is a 4xx here); the
 * rows come checked, in batches, as the generator is iterated: an unusable header or a malformed row
 * is a 422 then.
 */
export async function openSpreadsheet(data: Uint8Array, batchSize = CHUNK): Promise<Generator<BulkRow[]>> {
  return checkedRows(await openRecords(data, batchSize));
}

/** Columns a bulk file may use (five are named); cells further right are not read. */
const MAX_COLUMNS = 64;

async function openRecords(data: Uint8Array, batchSize: number): Promise<Iterable<string[][]>> {
  if (data.byteLength > BULK_LIMITS.maxBytes) throw new HttpError(413, PublishingMessages.fileTooLarge(BULK_LIMITS.maxBytes / MB));
  let records: Iterable<string[][]>;
  if (isZip(data)) {
    let rows: string[][];
    try {
      // The header plus one row past the limit, so that "too many rows" is still told (below).
      rows = await readXlsxRows(data, { ...ZIP_LIMITS, maxRows: BULK_LIMITS.maxRows + 1, maxColumns: MAX_COLUMNS });
    } catch (error) {
      throw fileRefusal(error, ZIP_LIMITS);
    }
    records = inBatches(rows, batchSize);
  } else {
    if (data.includes(0)) throw new HttpError(415, BulkMessages.notText);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      throw new HttpError(415, BulkMessages.notText);
    }
    records = csvRecords(text, batchSize);
  }
  return records;
}

function* inBatches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

function* checkedRows(records: Iterable<string[][]>): Generator<BulkRow[]> {
  let checker: BulkRowChecker | null = null;
  for (const batch of records) {
    const rows: BulkRow[] = [];
    for (const cells of batch) {
      try {
        if (!checker) checker = new BulkRowChecker(cells);
        else rows.push(checker.check(cells));
      } catch (error) {
        throw HttpError.invalid([(error as Error).message]);
      }
    }
    if (rows.length) yield rows;
  }
  if (!checker) throw HttpError.invalid([BulkMessages.emptyFile]);
}

/**
 * Reads the whole file once for the upload's 4xx (type, header, malformed CSV, too many rows) without
 * checking or keeping its rows; answers the row count. The job reads it again, row by row.
 */
export async function scanSpreadsheet(data: Uint8Array): Promise<number> {
  let header = true;
  let rows = 0;
  for (const batch of await openRecords(data, CHUNK)) {
    for (const cells of batch) {
      if (header) {
        try {
          new BulkRowChecker(cells);
        } catch (error) {
          throw HttpError.invalid([(error as Error).message]);
        }
        header = false;
      } else rows += 1;
    }
    if (rows > BULK_LIMITS.maxRows) throw HttpError.invalid([BulkMessages.tooManyRows(BULK_LIMITS.maxRows)]);
  }
  if (header) throw HttpError.invalid([BulkMessages.emptyFile]);
  return rows;
}
