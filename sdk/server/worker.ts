import { Worker, parentPort, workerData, type ResourceLimits } from 'node:worker_threads';

/**
 * Worker threads for CPU-bound work that must not hold up the request thread (model training).
 * `startWorker` runs a module of the server in a new thread; the module talks back with
 * `parentPort`. TypeScript sources are loaded through tsx, as the server itself is.
 */
export { parentPort, Worker };

/** What the starting thread passed (`startWorker(url, { data })`). */
export function workerInput<T>(): T {
  return (workerData as { data: T }).data;
}

export interface StartWorkerOptions {
  data?: unknown;
  name?: string;
  /** Caps for work on untrusted input (e.g. a PDF): the worker dies instead of the server. */
  resourceLimits?: ResourceLimits;
  /** Keep the worker's stdout and stderr off the server's (a library that prints warnings). */
  quiet?: boolean;
  /**
   * Long CPU-bound work beside requests (conflict detection): the thread runs at a lower priority
   * (Linux: nice 10, this thread only), so when both want the CPU the request thread gets it.
   */
  lowPriority?: boolean;
}

export function startWorker(module: URL, options: StartWorkerOptions = {}): Worker {
  return new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
    workerData: { entry: module.href, data: options.data ?? null, lowPriority: options.lowPriority ?? false },
    // Not the server's `--import tsx`: worker-bootstrap registers tsx itself, and loading it twice
    // cost each worker ~60 ms of start (every uploaded file is read in a worker of its own).
    execArgv: [],
    name: options.name,
    resourceLimits: options.resourceLimits,
    stdout: options.quiet,
    stderr: options.quiet,
  });
}
