/**
 * Uploaded zips and workbooks are read off the request thread: each read runs on a worker thread of
 * its own with a heap cap and a time limit, terminated on a breach (`capped-worker.ts`). Inflation
 * counts real bytes (`bounded-unzip.ts`) and sheets go through a streaming XML parser
 * (`xlsx-rows.ts`), so a hostile file costs the server neither its event loop nor its memory. A
 * plugin that must do more with a zip than unpack it (parse what is inside) runs its own worker
 * module with `runCapped` and `answerCapped`, calling `unzipBounded` there.
 */
import type { ZipLimits } from './bounded-unzip';
import { runCapped, type WorkerLimits } from './capped-worker';
import type { XlsxLimits } from './xlsx-rows';

export { isZipData, unzipBounded, type ZipLimits } from './bounded-unzip';
export { answerCapped, runCapped, UntrustedFileError, type UntrustedFileProblem, type WorkerLimits } from './capped-worker';
export type { XlsxLimits } from './xlsx-rows';

/** What the worker is asked to do (internal to this module and its worker). */
export type UntrustedFileTask = { kind: 'zip'; data: Uint8Array; limits: ZipLimits } | { kind: 'xlsx'; data: Uint8Array; limits: XlsxLimits };

const WORKER = new URL('./untrusted-file-worker.ts', import.meta.url);

/** The files of an uploaded zip (folders left out), or an UntrustedFileError. */
export function unzipUntrusted(data: Uint8Array, limits: ZipLimits & WorkerLimits): Promise<Record<string, Uint8Array>> {
  const { timeoutMs, maxMemoryMb, ...zip } = limits;
  return runCapped(WORKER, { kind: 'zip', data, limits: zip } satisfies UntrustedFileTask, 'untrusted zip', { timeoutMs, maxMemoryMb });
}

/** The rows of an uploaded workbook's first sheet (blank rows left out), or an UntrustedFileError. */
export function readXlsxRows(data: Uint8Array, limits: XlsxLimits & WorkerLimits): Promise<string[][]> {
  const { timeoutMs, maxMemoryMb, ...xlsx } = limits;
  return runCapped(WORKER, { kind: 'xlsx', data, limits: xlsx } satisfies UntrustedFileTask, 'untrusted xlsx', { timeoutMs, maxMemoryMb });
}
