/**
 * The worker-thread side of `untrusted-file.ts`: unzips or reads a workbook and posts back the result
 * (file contents transferred, not copied), or the reason it was refused.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { unzipBounded, ZipReadError } from './bounded-unzip';
import { workerInput } from './worker';
import { readXlsxRowsSync, XlsxReadError } from './xlsx-rows';
import type { UntrustedFileTask } from './untrusted-file';

// Below the request thread on a busy machine: on Linux a priority set with pid 0 is this thread's
// alone (elsewhere it would be the whole server's, so it is left as it is).
if (process.platform === 'linux') setPriority(0, 10);

const task = workerInput<UntrustedFileTask>();
try {
  if (task.kind === 'zip') {
    const files = unzipBounded(task.data, task.limits);
    parentPort?.postMessage({ files }, Object.values(files).map((content) => content.buffer as ArrayBuffer));
  } else {
    parentPort?.postMessage({ rows: readXlsxRowsSync(task.data, task.limits) });
  }
} catch (error) {
  if (error instanceof ZipReadError || error instanceof XlsxReadError) {
    parentPort?.postMessage({ refused: error.kind, message: error.message, entry: error instanceof ZipReadError ? error.entry : undefined });
  } else throw error;
}
