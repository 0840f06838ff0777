/**
 * The bench's own HTTP load generator: node:http over a keep-alive agent (no dependency), loopback
 * only. Two shapes: a closed loop (N connections, each sending its next request when the last
 * answered: throughput and latency at a concurrency) and an open loop (requests started at a fixed
 * arrival rate whatever the answers: latency as users would see it when the server falls behind).
 */
import http from 'node:http';

export interface BenchRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  label: string;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers that were not 2xx, by status (0: the connection failed). */
  statuses: Record<number, number>;
  errors: number;
  serverErrors: number;
  /** CPU the load generator (this process) spent, as a share of one core. */
  clientCpu: number;
}

export interface BenchAnswer {
  status: number;
  body: string;
}

function assertLoopback(baseUrl: string): URL {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error('benchmarks only load loopback servers');
  return url;
}

/** One request over the agent; resolves with the status and body text (never rejects: status 0). */
export function send(agent: http.Agent, base: URL, request: BenchRequest): Promise<BenchAnswer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const req = http.request({ agent, host: base.hostname, port: base.port, method: request.method ?? 'GET', path: request.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: 0, body: '' }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Figures of a run from its timings and statuses. */
export function summarise(label: string, timings: number[], statuses: number[], seconds: number, cpuMicros: number): LoadFigures {
  const sorted = [...timings].sort((a, b) => a - b);
  const byStatus: Record<number, number> = {};
  for (const status of statuses) if (status < 200 || status >= 300) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return {
    label,
    requests: sorted.length,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    statuses: byStatus,
    errors: statuses.filter((s) => s < 200 || s >= 300).length,
    serverErrors: statuses.filter((s) => s === 0 || s >= 500).length,
    clientCpu: cpuMicros / 1000 / (seconds * 1000),
  };
}

/**
 * Closed loop: `connections` workers share `requests` calls, each worker sending its next request as
 * soon as the previous one answered. `request(i)` builds the i-th request.
 */
export async function closedLoop(label: string, baseUrl: string, connections: number, requests: number, request: (i: number) => BenchRequest): Promise<LoadFigures> {
  const base = assertLoopback(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const timings: number[] = [];
  const statuses: number[] = [];
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      const i = next;
      next += 1;
      const t0 = performance.now();
      const answer = await send(agent, base, request(i));
      timings.push(performance.now() - t0);
      statuses.push(answer.status);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  return summarise(label, timings, statuses, seconds, used.user + used.system);
}

/** What an open loop sends next: a request, and what to do with its answer (a user's next step). */
export interface UserStep {
  request: BenchRequest;
  answered?(answer: BenchAnswer): void;
}

/**
 * Open loop: `ratePerSecond` requests started at evenly spaced times for `seconds`, whatever the
 * answers (the server falling behind does not slow the arrivals). `next(i)` builds the i-th. Each
 * request's time runs from when it was due, not when it was sent: a late generator counts too.
 */
export async function openLoop(label: string, baseUrl: string, ratePerSecond: number, seconds: number, next: (i: number) => UserStep): Promise<LoadFigures> {
  const base = assertLoopback(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(ratePerSecond * seconds);
  const timings: number[] = [];
  const statuses: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const step = next(i);
    inFlight.push(
      send(agent, base, step.request).then((answer) => {
        timings.push(performance.now() - due);
        statuses.push(answer.status);
        step.answered?.(answer);
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  return summarise(label, timings, statuses, elapsed, used.user + used.system);
}
