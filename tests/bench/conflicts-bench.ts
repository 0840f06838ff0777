/**
 * Conflict detection at scale (issue 20): 10,000 intents / 50,000 phrases (tests/bench/conflicts-bench-data.ts,
 * loaded through the bulk import), one detection run: its time from the POST to the finished job, the
 * p99 of `/healthz` (two clients, one request after another) while it runs, and the first page of
 * the grouped report. The server runs in its own process on a fresh data folder (PGlite).
 * Standalone: `node --import tsx tests/bench/conflicts-bench.ts`; also a section of `npm run bench`.
 */
import { signInForBench } from './api-latency';
import { benchDatabase } from './bench-database';
import { startBenchServer } from './bench-server';
import { conflictBenchIntents } from './conflicts-bench-data';

const PASSWORD = 'Civic-bench-Passw0rd';
// The external-engine app: no training starts after the import, so the figures are the detection's.
const APP = 'demo-external';

export interface ConflictsBenchResult {
  intents: number;
  phrases: number;
  seconds: number;
  pairs: number;
  groups: number;
  healthz: { requests: number; p50: number; p99: number; max: number };
  firstPageMs: number;
  firstPageBytes: number;
  /** Seconds in each phase, as the job's polls (every 200 ms) saw them: waiting in the queue, reading phrases, comparing them on the worker thread, writing the pairs. */
  phases: { queued: number; read: number; detect: number; write: number };
  /** CPU seconds of the server process (every thread) from the POST to the finished job: a figure the machine's other load changes less. */
  cpuSeconds: number;
}

const csvField = (value: string) => `"${value.replace(/"/g, '""')}"`;

interface PolledJob {
  status: string;
  progress: number;
  errors: string[];
  counts: Record<string, number>;
}

async function waitForJob(url: string, auth: RequestInit, jobId: string, onPoll?: (job: PolledJob) => void) {
  for (;;) {
    const poll = await fetch(`${url}/api/v1/apps/${APP}/jobs/${jobId}`, auth);
    const { data } = (await poll.json()) as { data: { job: PolledJob } };
    onPoll?.(data.job);
    if (!['queued', 'running'].includes(data.job.status)) return data.job;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function healthzUntil(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const timings: number[] = [];
  const user = async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      timings.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await Promise.all([user(), user()]);
  return timings;
}

export async function conflictsBench(intents = 10_000, perIntent = 5): Promise<ConflictsBenchResult> {
  const database = await benchDatabase(PASSWORD, { url: undefined });
  const server = await startBenchServer({ CIVIC_DEMO_PASSWORD: PASSWORD, CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', CIVIC_AUTH_RATE_LIMIT: '0', LOG_LEVEL: 'error', ...database.env });
  const url = server.url;
  try {
    const token = await signInForBench(url, 'admin@demo.gov.sg', PASSWORD);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const json = { headers: { ...auth.headers, 'content-type': 'application/json' } };
    // The Plus tier allows 1,000 intents: raise it for the bench's app.
    const tier = await fetch(`${url}/api/v1/admin/subscription-tier-limit/Plus`, {
      method: 'PUT',
      ...json,
      body: JSON.stringify({ maxIntents: 1_000_000, maxMembers: 50, maxMonthlySessions: 100_000, analytics: true, categories: true, labels: true, trainingHub: true }),
    });
    if (!tier.ok) throw new Error(`tier limit: ${tier.status} ${await tier.text()}`);
    const data = conflictBenchIntents(intents, perIntent);
    const lines = ['question,variants,answer', ...data.map((intent, i) => [intent.phrases[0], intent.phrases.slice(1).join('|'), `Answer ${i}`].map(csvField).join(','))];
    const imported = await fetch(`${url}/api/v1/apps/${APP}/bulk-import`, { method: 'POST', ...json, body: JSON.stringify({ fileName: 'bench.csv', content: Buffer.from(`${lines.join('\n')}\n`).toString('base64') }) });
    const importBody = (await imported.json()) as { data?: { job: { id: string } }; message?: string };
    if (!importBody.data) throw new Error(`bulk import: ${imported.status} ${importBody.message}`);
    const importJob = await waitForJob(url, auth, importBody.data.job.id);
    if (importJob.status !== 'succeeded') throw new Error(`bulk import ${importJob.status}: ${importJob.errors.join('; ')}`);

    const started = performance.now();
    const cpuBefore = server.cpuSeconds();
    const posted = await fetch(`${url}/api/v1/apps/${APP}/conflicts/run`, { method: 'POST', ...json, body: '{}' });
    const runBody = (await posted.json()) as { data?: { job: { id: string } }; message?: string };
    if (!runBody.data) throw new Error(`conflict run: ${posted.status} ${runBody.message}`);
    // The job's progress marks its phases: 3% once the phrases are read, 90% once they are compared.
    const marks = { running: 0, read: 0, compared: 0 };
    const mark = (name: keyof typeof marks, reached: boolean) => {
      if (reached && !marks[name]) marks[name] = performance.now();
    };
    const finished = waitForJob(url, auth, runBody.data.job.id, (polled) => {
      const ended = !['queued', 'running'].includes(polled.status);
      mark('running', polled.status !== 'queued');
      mark('read', (polled.status === 'running' && polled.progress >= 3) || ended);
      mark('compared', (polled.status === 'running' && polled.progress >= 90) || ended);
    });
    const [timings, job] = await Promise.all([healthzUntil(url, finished), finished]);
    const ended = performance.now();
    const seconds = (ended - started) / 1000;
    const cpuSeconds = server.cpuSeconds() - cpuBefore;
    if (job.status !== 'succeeded') throw new Error(`conflict run ${job.status}: ${job.errors.join('; ')}`);
    const pages: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i += 1) {
      const at = performance.now();
      const page = await fetch(`${url}/api/v1/apps/${APP}/conflicts?limit=50`, auth);
      bytes = (await page.arrayBuffer()).byteLength;
      pages.push(performance.now() - at);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return {
      intents,
      phrases: job.counts.phrases,
      seconds,
      pairs: job.counts.pairs,
      groups: job.counts.groups,
      healthz: { requests: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 },
      firstPageMs: pages[0],
      firstPageBytes: bytes,
      phases: { queued: (marks.running - started) / 1000, read: (marks.read - marks.running) / 1000, detect: (marks.compared - marks.read) / 1000, write: (ended - marks.compared) / 1000 },
      cpuSeconds,
    };
  } finally {
    await server.stop();
    await database.dispose();
  }
}

export function describeConflicts(r: ConflictsBenchResult): string {
  return (
    `Conflict detection, ${r.intents.toLocaleString()} intents / ${r.phrases.toLocaleString()} phrases (PGlite): ${r.seconds.toFixed(1)} s from the POST to the finished job, ` +
    `${r.pairs.toLocaleString()} pairs in ${r.groups.toLocaleString()} intent pairs (queued ${r.phases.queued.toFixed(1)} s, read ${r.phases.read.toFixed(1)} s, compared ${r.phases.detect.toFixed(1)} s, written ${r.phases.write.toFixed(1)} s; server CPU ${r.cpuSeconds.toFixed(1)} s); /healthz meanwhile p50 ${r.healthz.p50.toFixed(1)} ms, p99 ${r.healthz.p99.toFixed(1)} ms, max ${r.healthz.max.toFixed(0)} ms (${r.healthz.requests} req); ` +
    `first page of 50 groups ${r.firstPageMs.toFixed(0)} ms (${(r.firstPageBytes / 1024).toFixed(1)} KiB)`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [intents, perIntent] = process.argv.slice(2).map(Number);
  const result = await conflictsBench(intents || undefined, perIntent || undefined);
  console.log(describeConflicts(result));
  console.log(JSON.stringify(result));
}
