/**
 * Cold start as `npm start` runs it (the prebuilt server bundle, built console): from spawning the
 * process to /readyz answering, on a fresh embedded database (migrations and demo seed included) and on
 * a restart of the same data folder; on PostgreSQL (DATABASE_URL) on a fresh, empty database and its
 * restart. The server's resident memory is read from /proc once it is ready and after a short idle;
 * its CPU time (all threads) when ready, which a busy machine inflates less than the wall time.
 *
 *   node --import tsx tests/bench/startup-bench.ts     (needs `npm run build`)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PASSWORD, startConsole } from '../e2e/support/server';
import { admin } from './bench-database';

export const COLD_START_GOAL_MS = 5000;
export const RSS_GOAL_MB = 400;

export interface StartupRun {
  label: string;
  readyMs: number;
  /** CPU seconds the server process spent until ready (user + system, every thread). */
  cpuS: number;
  rssMb: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

function cpuSeconds(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function startOnce(label: string, env: Record<string, string>): Promise<StartupRun> {
  const started = performance.now();
  const running = await startConsole({ LOG_LEVEL: 'error', CIVIC_DEMO_PASSWORD: E2E_PASSWORD, ...env }, { bundle: true });
  const readyMs = performance.now() - started;
  try {
    const cpuS = cpuSeconds(running.pid);
    const atReady = rssMb(running.pid);
    await new Promise((r) => setTimeout(r, 5000));
    return { label, readyMs, cpuS, rssMb: Math.max(atReady, rssMb(running.pid)) };
  } finally {
    await running.stop();
  }
}

export async function startupBench(databaseUrl = process.env.DATABASE_URL): Promise<StartupRun[]> {
  const runs: StartupRun[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'civic-startup-'));
  try {
    runs.push(await startOnce('PGlite, fresh data folder (migrate + demo seed)', { CIVIC_DATA_DIR: dataDir }));
    runs.push(await startOnce('PGlite, restart', { CIVIC_DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (databaseUrl) {
    const name = `civic_start_${randomBytes(5).toString('hex')}`;
    await admin(databaseUrl, `create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    try {
      const env = { DATABASE_URL: url.toString(), CIVIC_EPHEMERAL_KEYS: '1' };
      runs.push(await startOnce('PostgreSQL, empty database (migrate)', env));
      runs.push(await startOnce('PostgreSQL, restart', env));
    } finally {
      await admin(databaseUrl, `drop database if exists ${name} with (force)`);
    }
  }
  return runs;
}

export function describeStartup(runs: StartupRun[]): string[] {
  return [
    'Cold start (spawn → /readyz) and server RSS after start:',
    ...runs.map((r) => `  ${r.label.padEnd(50)} ${(r.readyMs / 1000).toFixed(2)} s (CPU ${r.cpuS.toFixed(2)} s), RSS ${r.rssMb.toFixed(0)} MB`),
  ];
}

export function startupTargets(runs: StartupRun[]): Array<{ what: string; value: string; target: string; ok: boolean }> {
  return runs.flatMap((r) => [
    { what: `cold start: ${r.label}`, value: `${(r.readyMs / 1000).toFixed(2)} s`, target: '≤ 5 s', ok: r.readyMs <= COLD_START_GOAL_MS },
    { what: `server RSS after start: ${r.label}`, value: `${r.rssMb.toFixed(0)} MB`, target: `≤ ${RSS_GOAL_MB} MB`, ok: r.rssMb <= RSS_GOAL_MB },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeStartup(await startupBench()).join('\n'));
}
