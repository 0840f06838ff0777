/**
 * A console server in a process of its own for a benchmark, on a fresh data folder (or a fresh
 * PostgreSQL database with DATABASE_URL): its resident memory is then the benchmark's and nothing else's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/server';
import { benchDatabase } from './bench-database';

const ROOT = join(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  pid: number;
  database: string;
  stop(): Promise<void>;
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resident memory of a process and every process it started (worker processes such as the PDF reader). */
export function treeRssMb(pid: number): number {
  let total = 0;
  try {
    total = rssMb(pid);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) total += treeRssMb(Number(child));
    }
  } catch {
    // a process that ended while it was being read counts for nothing
  }
  return total;
}

export async function startBenchServer(password: string, name: string): Promise<BenchServer> {
  const database = await benchDatabase(password);
  const dataDir = mkdtempSync(join(tmpdir(), `civic-bench-${name}-`));
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
      CIVIC_DEMO_PASSWORD: password,
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
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.dispose();
  };
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`server not ready: ${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? 0, database: database.label, stop };
}
