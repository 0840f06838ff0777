// Entry of every worker thread started with startWorker (sdk/server/worker.ts): the server runs its
// TypeScript sources through tsx, and a worker thread needs tsx registered in its own thread first.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';

const { entry, lowPriority } = workerData;
if (lowPriority) {
  // On Linux a thread is a task of its own: nice 10 for this one only, so the request thread wins the CPU.
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (getPriority(thread) < 10) setPriority(thread, 10);
  } catch {
    // Elsewhere the thread keeps the process's priority.
  }
}
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
