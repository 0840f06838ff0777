import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import got, { type Got } from 'got';

const ROOT = join(import.meta.dirname, '../..');

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The real server (host/server/main.ts) in a child process, for tests that kill, stop or pair servers. */
export interface ServerProcess {
  url: string;
  /** Got on the server's origin: JSON, no retries, no throwing on 4xx/5xx. */
  http: Got;
  process: ChildProcess;
  /** What the process wrote to stderr (and stdout, when asked for), for failure messages and log checks. */
  output(): string;
}

export interface ServerProcessOptions {
  /** The port to listen on; a free one when not given (a restart passes the first start's). */
  port?: number;
  /** Keep stdout too (`LOG_LEVEL` info or debug lines go there). */
  stdout?: boolean;
  readyWithinMs?: number;
}

/**
 * Starts the real entry point from its sources with `env` (plus PORT, HOST and, unless given,
 * CIVIC_PUBLIC_URL) and waits for /readyz. The caller owns the process: kill it when done.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'host/server/main.ts'], {
    cwd: ROOT,
    env: { CIVIC_PUBLIC_URL: url, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (chunk) => (output += chunk));
  proc.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + (options.readyWithinMs ?? 120_000);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output.slice(-4_000)}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server not ready: ${output.slice(-4_000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const http = got.extend({ prefixUrl: url, throwHttpErrors: false, retry: { limit: 0 }, responseType: 'json' });
  return { url, http, process: proc, output: () => output };
}

/** The environment without DATABASE_URL: a child on the embedded database whatever the suite runs on. */
export function embeddedEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return { ...inherited, ...extra };
}
