/** The worker-thread side of `untrusted-file.ts`: unzips or reads a workbook (see `capped-worker.ts`). */
import { unzipBounded } from './bounded-unzip';
import { answerCapped } from './capped-worker';
import type { UntrustedFileTask } from './untrusted-file';
import { readXlsxRowsSync } from './xlsx-rows';

answerCapped<UntrustedFileTask>((task) => {
  if (task.kind === 'xlsx') return { value: readXlsxRowsSync(task.data, task.limits) };
  const files = unzipBounded(task.data, task.limits);
  return { value: files, transfer: Object.values(files).map((content) => content.buffer as ArrayBuffer) };
});
