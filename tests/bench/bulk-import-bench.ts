/**
 * Bulk import at 10,000 rows (issue 5): seconds from the upload to the finished job, and how far the
 * server's resident memory rises above where it stood before (sampled from /proc every 20 ms). The
 * server runs in its own process on a fresh data folder (or a fresh PostgreSQL database with
 * DATABASE_URL), so the figure is the import's and nothing else's. Standalone:
 * `node --import tsx tests/bench/bulk-import-bench.ts`; also a section of `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/server';
import { signInForBench } from './api-latency';
import { benchDatabase } from './bench-database';

const ROOT = join(import.meta.dirname, '../..');
const PASSWORD = 'Civic-bench-Passw0rd';
// An app on the external engine: the built-in engine trains each app a few seconds after its content
// changes, and that training (on a worker thread of the same process) is not the import's memory.
const APP = 'demo-external';
export const BULK_ROWS = 10_000;

export interface BulkImportResult {
  rows: number;
  phrases: number;
  bytes: number;
  database: string;
  /** Upload to finished job (parse, checks, job, inserts, commit). */
  seconds: number;
  /** The same file again: every row unchanged, nothing added. */
  rerunSeconds: number;
  baselineRssMb: number;
  peakRssMb: number;
  /** Peak resident memory during the import above the baseline. */
  peakGrowthMb: number;
  /** Then a file twice the size (new rows): flat memory means about the same peak, not twice it. */
  doubleRows: number;
  doubleSeconds: number;
  doublePeakGrowthMb: number;
  /** Resident memory after the last run above the baseline. */
  afterGrowthMb: number;
}

/** A file like an agency's export: question, two variants, an answer, one of 20 categories, a label. */
export function bulkCsv(rows: number, prefix = 'Bulk question'): string {
  const lines = ['question,variants,answer,category,labels'];
  for (let i = 0; i < rows; i += 1) {
    lines.push(`${prefix} ${i} about permits and fees?,"variant ${i} a|variant ${i} b","Answer ${i}: apply online, pay the fee and wait for the email.",Category ${i % 20},label${i % 7}`);
  }
  return `${lines.join('\n')}\n`;
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

export async function bulkImportBench(): Promise<BulkImportResult> {
  const database = await benchDatabase(PASSWORD);
  const dataDir = mkdtempSync(join(tmpdir(), 'civic-bench-bulk-'));
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'host/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      CIVIC_DATA_DIR: dataDir,
      CIVIC_PUBLIC_URL: `http://127.0.0.1:${port}`,
      CIVIC_DEMO_PASSWORD: PASSWORD,
      CIVIC_TWO_FACTOR: 'off',
      CIVIC_CAPTCHA: 'off',
      CIVIC_AUTH_RATE_LIMIT: '0',
      LOG_LEVEL: 'error',
      ...database.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`server not ready: ${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const token = await signInForBench(url, 'editor@demo.gov.sg', PASSWORD);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${url}/api/v1/apps/${APP}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await response.json()) as { data?: { job?: { id: string } }; message?: string };
      if (!response.ok) throw new Error(`${path}: ${response.status} ${json.message}`);
      return json.data;
    };
    const finish = async (jobId: string) => {
      for (;;) {
        const response = await fetch(`${url}/api/v1/apps/${APP}/jobs/${jobId}`, { headers });
        const { data } = (await response.json()) as { data: { job: { status: string; counts: Record<string, number>; errors: string[] } } };
        if (!['queued', 'running'].includes(data.job.status)) return data.job;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const run = async (csv: string, fileName: string) => {
      const started = performance.now();
      const data = await post('/bulk-import', { fileName, content: Buffer.from(csv).toString('base64') });
      const job = await finish(data?.job?.id ?? '');
      if (job.status !== 'succeeded') throw new Error(`bulk import ${job.status}: ${job.errors.join('; ')}`);
      return { seconds: (performance.now() - started) / 1000, counts: job.counts };
    };

    // Warm up: the same code paths on a small file, so the figure is the import's, not the first load's.
    await post('/bulk-import/preview', { fileName: 'warm.csv', content: Buffer.from(bulkCsv(200, 'Warm-up')).toString('base64') });
    await run(bulkCsv(200, 'Warm-up'), 'warm.csv');
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = rssMb(child.pid ?? 0);
    let peak = baseline;

    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(child.pid ?? 0));
      } catch {
        // the process is gone: the run fails below
      }
    }, 20);
    const csv = bulkCsv(BULK_ROWS);
    let first;
    let second;
    let firstPeak = 0;
    let double;
    try {
      first = await run(csv, 'big.csv');
      if (first.counts.created !== BULK_ROWS) throw new Error(`created ${first.counts.created} of ${BULK_ROWS}`);
      second = await run(csv, 'big.csv');
      if (second.counts.unchanged !== BULK_ROWS || second.counts.created !== 0) throw new Error(`the re-run changed rows: ${JSON.stringify(second.counts)}`);
      firstPeak = peak;
      double = await run(bulkCsv(BULK_ROWS * 2, 'Twice as many'), 'double.csv');
      if (double.counts.created !== BULK_ROWS * 2) throw new Error(`created ${double.counts.created} of ${BULK_ROWS * 2}`);
    } finally {
      clearInterval(sampler);
    }
    const after = rssMb(child.pid ?? 0);
    const doublePeak = peak;
    return {
      rows: BULK_ROWS,
      phrases: BULK_ROWS * 3,
      bytes: Buffer.byteLength(csv),
      database: database.label,
      seconds: first.seconds,
      rerunSeconds: second.seconds,
      baselineRssMb: baseline,
      peakRssMb: firstPeak,
      peakGrowthMb: firstPeak - baseline,
      doubleRows: BULK_ROWS * 2,
      doubleSeconds: double.seconds,
      doublePeakGrowthMb: doublePeak - baseline,
      afterGrowthMb: after - baseline,
    };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await bulkImportBench(), null, 2));
}
