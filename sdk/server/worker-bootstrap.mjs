// Entry of every worker thread started with startWorker (sdk/server/worker.ts): the server runs its
// TypeScript sources through tsx, and a worker thread needs tsx registered in its own thread first.
import { workerData } from 'node:worker_threads';

const { entry } = workerData;
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
