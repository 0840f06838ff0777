/**
 * Hostile files (issue 15): while each hostile upload is being read, over and over, how long /healthz
 * takes (p99) and how far the server's resident memory rises, each beside its baseline measured in the
 * same run just before. The files are made on the spot (tests/support/hostile-files.ts). The server
 * runs in its own process; the PDF reader's own process is reported beside it (it is killed at its cap).
 * Standalone: `node --import tsx tests/bench/hostile-files-bench.ts`; also a section of `npm run bench`.
 */
import { deflateBomb, deflatedEntry, lyingZip, pdfBomb, quadraticSheetXlsx, xlsxWithSheet } from '../support/hostile-files';
import { signInForBench } from './api-latency';
import { rssMb, startBenchServer, treeRssMb } from './memory-bench-server';

const PASSWORD = 'Civic-bench-Passw0rd';
// External engine: the built-in engine's training after content changes is not this bench's load.
const APP = 'demo-external';
const SECONDS_EACH = 4;

export interface HostileFileResult {
  file: string;
  route: string;
  bytes: number;
  /** Status every upload was answered with (a 4xx; never a 5xx or a 2xx). */
  statuses: number[];
  uploads: number;
  baselineP99Ms: number;
  p99Ms: number;
  baselineRssMb: number;
  peakRssGrowthMb: number;
  /** Server plus the processes it started (the PDF reader), above the same baseline. */
  peakTreeGrowthMb: number;
}

export interface HostileFilesBench {
  database: string;
  results: HostileFileResult[];
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/** /healthz one request after another for `ms`, with the latency of each. */
async function healthLatencies(url: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 5));
  }
  return times;
}

export async function hostileFilesBench(): Promise<HostileFilesBench> {
  const server = await startBenchServer(PASSWORD, 'hostile');
  try {
    const token = await signInForBench(server.url, 'editor@demo.gov.sg', PASSWORD);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const files = [
      { file: 'XLSX, 200 KB of unclosed rows (quadratic for the old reader)', route: '/bulk-import/preview', data: quadraticSheetXlsx(200), name: 'rows.xlsx' },
      { file: 'agent zip, 1 MB declaring 1,000 bytes, holding 1 GB', route: '/import', data: lyingZip(1000, 1024), name: 'agent.zip' },
      {
        file: 'XLSX, shared strings declaring 1,000 bytes, holding 1 GB',
        route: '/bulk-import/preview',
        data: xlsxWithSheet('<worksheet/>', [{ ...deflatedEntry('xl/sharedStrings.xml', '<sst/>'), stored: deflateBomb(1024), declaredSize: 1000 }]),
        name: 'bomb.xlsx',
      },
      { file: 'PDF, 1 MB content stream inflating to 1 GB', route: '/qna-generator/pdf', data: pdfBomb(1024), name: 'bomb.pdf' },
    ];
    // Warm up: every route once (module loads, the worker's first start), not counted.
    for (const f of files) await fetch(`${server.url}/api/v1/apps/${APP}${f.route}`, { method: 'POST', headers, body: JSON.stringify({ fileName: f.name, content: Buffer.from(f.data).toString('base64') }) });
    await healthLatencies(server.url, 500);
    const results: HostileFileResult[] = [];
    for (const f of files) {
      const body = JSON.stringify({ fileName: f.name, content: Buffer.from(f.data).toString('base64') });
      await new Promise((r) => setTimeout(r, 500));
      const baselineRss = rssMb(server.pid);
      const baselineTree = treeRssMb(server.pid);
      const baseline = await healthLatencies(server.url, SECONDS_EACH * 500);
      let peak = baselineRss;
      let peakTree = baselineTree;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(server.pid));
        peakTree = Math.max(peakTree, treeRssMb(server.pid));
      }, 20);
      const statuses = new Set<number>();
      let uploads = 0;
      let running = true;
      // One upload after another for the whole window: the file is always being read.
      const uploader = (async () => {
        while (running) {
          const response = await fetch(`${server.url}/api/v1/apps/${APP}${f.route}`, { method: 'POST', headers, body });
          await response.arrayBuffer();
          statuses.add(response.status);
          uploads += 1;
        }
      })();
      const during = await healthLatencies(server.url, SECONDS_EACH * 1000);
      running = false;
      await uploader;
      clearInterval(sampler);
      results.push({
        file: f.file,
        route: f.route,
        bytes: f.data.length,
        statuses: [...statuses].sort(),
        uploads,
        baselineP99Ms: p99(baseline),
        p99Ms: p99(during),
        baselineRssMb: baselineRss,
        peakRssGrowthMb: peak - baselineRss,
        peakTreeGrowthMb: peakTree - baselineTree,
      });
    }
    return { database: server.database, results };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await hostileFilesBench(), null, 2));
}
