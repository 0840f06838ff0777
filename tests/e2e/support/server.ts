import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/server-process';

const ROOT = join(import.meta.dirname, '../../..');
/** The prebuilt server that `npm start` runs (made by `npm run build`). */
export const SERVER_BUNDLE = join(ROOT, 'dist/server/main.mjs');
export const E2E_PASSWORD = 'Civic-e2e-Passw0rd';

export interface RunningConsole {
  url: string;
  /** The server process's id (benchmarks read its memory). */
  pid: number;
  stop(): Promise<void>;
  output(): string;
}


export { freePort };

export interface StartConsoleOptions {
  /** Run the prebuilt server bundle, as `npm start` does, instead of the TypeScript sources under tsx. */
  bundle?: boolean;
}

/**
 * Starts the console as `npm start` does (the real server, embedded database, built console from
 * dist/web), on a fresh data folder and a free port (or `env.PORT`, when something must know the
 * address first, e.g. an IdP's redirect URI), and waits until it is ready. The server runs from its
 * sources (what was just edited) unless `bundle` asks for the build's server bundle.
 */
export async function startConsole(env: Record<string, string> = {}, options: StartConsoleOptions = {}): Promise<RunningConsole> {
  if (options.bundle && !existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'civic-e2e-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // The embedded database unless the caller names one: an inherited DATABASE_URL is not ours.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const childEnv: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    CIVIC_DATA_DIR: dataDir,
    CIVIC_PUBLIC_URL: `http://127.0.0.1:${port}`,
    CIVIC_DEMO_PASSWORD: E2E_PASSWORD,
    LOG_LEVEL: 'warn',
    // The suites sign in many times a minute from one address; the limit itself has API tests.
    CIVIC_AUTH_RATE_LIMIT: '0',
    // The suites expect the demo apps unpublished (first publish, "not published yet"); a suite of
    // the published demo passes CIVIC_DEMO_PUBLISHED = on, the deployment default.
    CIVIC_DEMO_PUBLISHED: 'off',
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, options.bundle ? [SERVER_BUNDLE] : ['--import', 'tsx', 'host/server/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // A machine busy with other work may need longer: E2E_READY_TIMEOUT_MS (default 60 s).
  const readyMs = Number(process.env.E2E_READY_TIMEOUT_MS) || 60_000;
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The console exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The console did not get ready in ${readyMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
