/**
 * "The embedded database never freezes the API" (issue 14): the p95 of `/healthz` and of one
 * authenticated GET while a 20,000-row bulk import runs, beside the same figures with nothing running,
 * both measured in the same run on the same server. The server runs in its own process on a fresh
 * data folder (PGlite), and on a fresh PostgreSQL database when DATABASE_URL is set. Standalone:
 * `node --import tsx tests/bench/import-interleave-bench.ts`; also a section of `npm run bench`.
 */
import { signInForBench } from './api-latency';
import { benchDatabase } from './bench-database';
import { startBenchServer } from './bench-server';
import { bulkCsv } from './bulk-import-bench';

const PASSWORD = 'Civic-bench-Passw0rd';
// The external-engine app: no training starts after the import, so the figure is the import's.
const APP = 'demo-external';
/** Rows imported: 20,000, or CIVIC_BENCH_ROWS (a smaller run on a loaded machine). */
export const INTERLEAVE_ROWS = Number(process.env.CIVIC_BENCH_ROWS ?? 20_000);
/** How long the quiet (no import) window samples. */
const BASELINE_MS = 5_000;
/** Pause between one simulated user's requests. */
const THINK_MS = 25;

export interface LatencyFigures {
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

export interface InterleaveResult {
  database: string;
  rows: number;
  importSeconds: number;
  healthz: { idle: LatencyFigures; importing: LatencyFigures };
  apps: { idle: LatencyFigures; importing: LatencyFigures };
}

function figures(timings: number[]): LatencyFigures {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { requests: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

/** Two users, each calling `path` then pausing, until `until` resolves: how long each call took. */
async function sample(url: string, path: string, init: RequestInit, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const timings: number[] = [];
  const user = async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, init);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      timings.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, THINK_MS));
    }
  };
  await Promise.all([user(), user()]);
  return timings;
}

export async function importInterleaveBench(env: Record<string, string | undefined> = process.env): Promise<InterleaveResult> {
  const database = await benchDatabase(PASSWORD, { url: env.DATABASE_URL });
  const server = await startBenchServer({
      CIVIC_DEMO_PASSWORD: PASSWORD,
      CIVIC_TWO_FACTOR: 'off',
      CIVIC_CAPTCHA: 'off',
      CIVIC_AUTH_RATE_LIMIT: '0',
      LOG_LEVEL: 'error',
      ...database.env });
  const url = server.url;
  try {
    const admin = await signInForBench(url, 'admin@demo.gov.sg', PASSWORD);
    // The Plus tier allows 1,000 intents: raise it for the bench's app.
    const tier = await fetch(`${url}/api/v1/admin/subscription-tier-limit/Plus`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ maxIntents: 1_000_000, maxMembers: 50, maxMonthlySessions: 100_000, analytics: true, categories: true, labels: true, trainingHub: true }),
    });
    if (!tier.ok) throw new Error(`tier limit: ${tier.status} ${await tier.text()}`);
    const token = await signInForBench(url, 'editor@demo.gov.sg', PASSWORD);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const appsPath = '/api/v1/apps';
    // Warm up both routes (JIT, caches); not counted.
    await sample(url, '/healthz', {}, new Promise((r) => setTimeout(r, 1_000)));
    await sample(url, appsPath, auth, new Promise((r) => setTimeout(r, 1_000)));

    const quiet = new Promise((r) => setTimeout(r, BASELINE_MS));
    const [idleHealth, idleApps] = await Promise.all([sample(url, '/healthz', {}, quiet), sample(url, appsPath, auth, quiet)]);

    const started = performance.now();
    const csv = bulkCsv(INTERLEAVE_ROWS, 'Interleaved question');
    const response = await fetch(`${url}/api/v1/apps/${APP}/bulk-import`, {
      method: 'POST',
      headers: { ...auth.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'big.csv', content: Buffer.from(csv).toString('base64') }),
    });
    const posted = (await response.json()) as { data?: { job: { id: string } }; message?: string };
    if (!response.ok || !posted.data) throw new Error(`bulk import: ${response.status} ${posted.message}`);
    const jobId = posted.data.job.id;
    const finished = (async () => {
      for (;;) {
        const poll = await fetch(`${url}/api/v1/apps/${APP}/jobs/${jobId}`, auth);
        const { data } = (await poll.json()) as { data: { job: { status: string; errors: string[]; counts: Record<string, number> } } };
        if (!['queued', 'running'].includes(data.job.status)) return data.job;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const [busyHealth, busyApps, job] = await Promise.all([sample(url, '/healthz', {}, finished), sample(url, appsPath, auth, finished), finished]);
    if (job.status !== 'succeeded' || job.counts.created !== INTERLEAVE_ROWS) throw new Error(`the import ended ${job.status}: ${JSON.stringify(job.counts)} ${job.errors.join('; ')}`);
    return {
      database: database.label,
      rows: INTERLEAVE_ROWS,
      importSeconds: (performance.now() - started) / 1000,
      healthz: { idle: figures(idleHealth), importing: figures(busyHealth) },
      apps: { idle: figures(idleApps), importing: figures(busyApps) },
    };
  } finally {
    await server.stop();
    await database.dispose();
  }
}

/** One line per route: idle and importing p95 (and max) side by side. */
export function describeInterleave(result: InterleaveResult): string[] {
  const line = (label: string, f: { idle: LatencyFigures; importing: LatencyFigures }) =>
    `  ${label.padEnd(18)} idle p95 ${f.idle.p95.toFixed(1)} ms (max ${f.idle.max.toFixed(0)}, ${f.idle.requests} req) · ` +
    `importing p95 ${f.importing.p95.toFixed(1)} ms (max ${f.importing.max.toFixed(0)}, ${f.importing.requests} req)`;
  return [
    `API while a ${result.rows.toLocaleString()}-row bulk import runs on ${result.database} (import ${result.importSeconds.toFixed(1)} s):`,
    line('GET /healthz', result.healthz),
    line('GET /api/v1/apps', result.apps),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = [await importInterleaveBench({})];
  if (process.env.DATABASE_URL) runs.push(await importInterleaveBench(process.env));
  for (const run of runs) console.log(describeInterleave(run).join('\n'));
}
