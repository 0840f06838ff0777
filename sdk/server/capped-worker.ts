/**
 * Work on untrusted input (an uploaded file) on a worker thread of its own, with a heap cap and a time
 * limit, terminated on a breach, below the server's priority: `runCapped` on the server's side,
 * `answerCapped` in the worker module. Refusals cross back as what they were: an UntrustedFileError
 * (zip and workbook problems) or an HttpError (a plugin's own 4xx, e.g. a malformed agent file).
 */
import { setPriority } from 'node:os';
import { HttpError, type HttpErrorExtras } from '@civic/core/server/http/http-error';
import { ZipReadError, type ZipProblem } from './bounded-unzip';
import { parentPort, startWorker, workerInput } from './worker';
import { XlsxReadError, type XlsxProblem } from './xlsx-rows';

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
  /** Wall-clock budget of the work (default 20 s). */
  timeoutMs?: number;
  /** Heap cap of the worker (default 256 MB). */
  maxMemoryMb?: number;
}

type Answer =
  | { value: unknown }
  | { refused: ZipProblem | XlsxProblem; message: string; entry?: string }
  | { http: { status: number; message: string; extras: HttpErrorExtras } };

/** Runs the worker `module` on `input` within the limits; resolves with what it answered. */
export function runCapped<T>(module: URL, input: unknown, name: string, limits: WorkerLimits = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(module, { data: input, name, resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb ?? 256 }, quiet: true });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new UntrustedFileError('too-slow', 'time limit'))), limits.timeoutMs ?? 20_000);
    worker.once('message', (answer: Answer) =>
      finish(() => {
        if ('value' in answer) resolve(answer.value as T);
        else if ('refused' in answer) reject(new UntrustedFileError(answer.refused, answer.message, answer.entry));
        else reject(new HttpError(answer.http.status, answer.http.message, answer.http.extras));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new UntrustedFileError('too-much-memory', 'memory limit') : error)),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`${name} worker exited with ${code}`))));
  });
}

/**
 * The worker module's side: runs `work` on the input and posts its value (`transfer`: buffers to move,
 * not copy), or the refusal it threw. Anything else is a crash, reported as the worker's error.
 */
export function answerCapped<I>(work: (input: I) => { value: unknown; transfer?: ArrayBuffer[] }): void {
  // Below the request thread on a busy machine: on Linux a priority set with pid 0 is this thread's
  // alone (elsewhere it would be the whole server's, so it is left as it is).
  if (process.platform === 'linux') setPriority(0, 10);
  let answer: Answer;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = work(workerInput<I>());
    answer = { value: done.value };
    transfer = done.transfer ?? [];
  } catch (error) {
    if (error instanceof ZipReadError) answer = { refused: error.kind, message: error.message, entry: error.entry };
    else if (error instanceof XlsxReadError) answer = { refused: error.kind, message: error.message };
    else if (error instanceof HttpError) answer = { http: { status: error.status, message: error.message, extras: error.extras } };
    else throw error;
  }
  parentPort?.postMessage(answer, transfer);
}
