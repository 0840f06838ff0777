/**
 * A console server process for a bench: the real entry point (host/server/main.ts) on a fresh data
 * folder and free port, with the given environment (a bench database's, switches), waited for until
 * ready; `stop()` ends it with SIGTERM as a deployment would. Its logs go nowhere, but it logs at the
 * given level, so their cost is counted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/server';

const ROOT = join(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  pid: number;
  /** CPU seconds the server process has used so far (from /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'civic-bench-'));
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'host/server/main.ts'], {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', CIVIC_DATA_DIR: dataDir, CIVIC_PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors = (errors + chunk).slice(-8000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench server exited ${child.exitCode}: ${errors}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bench server not ready: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid ?? 0,
    cpuSeconds: () => processCpuSeconds(child.pid ?? 0),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** utime + stime of a process, in seconds (Linux /proc; 0 elsewhere). */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
