/**
 * A load test (issue 16): 200 simulated users — editors browsing the console's lists and saving their
 * intent, citizens chatting with a published app — whose requests arrive at a fixed rate for 60 s
 * (an open loop: a slow server does not slow the arrivals). Goal: no 5xx, p90 < 500 ms; the load
 * generator's own CPU is reported, since it shares the machine with the server. On the embedded
 * PGlite and, with DATABASE_URL set, on PostgreSQL. Standalone: `node --import tsx
 * tests/bench/user-load-bench.ts [seconds]`; also a section of `npm run bench`.
 */
import http from 'node:http';
import { signInForBench } from './api-latency';
import { benchDatabase } from './bench-database';
import { startBenchServer } from './bench-server';
import { openLoop, send, type BenchAnswer, type LoadFigures, type UserStep } from './load-generator';
import { CHAT_APP, chatHeaders, chatMessage, citizenIp, CITIZEN_QUESTIONS, publishForBench, requestPathEnv, type BenchTarget } from './request-path-bench';

const PASSWORD = 'Civic-bench-Passw0rd';
export const USERS = { editors: 40, citizens: 160 };
/** Each user acts every this many seconds on average: 200 users → 100 requests a second. */
const THINK_SECONDS = 2;
/** A citizen's conversation ends after this many messages and a new one starts (the per-session limit is 20 a minute). */
const MESSAGES_PER_CONVERSATION = 10;
const EDITOR_APPS = ['demo-plus', 'demo-enterprise'];

export interface UserLoadResult {
  database: string;
  users: number;
  ratePerSecond: number;
  all: LoadFigures;
  editors: LoadFigures;
  citizens: LoadFigures;
  /** CPU the server process used, as a share of one core. */
  serverCpu: number;
}

interface SimulatedUser {
  kind: 'editor' | 'citizen';
  busy: boolean;
  next(url: string): UserStep;
}

function json(answer: BenchAnswer): { data?: Record<string, unknown> } {
  try {
    return JSON.parse(answer.body) as { data?: Record<string, unknown> };
  } catch {
    return {};
  }
}

/** A citizen: opens a conversation, asks its questions, and starts another after a while. */
function citizen(n: number): SimulatedUser {
  const ip = citizenIp(50_000 + n);
  let session: string | null = null;
  let asked = 0;
  return {
    kind: 'citizen',
    busy: false,
    next(url) {
      if (!session) {
        return {
          request: { method: 'POST', path: `/api/v1/chat/${CHAT_APP}/sessions`, headers: chatHeaders(url, ip), body: '{}' },
          answered: (answer) => void (session = (json(answer).data?.sessionId as string | undefined) ?? null),
        };
      }
      const id = session;
      asked += 1;
      if (asked % MESSAGES_PER_CONVERSATION === 0) session = null;
      return { request: chatMessage(url, CHAT_APP, { id, ip }, CITIZEN_QUESTIONS[(n + asked) % CITIZEN_QUESTIONS.length]) };
    },
  };
}

/** An editor: the app list, a page of intents, their own intent, the inbox badge, then saves that intent. */
async function editor(url: string, token: string, n: number): Promise<SimulatedUser> {
  const appId = EDITOR_APPS[n % EDITOR_APPS.length];
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const agent = new http.Agent({ keepAlive: false });
  const content = (v: number) => ({
    displayName: `Zz Load editor ${n}`,
    trainingPhrases: [`load test question ${n}`, `how does editor ${n} test the load`].map((text) => ({ type: 'example', parts: [{ text }] })),
    responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [`Answer ${n}, revision ${v}.`] }] }],
  });
  const created = await send(agent, new URL(url), { method: 'POST', path: `/api/v1/apps/${appId}/intents`, headers, body: JSON.stringify(content(0)) });
  agent.destroy();
  if (created.status !== 201) throw new Error(`editor ${n}: intent not created: ${created.status} ${created.body}`);
  const intent = (json(created).data as { intent: { id: string; version: number } }).intent;
  let version = intent.version;
  let step = 0;
  return {
    kind: 'editor',
    busy: false,
    next() {
      step += 1;
      const get = (path: string): UserStep => ({ request: { path, headers } });
      switch (step % 5) {
        case 1:
          return get('/api/v1/apps');
        case 2:
          return get(`/api/v1/apps/${appId}/intents?limit=50`);
        case 3:
          return get(`/api/v1/apps/${appId}/intents/${intent.id}`);
        case 4:
          return get(`/api/v1/apps/${appId}/transcripts/pending-count`);
        default:
          return {
            request: { method: 'PUT', path: `/api/v1/apps/${appId}/intents/${intent.id}`, headers, body: JSON.stringify({ ...content(version), version }) },
            answered: (answer) => {
              const saved = json(answer).data as { intent?: { version: number } } | undefined;
              if (saved?.intent) version = saved.intent.version;
            },
          };
      }
    },
  };
}

/** The next user with nothing in flight, round robin (any user when all are waiting: the arrivals never wait). */
function scheduler(users: SimulatedUser[], url: string, record: (kind: SimulatedUser['kind'], due: number, answer: BenchAnswer) => void) {
  let cursor = 0;
  return (): UserStep => {
    let user = users[cursor % users.length];
    for (let tries = 0; user.busy && tries < users.length; tries += 1) user = users[++cursor % users.length];
    cursor += 1;
    user.busy = true;
    const step = user.next(url);
    const due = performance.now();
    return {
      request: step.request,
      answered: (answer) => {
        user.busy = false;
        record(user.kind, due, answer);
        step.answered?.(answer);
      },
    };
  };
}

export async function userLoadBench(databaseUrl: string | undefined, seconds = 60): Promise<UserLoadResult> {
  const database = await benchDatabase(PASSWORD, { url: databaseUrl });
  try {
    // Editors sign in from one address here: the per-IP limit of the sign-in routes is not what is measured.
    const server = await startBenchServer({ ...requestPathEnv(database.env), CIVIC_AUTH_RATE_LIMIT: '0' });
    try {
      const admin = await signInForBench(server.url, 'admin@demo.gov.sg', PASSWORD);
      await publishForBench(server.url, admin, CHAT_APP);
      const editors: SimulatedUser[] = [];
      for (let n = 0; n < USERS.editors; n += 1) editors.push(await editor(server.url, await signInForBench(server.url, 'editor@demo.gov.sg', PASSWORD), n));
      const citizens = Array.from({ length: USERS.citizens }, (_, n) => citizen(n));
      // Editors and citizens interleaved, one editor to four citizens.
      const users = citizens.flatMap((c, i) => (i % 4 === 0 ? [editors[i / 4], c] : [c]));
      const rate = users.length / THINK_SECONDS;
      const timings: Record<SimulatedUser['kind'], { t: number[]; s: number[] }> = { editor: { t: [], s: [] }, citizen: { t: [], s: [] } };
      const next = scheduler(users, server.url, (kind, due, answer) => {
        timings[kind].t.push(performance.now() - due);
        timings[kind].s.push(answer.status);
      });
      await openLoop('warm-up', server.url, rate, 5, () => next());
      for (const kind of ['editor', 'citizen'] as const) timings[kind] = { t: [], s: [] };
      const cpuBefore = server.cpuSeconds();
      const all = await openLoop(`${users.length} users`, server.url, rate, seconds, () => next());
      const serverCpu = (server.cpuSeconds() - cpuBefore) / all.seconds;
      const part = (kind: SimulatedUser['kind'], label: string) => summariseKind(label, timings[kind], all.seconds);
      return { database: database.label, users: users.length, ratePerSecond: rate, all, editors: part('editor', 'editors'), citizens: part('citizen', 'citizens'), serverCpu };
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
  }
}

function summariseKind(label: string, data: { t: number[]; s: number[] }, seconds: number): LoadFigures {
  const sorted = [...data.t].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const statuses: Record<number, number> = {};
  for (const s of data.s) if (s < 200 || s >= 300) statuses[s] = (statuses[s] ?? 0) + 1;
  return {
    label,
    requests: sorted.length,
    seconds,
    perSecond: sorted.length / seconds,
    p50: at(0.5),
    p90: at(0.9),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    statuses,
    errors: data.s.filter((s) => s < 200 || s >= 300).length,
    serverErrors: data.s.filter((s) => s === 0 || s >= 500).length,
    clientCpu: 0,
  };
}

function line(f: LoadFigures): string {
  const failed = Object.entries(f.statuses).map(([status, n]) => `${n}×${status}`).join(' ');
  return `  ${f.label.padEnd(10)} ${String(f.requests).padStart(5)} req: p50 ${f.p50.toFixed(1)} ms, p90 ${f.p90.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(0)} ms${failed ? `, not 2xx: ${failed}` : ''}`;
}

export function describeUserLoad(result: UserLoadResult): string[] {
  return [
    `${result.users} users (${USERS.editors} editors browsing and saving, ${USERS.citizens} citizens chatting) on ${result.database}, ${result.ratePerSecond} requests/s for ${result.all.seconds.toFixed(0)} s (open loop); ` +
      `load generator CPU ${(result.all.clientCpu * 100).toFixed(0)}% of a core, server ${(result.serverCpu * 100).toFixed(0)}%:`,
    line(result.all),
    line(result.editors),
    line(result.citizens),
  ];
}

export function userLoadTargets(result: UserLoadResult): BenchTarget[] {
  const where = `${result.users} users at ${result.ratePerSecond} req/s for ${result.all.seconds.toFixed(0)} s (${result.database}; generator CPU ${(result.all.clientCpu * 100).toFixed(0)}%)`;
  return [
    { what: `5xx or failed connections, ${where}`, value: String(result.all.serverErrors), target: '0', ok: result.all.serverErrors === 0 },
    { what: `p90, ${where}`, value: `${result.all.p90.toFixed(1)} ms`, target: '< 500 ms', ok: result.all.p90 < 500 },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 60);
  const runs = [await userLoadBench(undefined, seconds)];
  if (process.env.DATABASE_URL) runs.push(await userLoadBench(process.env.DATABASE_URL, seconds));
  for (const run of runs) console.log(describeUserLoad(run).join('\n'));
  console.log('\nTargets:');
  for (const t of runs.flatMap(userLoadTargets)) console.log(`  ${t.ok ? 'MET ' : 'MISS'}  ${t.what}: ${t.value} (${t.target})`);
}
