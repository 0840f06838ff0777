/**
 * The request path (issue 16): at 32 connections, `GET /api/v1/auth/me` and a citizen's chat message
 * (the public chat API of a published demo app), each beside a bare Fastify route from the same
 * node_modules measured in the same run, on the embedded PGlite and, with DATABASE_URL set, on
 * PostgreSQL. Standalone: `node --import tsx tests/bench/request-path-bench.ts`; also a section of
 * `npm run bench`.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { signInForBench } from './api-latency';
import { benchDatabase } from './bench-database';
import { startBenchServer, type BenchServer } from './bench-server';
import { closedLoop, send, type BenchRequest, type LoadFigures } from './load-generator';

const ROOT = join(import.meta.dirname, '../..');
const PASSWORD = 'Civic-bench-Passw0rd';
const CONNECTIONS = 32;
/** The demo app whose published version citizens chat with. */
export const CHAT_APP = 'demo-enterprise';
/** Messages per chat session, well under the per-session limit of 20 a minute. */
const MESSAGES_PER_SESSION = 10;
export const CITIZEN_QUESTIONS = [
  'how do I renew my passport',
  'where can I pay a parking fine',
  'when is the rubbish collected',
  'I lost my identity card',
  'how do I apply for a grant',
  'what are your opening hours',
  'hello',
  'can I change my address online',
];

export interface BenchTarget {
  what: string;
  value: string;
  target: string;
  ok: boolean;
}

export interface RequestPathResult {
  database: string;
  bare: LoadFigures;
  me: LoadFigures;
  chatBare: LoadFigures;
  chat: LoadFigures;
}

/** Starts the bare Fastify baseline in its own process. */
async function startBare(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-fastify-server.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${line.trim()}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function bareFigures(label: string, requests: number): Promise<LoadFigures> {
  const bare = await startBare();
  try {
    await closedLoop('warm-up', bare.url, CONNECTIONS, 2000, () => ({ path: '/bare' }));
    return await closedLoop(label, bare.url, CONNECTIONS, requests, () => ({ path: '/bare' }));
  } finally {
    await bare.stop();
  }
}

/** A simulated citizen's address: the server trusts the loopback proxy's X-Forwarded-For. */
export function citizenIp(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Publishes the app's draft through the API and waits for the job to finish. */
export async function publishForBench(url: string, token: string, appId: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: false });
  const base = new URL(url);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const posted = await send(agent, base, { method: 'POST', path: `/api/v1/apps/${appId}/publishing/publish`, headers, body: JSON.stringify({ note: 'bench release' }) });
  if (posted.status !== 202) throw new Error(`publish: ${posted.status} ${posted.body}`);
  const jobId = (JSON.parse(posted.body) as { data: { job: { id: string } } }).data.job.id;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const polled = await send(agent, base, { path: `/api/v1/apps/${appId}/jobs/${jobId}`, headers });
    const status = (JSON.parse(polled.body) as { data: { job: { status: string } } }).data.job.status;
    if (status === 'succeeded') return;
    if (status !== 'queued' && status !== 'running') throw new Error(`publish job ended ${status}`);
    if (Date.now() > deadline) throw new Error('publish job did not finish in 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Opens a chat session for the citizen at `ip` (production environment); returns its id. */
export async function startChat(url: string, appId: string, ip: string, agent: http.Agent): Promise<string> {
  const answer = await send(agent, new URL(url), { method: 'POST', path: `/api/v1/chat/${appId}/sessions`, headers: chatHeaders(url, ip), body: '{}' });
  if (answer.status !== 201) throw new Error(`chat session: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { data: { sessionId: string } }).data.sessionId;
}

export function chatHeaders(url: string, ip: string): Record<string, string> {
  return { 'content-type': 'application/json', origin: url, 'x-forwarded-for': ip };
}

export function chatMessage(url: string, appId: string, session: { id: string; ip: string }, text: string): BenchRequest {
  return { method: 'POST', path: `/api/v1/chat/${appId}/sessions/${session.id}/messages`, headers: chatHeaders(url, session.ip), body: JSON.stringify({ text }) };
}

/** `count` chat messages spread over fresh sessions, each from its own address (so no limit is hit). */
async function chatFigures(server: BenchServer, label: string, count: number, firstIp: number): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const sessions: Array<{ id: string; ip: string }> = [];
  const wanted = Math.ceil(count / MESSAGES_PER_SESSION);
  for (let n = 0; n < wanted; n += 8) {
    const batch = Array.from({ length: Math.min(8, wanted - n) }, (_, k) => citizenIp(firstIp + n + k));
    sessions.push(...(await Promise.all(batch.map(async (ip) => ({ id: await startChat(server.url, CHAT_APP, ip, agent), ip })))));
  }
  agent.destroy();
  return closedLoop(label, server.url, CONNECTIONS, count, (i) => chatMessage(server.url, CHAT_APP, sessions[i % sessions.length], CITIZEN_QUESTIONS[i % CITIZEN_QUESTIONS.length]));
}

/** The server's environment for request-path benches: production defaults (info logs), no captcha or OTP step. */
export function requestPathEnv(databaseEnv: Record<string, string>): Record<string, string> {
  return {
    CIVIC_DEMO_PASSWORD: PASSWORD,
    CIVIC_TWO_FACTOR: 'off',
    CIVIC_CAPTCHA: 'off',
    // Simulated citizens come from many addresses through a "proxy" on loopback.
    CIVIC_TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...databaseEnv,
  };
}

export async function requestPathBench(databaseUrl: string | undefined): Promise<RequestPathResult> {
  const database = await benchDatabase(PASSWORD, { url: databaseUrl });
  try {
    const server = await startBenchServer(requestPathEnv(database.env));
    try {
      const token = await signInForBench(server.url, 'admin@demo.gov.sg', PASSWORD);
      const me = () => ({ path: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
      await closedLoop('warm-up', server.url, CONNECTIONS, 1000, me);
      const bare = await bareFigures('bare Fastify GET', 8000);
      const meFigures = await closedLoop('GET /api/v1/auth/me', server.url, CONNECTIONS, 4000, me);

      await publishForBench(server.url, token, CHAT_APP);
      await chatFigures(server, 'warm-up', 400, 1);
      const chatBare = await bareFigures('bare Fastify GET', 8000);
      const chat = await chatFigures(server, 'POST chat message', 3000, 10_000);
      return { database: database.label, bare, me: meFigures, chatBare, chat };
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

function line(f: LoadFigures): string {
  const failed = Object.entries(f.statuses).map(([status, n]) => `${n}×${status}`).join(' ');
  return `  ${f.label.padEnd(22)} ${f.requests} req, c=${CONNECTIONS}: ${f.perSecond.toFixed(0).padStart(6)} req/s, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms${failed ? `, not 2xx: ${failed}` : ''}`;
}

export function describeRequestPath(result: RequestPathResult): string[] {
  const share = (result.me.perSecond / result.bare.perSecond) * 100;
  return [
    `The request path on ${result.database} (server and load generator share the machine's cores):`,
    line(result.bare),
    `${line(result.me)} = ${share.toFixed(1)}% of bare (goal ≥ 20%, p95 ≤ 25 ms on PostgreSQL)`,
    line(result.chatBare),
    `${line(result.chat)} (goal p95 ≤ ${result.database === 'PostgreSQL' ? 50 : 100} ms)`,
  ];
}

export function requestPathTargets(result: RequestPathResult): BenchTarget[] {
  const share = result.me.perSecond / result.bare.perSecond;
  const onPostgres = result.database === 'PostgreSQL';
  const targets: BenchTarget[] = [];
  if (onPostgres) {
    targets.push({ what: 'GET /auth/me throughput at 32 connections, share of bare Fastify (PostgreSQL)', value: `${(share * 100).toFixed(1)}% (${result.me.perSecond.toFixed(0)} of ${result.bare.perSecond.toFixed(0)} req/s)`, target: '≥ 20%', ok: share >= 0.2 && result.me.errors === 0 });
    targets.push({ what: 'GET /auth/me p95 at 32 connections (PostgreSQL)', value: `${result.me.p95.toFixed(1)} ms`, target: '≤ 25 ms', ok: result.me.p95 <= 25 && result.me.errors === 0 });
  }
  const limit = onPostgres ? 50 : 100;
  targets.push({ what: `citizen chat message p95 at 32 connections (${result.database})`, value: `${result.chat.p95.toFixed(1)} ms (bare Fastify p95 ${result.chatBare.p95.toFixed(1)} ms)`, target: `≤ ${limit} ms`, ok: result.chat.p95 <= limit && result.chat.errors === 0 });
  return targets;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = [await requestPathBench(undefined)];
  if (process.env.DATABASE_URL) runs.push(await requestPathBench(process.env.DATABASE_URL));
  for (const run of runs) console.log(describeRequestPath(run).join('\n'));
  console.log('\nTargets:');
  for (const t of runs.flatMap(requestPathTargets)) console.log(`  ${t.ok ? 'MET ' : 'MISS'}  ${t.what}: ${t.value} (${t.target})`);
}
