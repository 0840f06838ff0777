import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { startWorker, type StartWorkerOptions } from './worker';

const dir = mkdtempSync(join(tmpdir(), 'civic-worker-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A worker module that answers its own thread's nice value. */
const module = join(dir, 'priority.mjs');
writeFileSync(
  module,
  `import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
parentPort.postMessage(getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())));
`,
);

function niceOf(options: StartWorkerOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(pathToFileURL(module), options);
    worker.once('message', (nice: number) => {
      void worker.terminate();
      resolve(nice);
    });
    worker.once('error', reject);
  });
}

test('a low-priority worker thread runs at nice 10 or lower priority (Linux), other threads at the process’s', { skip: process.platform !== 'linux' }, async () => {
  const own = getPriority();
  assert.equal(await niceOf({}), own);
  assert.equal(await niceOf({ lowPriority: true }), Math.max(own, 10));
  assert.equal(getPriority(), own, 'the process itself keeps its priority');
});
