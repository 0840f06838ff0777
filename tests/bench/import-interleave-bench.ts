/**
 * "The embedded database never freezes the API" (issue 14): the p95 of `/healthz` and of one
 * authenticated GET while an agent zip import of 2,400 intents (19,200 phrases) runs and while a
 * 20,000-row bulk import runs, beside the same figures with nothing running, all measured in the same
 * run on the same server (the zip first, while the app's draft is still the demo's). The server runs in its own process on a fresh
 * data folder (PGlite), and on a fresh PostgreSQL database when DATABASE_URL is set. Standalone:
 * `node --import tsx tests/bench/import-interleave-bench.ts`; also a section of `npm run bench`.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { signInForBench } from './api-latency';
import { benchDatabase } from './bench-database';
import { startBenchServer } from './bench-server';
import { bulkCsv } from './bulk-import-bench';

const PASSWORD = 'Civic-bench-Passw0rd';
// The external-engine app: no training starts after the import, so the figure is the import's.
const APP = 'demo-external';
/** Rows imported: 20,000, or CIVIC_BENCH_ROWS (a smaller run on a loaded machine). */
export const INTERLEAVE_ROWS = Number(process.env.CIVIC_BENCH_ROWS ?? 20_000);
/** Intents in the zip import (each with a phrases file: the zip's 5,000 files allow 2,499), or CIVIC_BENCH_ZIP_INTENTS. */
export const ZIP_INTENTS = Number(process.env.CIVIC_BENCH_ZIP_INTENTS ?? 2_400);
const ZIP_PHRASES = 8;
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
  zip: { intents: number; phrases: number; importSeconds: number; healthz: LatencyFigures; apps: LatencyFigures };
}

/** A Dialogflow ES agent zip of `intents` intents, each with ZIP_PHRASES phrases, a category and a label, every 50th a follow-up. */
export function agentZip(intents: number, prefix = 'Zip intent'): Buffer {
  const files: Zippable = { 'agent.json': strToU8(JSON.stringify({ displayName: 'Bench agent', language: 'en' })) };
  for (let i = 0; i < intents; i += 1) {
    const name = `${prefix} ${i}`;
    files[`intents/${name}.json`] = strToU8(
      JSON.stringify({
        id: `intent-${i}`,
        name,
        ...(i % 50 === 49 ? { parentId: `intent-${i - 1}` } : {}),
        responses: [{ messages: [{ type: 0, lang: 'en', speech: `Answer ${i}: apply online, pay the fee and wait for the email.` }] }],
        civic: { categories: [`Category ${i % 20}`], labels: [`label${i % 7}`] },
      }),
    );
    files[`intents/${name}_usersays_en.json`] = strToU8(
      JSON.stringify(Array.from({ length: ZIP_PHRASES }, (_, p) => ({ id: `p${p}`, data: [{ text: `${prefix} ${i} phrase ${p} about permits and fees` }] }))),
    );
  }
  return Buffer.from(zipSync(files, { level: 6 }));
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

    /** Polls the job until it ends (the sampling stops then); throws unless it succeeded. */
    const finish = async (jobId: string) => {
      for (;;) {
        const poll = await fetch(`${url}/api/v1/apps/${APP}/jobs/${jobId}`, auth);
        const { data } = (await poll.json()) as { data: { job: { status: string; errors: string[]; counts: Record<string, number> } } };
        if (data.job.status === 'succeeded') return data.job;
        if (!['queued', 'running'].includes(data.job.status)) throw new Error(`the import ended ${data.job.status}: ${JSON.stringify(data.job.counts)} ${data.job.errors.join('; ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    /** Samples both routes from the POST that starts the import until its job ends. */
    const whileImporting = async (path: string, body: object) => {
      const started = performance.now();
      const posting = (async () => {
        const response = await fetch(`${url}/api/v1/apps/${APP}/${path}`, { method: 'POST', headers: { ...auth.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const posted = (await response.json()) as { data?: { job: { id: string } }; message?: string };
        if (!response.ok || !posted.data) throw new Error(`${path}: ${response.status} ${posted.message}`);
        return finish(posted.data.job.id);
      })();
      const [health, apps, job] = await Promise.all([sample(url, '/healthz', {}, posting), sample(url, appsPath, auth, posting), posting]);
      return { health, apps, job, seconds: (performance.now() - started) / 1000 };
    };

    const zip = await whileImporting('import', { fileName: 'agent.zip', content: agentZip(ZIP_INTENTS).toString('base64'), overwrite: true });
    if (zip.job.counts.intents !== ZIP_INTENTS) throw new Error(`the zip import wrote ${JSON.stringify(zip.job.counts)}`);
    const bulk = await whileImporting('bulk-import', { fileName: 'big.csv', content: Buffer.from(bulkCsv(INTERLEAVE_ROWS, 'Interleaved question')).toString('base64') });
    if (bulk.job.counts.created !== INTERLEAVE_ROWS) throw new Error(`the bulk import wrote ${JSON.stringify(bulk.job.counts)}`);
    return {
      database: database.label,
      rows: INTERLEAVE_ROWS,
      importSeconds: bulk.seconds,
      healthz: { idle: figures(idleHealth), importing: figures(bulk.health) },
      apps: { idle: figures(idleApps), importing: figures(bulk.apps) },
      zip: { intents: ZIP_INTENTS, phrases: ZIP_INTENTS * ZIP_PHRASES, importSeconds: zip.seconds, healthz: figures(zip.health), apps: figures(zip.apps) },
    };
  } finally {
    await server.stop();
    await database.dispose();
  }
}

/** One line per route: idle, zip importing and bulk importing p95 (and max) side by side. */
export function describeInterleave(result: InterleaveResult): string[] {
  const at = (f: LatencyFigures) => `p95 ${f.p95.toFixed(1)} ms (max ${f.max.toFixed(0)}, ${f.requests} req)`;
  const line = (label: string, f: { idle: LatencyFigures; importing: LatencyFigures }, zip: LatencyFigures) =>
    `  ${label.padEnd(18)} idle ${at(f.idle)} · zip importing ${at(zip)} · bulk importing ${at(f.importing)}`;
  return [
    `API on ${result.database} while a zip import of ${result.zip.intents.toLocaleString()} intents / ${result.zip.phrases.toLocaleString()} phrases runs (${result.zip.importSeconds.toFixed(1)} s), ` +
      `then a ${result.rows.toLocaleString()}-row bulk import (${result.importSeconds.toFixed(1)} s):`,
    line('GET /healthz', result.healthz, result.zip.healthz),
    line('GET /api/v1/apps', result.apps, result.zip.apps),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = [await importInterleaveBench({})];
  if (process.env.DATABASE_URL) runs.push(await importInterleaveBench(process.env));
  for (const run of runs) console.log(describeInterleave(run).join('\n'));
}
