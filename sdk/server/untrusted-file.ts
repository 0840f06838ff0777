/**
 * Uploaded zips and workbooks are read off the request thread: each read runs on a worker thread of
 * its own with a heap cap and a time limit, and the worker is terminated on a breach. Inflation counts
 * real bytes (`bounded-unzip.ts`) and sheets go through a streaming XML parser (`xlsx-rows.ts`), so a
 * hostile file costs the server neither its event loop nor its memory.
 */
import type { ZipLimits, ZipProblem } from './bounded-unzip';
export { isZipData, type ZipLimits } from './bounded-unzip';
export type { XlsxLimits } from './xlsx-rows';
import { startWorker } from './worker';
import type { XlsxLimits, XlsxProblem } from './xlsx-rows';

export type UntrustedFileProblem = ZipProblem | XlsxProblem | 'too-slow' | 'too-much-memory';

/** Why an uploaded file was refused; `kind` tells the caller which 4xx to answer, `entry` names the zip entry to blame. */
export class UntrustedFileError extends Error {
  constructor(
    readonly kind: UntrustedFileProblem,
    message: string,
    readonly entry?: string,
  ) {
    super(message);
    this.name = 'UntrustedFileError';
  }
}

export interface WorkerLimits {
  /** Wall-clock budget of the read (default 20 s). */
  timeoutMs?: number;
  /** Heap cap of the worker (default 256 MB); inflated bytes are bounded by the zip limits. */
  maxMemoryMb?: number;
}

/** What the worker is asked to do (internal to this module and its worker). */
export type UntrustedFileTask = { kind: 'zip'; data: Uint8Array; limits: ZipLimits } | { kind: 'xlsx'; data: Uint8Array; limits: XlsxLimits };

type Answer = { files: Record<string, Uint8Array> } | { rows: string[][] } | { refused: ZipProblem | XlsxProblem; message: string; entry?: string };

function runTask(task: UntrustedFileTask, limits: WorkerLimits): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL('./untrusted-file-worker.ts', import.meta.url), {
      data: task,
      name: `untrusted ${task.kind}`,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb ?? 256 },
      quiet: true,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new UntrustedFileError('too-slow', 'time limit'))), limits.timeoutMs ?? 20_000);
    worker.once('message', (answer: Answer) => finish(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new UntrustedFileError('too-much-memory', 'memory limit') : error)),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`file worker exited with ${code}`))));
  });
}

function refusal(answer: Answer): UntrustedFileError | null {
  return 'refused' in answer ? new UntrustedFileError(answer.refused, answer.message, answer.entry) : null;
}

/** The files of an uploaded zip (folders left out), or an UntrustedFileError. */
export async function unzipUntrusted(data: Uint8Array, limits: ZipLimits & WorkerLimits): Promise<Record<string, Uint8Array>> {
  const { timeoutMs, maxMemoryMb, ...zip } = limits;
  const answer = await runTask({ kind: 'zip', data, limits: zip }, { timeoutMs, maxMemoryMb });
  const refused = refusal(answer);
  if (refused) throw refused;
  return 'files' in answer ? answer.files : {};
}

/** The rows of an uploaded workbook's first sheet (blank rows left out), or an UntrustedFileError. */
export async function readXlsxRows(data: Uint8Array, limits: XlsxLimits & WorkerLimits): Promise<string[][]> {
  const { timeoutMs, maxMemoryMb, ...xlsx } = limits;
  const answer = await runTask({ kind: 'xlsx', data, limits: xlsx }, { timeoutMs, maxMemoryMb });
  const refused = refusal(answer);
  if (refused) throw refused;
  return 'rows' in answer ? answer.rows : [];
}
